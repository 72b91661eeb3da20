/**
 * Access-matrix entries (domains/access-matrix.test.ts) for the proposal routes. Customer-side
 * roles other than Property Manager, Board Member and Landscape Committee are not shown proposals
 * (404, as for a record they cannot see); signing is for Property Managers and Board Members
 * (Landscape Committee: 403); voting for the board members of the round (others: 403).
 */
import type { Role } from '@grove/shared';
import type { TestUser } from '../../test/factories.js';
import { SIGNED_IN, STAFF, type AudienceTable } from '../../test/audience.js';
import type { TestContext } from '../../test/test-app.js';
import { futureDate, insertProposal, proposalBody } from './test-world.js';

interface Fixture {
  ctx: TestContext;
  users: Record<Role, TestUser>;
}
type Builder<T> = T | ((f: Fixture, customer: { id: string }, role: Role | null) => T | Promise<T>);
interface Case {
  params?: Builder<Record<string, string>>;
  query?: Builder<string>;
  body?: Builder<object>;
  listProbe?: (f: Fixture, customer: { id: string }) => Promise<unknown>;
}

const fresh = (status: 'draft' | 'sent') => async (f: Fixture, customer: { id: string }) => insertProposal(f.ctx, customer.id, status);


const write = () => ({ ...proposalBody('00000000-0000-4000-8000-000000000000'), customerId: undefined, validUntil: futureDate() });

export const proposalRouteCases: Record<string, Case> = {
  'GET /api/Proposals': { listProbe: fresh('sent') },
  'POST /api/Proposals': { body: (_f, customer) => proposalBody(customer.id) },
  'GET /api/Proposals/approval-rules/:customerId': { params: (_f, customer) => ({ customerId: customer.id }) },
  'PUT /api/Proposals/approval-rules/:customerId': {
    params: (_f, customer) => ({ customerId: customer.id }),
    body: { rule: { thresholdCents: 50000, requiredApprovals: 1 } },
  },
  'GET /api/Proposals/:id': { params: fresh('sent') },
  'GET /api/Proposals/:id/pdf': { params: fresh('sent') },
  'PUT /api/Proposals/:id': { params: fresh('draft'), body: write },
  'DELETE /api/Proposals/:id': { params: fresh('draft') },
  'POST /api/Proposals/:id/send': { params: fresh('draft') },
  'POST /api/Proposals/:id/revise': { params: fresh('sent'), body: write },
  'POST /api/Proposals/:id/withdraw': { params: fresh('sent'), body: {} },
  'POST /api/Proposals/:id/accept': {
    params: fresh('sent'),
    body: { version: 1, signerName: 'Matrix Signer', consent: true },
  },
  'POST /api/Proposals/:id/decline': {
    params: fresh('sent'),
    body: { reason: 'Matrix decline' },
  },
  'POST /api/Proposals/:id/vote': {
    params: async (f, customer, role) => insertProposal(f.ctx, customer.id, 'pending_approval', { voterId: role === 'Board Member' ? f.users['Board Member'].id : undefined, signerId: f.users['Property Manager'].id }),
    body: { vote: 'approve' },
  },
};

/** Who is shown proposals at all (issue 12): staff, Property Managers, Board Members, the Landscape Committee. */
const VIEWERS = [...STAFF, 'Property Manager', 'Board Member', 'Landscape Committee'] as const;

/** Expected audience (test/audience.ts), issue 12. Customer users proposals are not shared with get 404. */
export const proposalAudience: AudienceTable = {
  'GET /api/Proposals': { who: SIGNED_IN, scope: 'list', listedFor: VIEWERS },
  'POST /api/Proposals': { who: STAFF, scope: 'record' },
  'GET /api/Proposals/approval-rules/:customerId': { who: SIGNED_IN, scope: 'record' },
  'PUT /api/Proposals/approval-rules/:customerId': { who: STAFF, scope: 'record' },
  'GET /api/Proposals/:id': { who: VIEWERS, scope: 'record' },
  'GET /api/Proposals/:id/pdf': { who: VIEWERS, scope: 'record' },
  'PUT /api/Proposals/:id': { who: STAFF, scope: 'record' },
  'DELETE /api/Proposals/:id': { who: STAFF, scope: 'record' },
  'POST /api/Proposals/:id/send': { who: STAFF, scope: 'record' },
  'POST /api/Proposals/:id/revise': { who: STAFF, scope: 'record' },
  'POST /api/Proposals/:id/withdraw': { who: STAFF, scope: 'record' },
  // Signing: Property Managers and Board Members; voting: the board members of the round.
  'POST /api/Proposals/:id/accept': { who: ['Property Manager', 'Board Member'], scope: 'record' },
  'POST /api/Proposals/:id/decline': { who: ['Property Manager', 'Board Member'], scope: 'record' },
  'POST /api/Proposals/:id/vote': { who: ['Board Member'], scope: 'record' },
};
