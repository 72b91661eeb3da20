/**
 * Access-matrix entries (domains/access-matrix.test.ts) for /api/Messages. The key `messages`
 * admits staff, Property Managers and Board Members; the world's Property Manager and Board Member
 * take part in every thread built here, so their calls really run.
 */
import type { Role } from '@grove/shared';
import type { CustomerRow, TestUser } from '../../test/factories.js';
import type { TestContext } from '../../test/test-app.js';
import { createMessageThread } from './test-factories.js';

interface Fixture {
  ctx: TestContext;
  users: Record<Role, TestUser>;
}
type Builder<T> = T | ((f: Fixture, customer: CustomerRow, role: Role | null) => T | Promise<T>);
interface Case {
  params?: Builder<Record<string, string>>;
  query?: Builder<string>;
  body?: Builder<object>;
  scoped?: boolean;
}

async function freshThread(f: Fixture, customer: CustomerRow) {
  const pm = f.users['Property Manager'];
  const board = f.users['Board Member'];
  return createMessageThread(f.ctx.database.db, { customerId: customer.id, authorId: pm.id, participantIds: [pm.id, board.id] });
}

const thread = async (f: Fixture, customer: CustomerRow) => ({ id: (await freshThread(f, customer)).id });

export const messageRouteCases: Record<string, Case> = {
  'GET /api/Messages': {},
  'GET /api/Messages/unread-count': {},
  'GET /api/Messages/recipients': { scoped: true, query: (_f, customer) => `customerId=${customer.id}` },
  'POST /api/Messages': {
    scoped: true,
    body: (f, customer) => ({ customerId: customer.id, subject: 'Matrix', text: 'Matrix message', participantIds: [f.users['Property Manager'].id] }),
  },
  'GET /api/Messages/:id': { scoped: true, params: thread },
  'POST /api/Messages/:id/replies': { scoped: true, params: thread, body: { text: 'Matrix reply' } },
  'POST /api/Messages/:id/read': { scoped: true, params: thread },
  'POST /api/Messages/:id/participants': { scoped: true, params: thread, body: (f) => ({ userIds: [f.users['Board Member'].id] }) },
};
