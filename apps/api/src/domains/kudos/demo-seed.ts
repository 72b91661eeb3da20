import { eq, inArray } from 'drizzle-orm';
import type { KudosCategory } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customers, users } from '../../db/schema.js';
import { kudos } from './tables.js';

const d = (local: string) => `${local}@demo.grove.test`;

const DEMO_KUDOS: { customer: string; from: string; to: string | null; category: KudosCategory; message: string; daysAgo: number }[] = [
  { customer: 'MAR-1001', from: d('resident'), to: d('crew-leader'), category: 'friendliness', message: 'Luis always waves to the kids at the bus stop and keeps the sidewalk clear for them. Thank you!', daysAgo: 12 },
  { customer: 'MAR-1001', from: d('board-member'), to: null, category: 'above_and_beyond', message: 'The entrance looked perfect for our community picnic. The whole board noticed.', daysAgo: 5 },
  { customer: 'MAR-1001', from: d('property-manager'), to: d('account-manager'), category: 'responsiveness', message: 'Jordan answered within the hour when the irrigation main broke on a Sunday.', daysAgo: 30 },
  { customer: 'MAR-1006', from: d('tenant-resident-neighborhood'), to: d('crew-leader'), category: 'quality', message: 'The new flower beds by the lake are beautiful.', daysAgo: 3 },
];

/** Seeds a few thanks for the demo company (part of its transaction). Returns how many. */
export async function seedDemoKudos(tx: Pick<Db, 'select' | 'insert'>, options: { now?: Date } = {}): Promise<number> {
  const now = (options.now ?? new Date()).getTime();
  const emails = [...new Set(DEMO_KUDOS.flatMap((k) => [k.from, ...(k.to ? [k.to] : [])]))];
  const people = new Map((await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))).map((u) => [u.email, u.id]));
  const rows: (typeof kudos.$inferInsert)[] = [];
  for (const item of DEMO_KUDOS) {
    const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.accountNumber, item.customer));
    const senderId = people.get(item.from);
    const recipientId = item.to ? people.get(item.to) : null;
    if (!customer || !senderId || recipientId === undefined) continue;
    rows.push({ customerId: customer.id, senderId, recipientId, category: item.category, message: item.message, createdAt: new Date(now - item.daysAgo * 86_400_000) });
  }
  if (rows.length > 0) await tx.insert(kudos).values(rows);
  return rows.length;
}
