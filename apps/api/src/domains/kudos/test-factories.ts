import type { KudosCategory } from '@grove/shared';
import type { TestContext } from '../../test/test-app.js';
import { kudos } from './tables.js';

/** A thank-you written straight to the database (no notification), for tests of other areas. */
export async function createKudos(ctx: Pick<TestContext, 'database'>, values: { customerId: string; senderId: string; recipientId?: string | null; createdAt?: Date; category?: KudosCategory }) {
  const [row] = await ctx.database.db
    .insert(kudos)
    .values({ customerId: values.customerId, senderId: values.senderId, recipientId: values.recipientId ?? null, category: values.category ?? 'quality', message: 'Thank you', ...(values.createdAt ? { createdAt: values.createdAt } : {}) })
    .returning();
  return row!;
}
