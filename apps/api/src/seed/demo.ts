import { count, gte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isCustomerRole, type CustomerTeamRole } from '@grove/shared';
import type { Db } from '../db/client.js';
import { branches, customerTeam, customerUsers, customers, outbox, regions, users } from '../db/schema.js';
import { hashPassword } from '../domains/auth/passwords.js';
import type { FileStore } from '../domains/files/index.js';
import { demoFiles } from './demo-files.js';
import { modules } from '../modules/catalog.js';
import type { DomainModule } from '../modules/domain-module.js';
import {
  DEMO_BRANCHES,
  DEMO_CUSTOMERS,
  DEMO_CUSTOMER_USERS,
  DEMO_REGIONS,
  DEMO_STAFF,
  contractOf,
  serviceDaysOf,
  type DemoPerson,
} from './demo-data.js';

export { DEMO_EMAIL_DOMAIN, demoEmail } from './demo-data.js';
export { DEMO_REGISTRATION_CODES } from './demo-data.js';

function lookup<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo data: unknown ${what} "${key}"`);
  return value;
}

function userValues(person: DemoPerson, passwordHash: string) {
  return {
    username: person.email,
    email: person.email,
    passwordHash,
    firstName: person.firstName,
    lastName: person.lastName,
    title: person.title,
    phone: person.phone,
    roles: person.roles,
  };
}

/** Modules with demo data, each after the modules its `demoSeed.after` names and `last` ones at the end (registry order otherwise). */
export function seedOrder(all: readonly DomainModule[]): DomainModule[] {
  const seeding = [...all.filter((module) => module.demoSeed && !module.demoSeed.last), ...all.filter((module) => module.demoSeed?.last)];
  const names = new Set(seeding.map((module) => module.name));
  const done = new Set<string>();
  const order: DomainModule[] = [];
  while (order.length < seeding.length) {
    const ready = seeding.find(
      (module) =>
        !done.has(module.name) &&
        (module.demoSeed!.after ?? []).every((name) => done.has(name) || !names.has(name)) &&
        (!module.demoSeed!.last || seeding.every((other) => other.demoSeed!.last || done.has(other.name))),
    );
    if (!ready) throw new Error(`demo seed: the modules ${seeding.filter((m) => !done.has(m.name)).map((m) => m.name).join(', ')} wait for each other`);
    done.add(ready.name);
    order.push(ready);
  }
  return order;
}

/**
 * Seeds the demo company (seed/demo-data.ts) into an empty database, in one transaction. Returns
 * false, doing nothing, when there already are users. Every demo user gets the same password,
 * hashed once. With `files`, demo photos and documents are stored too (seed/demo-files.ts).
 */
export async function seedDemoData(db: Db, options: { password: string; log: FastifyBaseLogger; files?: FileStore }): Promise<boolean> {
  const hasUsers = async (client: Pick<Db, 'select'>) => ((await client.select({ n: count() }).from(users))[0]?.n ?? 0) > 0;
  if (await hasUsers(db)) return false;
  const passwordHash = await hashPassword(options.password);

  const seeded = await db.transaction(async (tx) => {
    // Checked again inside the transaction: another process may have seeded meanwhile.
    if (await hasUsers(tx)) return false;

    const regionRows = await tx
      .insert(regions)
      .values(DEMO_REGIONS.map((region) => ({ name: region.name })))
      .returning({ id: regions.id, name: regions.name });
    const regionIds = new Map(DEMO_REGIONS.map((region) => [region.key as string, regionRows.find((row) => row.name === region.name)!.id]));

    const branchRows = await tx
      .insert(branches)
      .values(DEMO_BRANCHES.map((branch) => ({ name: branch.name, timeZone: branch.timeZone, regionId: lookup(regionIds, branch.region, 'region') })))
      .returning({ id: branches.id, name: branches.name, regionId: branches.regionId });
    const branchByKey = new Map(DEMO_BRANCHES.map((branch) => [branch.key as string, branchRows.find((row) => row.name === branch.name)!]));

    const staffRows = await tx
      .insert(users)
      .values(
        DEMO_STAFF.map((staff) => ({
          ...userValues(staff, passwordHash),
          regionId: staff.region ? lookup(regionIds, staff.region, 'region') : staff.branch ? lookup(branchByKey, staff.branch, 'branch').regionId : null,
          branchId: staff.branch ? lookup(branchByKey, staff.branch, 'branch').id : null,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const staffIds = new Map(DEMO_STAFF.map((staff) => [staff.key, staffRows.find((row) => row.email === staff.email)!.id]));

    const customerRows = await tx
      .insert(customers)
      .values(
        DEMO_CUSTOMERS.map((customer, index) => {
          const branch = lookup(branchByKey, customer.branch, 'branch');
          return {
            name: customer.name,
            accountNumber: customer.accountNumber,
            type: customer.type,
            status: customer.status,
            addressLine1: customer.addressLine1,
            addressLine2: customer.addressLine2 ?? null,
            city: customer.city,
            state: customer.state,
            postalCode: customer.postalCode,
            latitude: customer.latitude,
            longitude: customer.longitude,
            regionId: branch.regionId,
            branchId: branch.id,
            accountManagerId: customer.manager ? lookup(staffIds, customer.manager, 'staff member') : null,
            ...contractOf(index, customer.status),
            serviceDays: customer.status === 'prospect' ? [] : serviceDaysOf(index),
            propertySizeAcres: customer.acres,
            notes: customer.notes ?? null,
          };
        }),
      )
      .returning({ id: customers.id, accountNumber: customers.accountNumber });
    const customerIds = new Map(
      DEMO_CUSTOMERS.map((customer) => [customer.key, customerRows.find((row) => row.accountNumber === customer.accountNumber)!.id]),
    );

    const team = DEMO_CUSTOMERS.flatMap((customer) => {
      const customerId = lookup(customerIds, customer.key, 'customer');
      const members: [string, CustomerTeamRole][] = customer.manager ? [[customer.manager, 'Account Manager'], ...customer.team] : customer.team;
      return members.map(([staffKey, teamRole]) => ({ customerId, userId: lookup(staffIds, staffKey, 'staff member'), teamRole }));
    });
    if (team.length) await tx.insert(customerTeam).values(team);

    const contactRows = await tx
      .insert(users)
      .values(DEMO_CUSTOMER_USERS.map((contact) => userValues(contact, passwordHash)))
      .returning({ id: users.id, email: users.email });
    const links = DEMO_CUSTOMER_USERS.flatMap((contact) => {
      const userId = contactRows.find((row) => row.email === contact.email)!.id;
      // The roles at each customer (docs/decisions/007-per-customer-roles.md): here the person's customer-side roles.
      const roles = contact.roles.filter(isCustomerRole);
      return contact.customers.map((key) => ({ customerId: lookup(customerIds, key, 'customer'), userId, status: 'active' as const, roles }));
    });
    await tx.insert(customerUsers).values(links);
    // Then each module's demo data, in the order their `after` lists ask for.
    for (const module of seedOrder(modules())) await module.demoSeed!.run(tx, { customerIds, staffIds, passwordHash, files: demoFiles(tx, options.files) });
    // Demo data sends no email: the notification emails its requests queued are dropped. Only this
    // transaction's rows go (now() is its start; with no users yet nothing else writes the outbox).
    await tx.delete(outbox).where(gte(outbox.createdAt, sql`now()`));

    options.log.info(
      { regions: regionRows.length, branches: branchRows.length, staff: staffRows.length, customers: customerRows.length, customerUsers: contactRows.length },
      'seeding demo company',
    );
    return true;
  });
  return seeded;
}
