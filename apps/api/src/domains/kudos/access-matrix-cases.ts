/** Access-matrix entries (domains/access-matrix.test.ts) for /api/Kudos. */
import type { Role } from '@grove/shared';
import type { CustomerRow, TestUser } from '../../test/factories.js';
import type { TestContext } from '../../test/test-app.js';

interface Fixture {
  ctx: TestContext;
  users: Record<Role, TestUser>;
}
type Builder<T> = T | ((f: Fixture, customer: CustomerRow, role: Role | null) => T | Promise<T>);
interface Case {
  query?: Builder<string>;
  body?: Builder<object>;
  scoped?: boolean;
}

export const kudosRouteCases: Record<string, Case> = {
  'GET /api/Kudos': {},
  'GET /api/Kudos/recipients': { scoped: true, query: (_f, customer) => `customerId=${customer.id}` },
  'GET /api/Kudos/counts': { query: (f) => `userIds=${f.users['Crew Leader'].id}` },
  'POST /api/Kudos': { scoped: true, body: (_f, customer) => ({ customerId: customer.id, recipientId: null, category: 'quality', message: 'Thank you!' }) },
};
