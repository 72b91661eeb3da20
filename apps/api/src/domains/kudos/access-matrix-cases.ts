/** Access-matrix entries (domains/access-matrix.test.ts) for /api/Kudos. */
import type { Role } from '@grove/shared';
import type { CustomerRow, TestUser } from '../../test/factories.js';
import { CUSTOMER_SIDE, SIGNED_IN, STAFF, type AudienceTable } from '../../test/audience.js';
import type { TestContext } from '../../test/test-app.js';
import { kudos } from './tables.js';

interface Fixture {
  ctx: TestContext;
  users: Record<Role, TestUser>;
}
type Builder<T> = T | ((f: Fixture, customer: CustomerRow, role: Role | null) => T | Promise<T>);
interface Case {
  query?: Builder<string>;
  body?: Builder<object>;
  listProbe?: (f: Fixture, customer: CustomerRow) => Promise<unknown>;
}

/** Thanks from the world's Property Manager to its Crew Leader, for `customer`. */
const thanks = (f: Fixture, customer: CustomerRow) =>
  f.ctx.database.db
    .insert(kudos)
    .values({ customerId: customer.id, senderId: f.users['Property Manager'].id, recipientId: f.users['Crew Leader'].id, category: 'quality', message: 'Matrix thanks' });

export const kudosRouteCases: Record<string, Case> = {
  'GET /api/Kudos': { listProbe: thanks },
  'GET /api/Kudos/recipients': { query: (_f, customer) => `customerId=${customer.id}` },
  'GET /api/Kudos/counts': { query: (f) => `userIds=${f.users['Crew Leader'].id}`, listProbe: thanks },
  'POST /api/Kudos': { body: (_f, customer) => ({ customerId: customer.id, recipientId: null, category: 'quality', message: 'Thank you!' }) },
};

/** Expected audience (test/audience.ts): customer users send thanks and see those they sent; staff see those in scope (issue 12). */
export const kudosAudience: AudienceTable = {
  'GET /api/Kudos': { who: SIGNED_IN, scope: 'list', listedFor: [...STAFF, 'Property Manager'] },
  'GET /api/Kudos/recipients': { who: CUSTOMER_SIDE, scope: 'record' },
  'GET /api/Kudos/counts': { who: STAFF, scope: 'list' },
  'POST /api/Kudos': { who: CUSTOMER_SIDE, scope: 'record' },
};
