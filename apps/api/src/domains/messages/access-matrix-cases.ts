/**
 * Access-matrix entries (domains/access-matrix.test.ts) for /api/Messages. The key `messages`
 * admits staff, Property Managers and Board Members; the world's Property Manager and Board Member
 * take part in every thread built here, so their calls really run.
 */
import type { Role } from '@grove/shared';
import type { CustomerRow, TestUser } from '../../test/factories.js';
import { CUSTOMER_MESSAGES, STAFF, type AudienceTable } from '../../test/audience.js';
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
  listProbe?: (f: Fixture, customer: CustomerRow) => Promise<unknown>;
}

async function freshThread(f: Fixture, customer: CustomerRow) {
  const pm = f.users['Property Manager'];
  const board = f.users['Board Member'];
  return createMessageThread(f.ctx.database.db, { customerId: customer.id, authorId: pm.id, participantIds: [pm.id, board.id] });
}

const thread = async (f: Fixture, customer: CustomerRow) => ({ id: (await freshThread(f, customer)).id });

export const messageRouteCases: Record<string, Case> = {
  'GET /api/Messages': { listProbe: freshThread },
  'GET /api/Messages/unread-count': { listProbe: freshThread },
  'GET /api/Messages/recipients': { query: (_f, customer) => `customerId=${customer.id}` },
  'POST /api/Messages': {
    body: (f, customer) => ({ customerId: customer.id, subject: 'Matrix', text: 'Matrix message', participantIds: [f.users['Property Manager'].id] }),
  },
  'GET /api/Messages/:id': { params: thread },
  'POST /api/Messages/:id/replies': { params: thread, body: { text: 'Matrix reply' } },
  'POST /api/Messages/:id/read': { params: thread },
  'POST /api/Messages/:id/participants': { params: thread, body: (f) => ({ userIds: [f.users['Board Member'].id] }) },
};

/** Expected audience (test/audience.ts): staff and spec §6's customer messages roles, threads of customers in scope (issue 11). */
const EVERYONE_MESSAGING = [...STAFF, ...CUSTOMER_MESSAGES];
export const messageAudience: AudienceTable = {
  'GET /api/Messages': { who: EVERYONE_MESSAGING, scope: 'list' },
  'GET /api/Messages/unread-count': { who: EVERYONE_MESSAGING, scope: 'list' },
  'GET /api/Messages/recipients': { who: EVERYONE_MESSAGING, scope: 'record' },
  'POST /api/Messages': { who: EVERYONE_MESSAGING, scope: 'record' },
  'GET /api/Messages/:id': { who: EVERYONE_MESSAGING, scope: 'record' },
  'POST /api/Messages/:id/replies': { who: EVERYONE_MESSAGING, scope: 'record' },
  'POST /api/Messages/:id/read': { who: EVERYONE_MESSAGING, scope: 'record' },
  'POST /api/Messages/:id/participants': { who: EVERYONE_MESSAGING, scope: 'record' },
};
