import { geometryArea, type ZoneGeometry, type ZoneKind } from '@grove/shared';
import type { Tx } from '../../db/client.js';
import { customerSettings, customerUsers, customerZones, users } from '../../db/schema.js';
import { DEMO_CUSTOMERS, DEMO_EMAIL_DOMAIN, DEMO_REGISTRATION_CODES } from '../../seed/demo-data.js';

/*
 * Issue 4 demo data: customer settings (self-registration with fixed, documented codes), map zones
 * around a few properties, and portal users in the other states: invited (no password yet) and
 * residents waiting for approval (they cannot sign in until a property manager approves them).
 */



const SETTINGS: { customer: string; boardMembersManagePortal: boolean }[] = [
  { customer: 'whitlock', boardMembersManagePortal: true },
  { customer: 'brookstone', boardMembersManagePortal: false },
];

/** A rectangle of `w` × `h` degrees whose south-west corner is `dx`, `dy` degrees from the property's pin. */
function rectangle(lon: number, lat: number, dx: number, dy: number, w: number, h: number): ZoneGeometry {
  const [x, y] = [lon + dx, lat + dy];
  return { type: 'Polygon', coordinates: [[[x, y], [x + w, y], [x + w, y + h], [x, y + h], [x, y]]] };
}

const ZONES: { customer: string; name: string; kind: ZoneKind; color: string; at: [number, number, number, number] }[] = [
  { customer: 'whitlock', name: 'Clubhouse lawn', kind: 'turf', color: '#3a9d23', at: [-0.0012, -0.0008, 0.0009, 0.0006] },
  { customer: 'whitlock', name: 'Entrance beds', kind: 'bed', color: '#c2571a', at: [0.0002, -0.0011, 0.0004, 0.0002] },
  { customer: 'whitlock', name: 'Irrigation zone 1', kind: 'irrigation_zone', color: '#1f77b4', at: [-0.0012, 0.0001, 0.0012, 0.0007] },
  { customer: 'whitlock', name: 'Pond buffer (no mowing)', kind: 'no_touch', color: '#d62728', at: [0.0006, 0.0003, 0.0005, 0.0004] },
  { customer: 'brookstone', name: 'Front entrance turf', kind: 'turf', color: '#3a9d23', at: [-0.0008, -0.0006, 0.001, 0.0005] },
  { customer: 'brookstone', name: 'Monument sign bed', kind: 'bed', color: '#c2571a', at: [0.0003, -0.0004, 0.0003, 0.0002] },
  { customer: 'kennesaw', name: 'Parking islands', kind: 'bed', color: '#8c564b', at: [-0.0006, -0.0003, 0.0012, 0.0003] },
];

const demoAddress = (first: string, last: string) => `${first}.${last}@${DEMO_EMAIL_DOMAIN}`.toLowerCase();

/** People waiting: invited (password null, link active) or registered residents pending approval. */
const PEOPLE: { first: string; last: string; customer: string; roles: string[]; state: 'invited' | 'pending'; unit?: string }[] = [
  { first: 'Lena', last: 'Fischer', customer: 'whitlock', roles: ['Resident'], state: 'invited', unit: '31 Ridge Ct' },
  { first: 'Dev', last: 'Patel', customer: 'brookstone', roles: ['Board Member'], state: 'invited' },
  { first: 'Marco', last: 'Silva', customer: 'whitlock', roles: ['Resident'], state: 'pending', unit: '22 Ridge Ct' },
  { first: 'Hana', last: 'Sato', customer: 'brookstone', roles: ['Tenant/Resident'], state: 'pending', unit: '4712 Brookstone Dr, Apt 3' },
];

export async function seedDemoPortal(tx: Tx, customerIds: ReadonlyMap<string, string>, passwordHash: string): Promise<void> {
  const idOf = (key: string) => {
    const id = customerIds.get(key);
    if (!id) throw new Error(`demo data: unknown customer "${key}"`);
    return id;
  };
  await tx.insert(customerSettings).values(
    SETTINGS.map((s) => ({
      customerId: idOf(s.customer),
      selfRegistrationEnabled: true,
      registrationCode: DEMO_REGISTRATION_CODES[s.customer]!,
      boardMembersManagePortal: s.boardMembersManagePortal,
    })),
  );

  const pins = new Map(DEMO_CUSTOMERS.map((c) => [c.key, [c.longitude, c.latitude] as const]));
  await tx.insert(customerZones).values(
    ZONES.map((zone) => {
      const [lon, lat] = pins.get(zone.customer)!;
      const geometry = rectangle(lon, lat, ...zone.at);
      return { customerId: idOf(zone.customer), name: zone.name, kind: zone.kind, color: zone.color, geometry, areaSqM: geometryArea(geometry) };
    }),
  );

  for (const person of PEOPLE) {
    const email = demoAddress(person.first, person.last);
    const [user] = await tx
      .insert(users)
      .values({
        username: email,
        email,
        firstName: person.first,
        lastName: person.last,
        roles: person.roles,
        // Invited people have no password yet; pending residents chose one when registering.
        passwordHash: person.state === 'pending' ? passwordHash : null,
        active: person.state !== 'pending',
      })
      .returning({ id: users.id });
    await tx.insert(customerUsers).values({
      customerId: idOf(person.customer),
      userId: user!.id,
      roles: person.roles,
      unit: person.unit ?? null,
      status: person.state === 'pending' ? 'pending_approval' : 'active',
    });
  }
}
