/**
 * Access-matrix entries (domains/access-matrix.test.ts) for the proposal routes. Customer-side
 * roles other than Property Manager, Board Member and Landscape Committee are not shown proposals
 * (404, as for a record they cannot see); signing is for Property Managers and Board Members
 * (Landscape Committee: 403); voting for the board members of the round (others: 403).
 */
import { PROPOSAL_VIEWER_ROLES, isCustomerRole, type Role } from '@grove/shared';
import type { TestUser } from '../../test/factories.js';
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
  scoped?: boolean;
  forbiddenRoles?: readonly Role[];
  expect?: (c: { role: Role | null; inScope: boolean }) => number | undefined;
}

const fresh = (status: 'draft' | 'sent') => async (f: Fixture, customer: { id: string }) => insertProposal(f.ctx, customer.id, status);

/** Customer-side roles proposals are not shared with see none: 404 (in scope; out of scope is 404 anyway). */
const hiddenFromNonViewers = ({ role, inScope }: { role: Role | null; inScope: boolean }) =>
  role && inScope && isCustomerRole(role) && !(PROPOSAL_VIEWER_ROLES as readonly string[]).includes(role) ? 404 : undefined;

const write = () => ({ ...proposalBody('00000000-0000-4000-8000-000000000000'), customerId: undefined, validUntil: futureDate() });

export const proposalRouteCases: Record<string, Case> = {
  'GET /api/Proposals': {},
  'POST /api/Proposals': { scoped: true, body: (_f, customer) => proposalBody(customer.id) },
  'GET /api/Proposals/approval-rules/:customerId': { scoped: true, params: (_f, customer) => ({ customerId: customer.id }) },
  'PUT /api/Proposals/approval-rules/:customerId': {
    scoped: true,
    params: (_f, customer) => ({ customerId: customer.id }),
    body: { rule: { thresholdCents: 50000, requiredApprovals: 1 } },
  },
  'GET /api/Proposals/:id': { scoped: true, params: fresh('sent'), expect: hiddenFromNonViewers },
  'GET /api/Proposals/:id/pdf': { scoped: true, params: fresh('sent'), expect: hiddenFromNonViewers },
  'PUT /api/Proposals/:id': { scoped: true, params: fresh('draft'), body: write },
  'DELETE /api/Proposals/:id': { scoped: true, params: fresh('draft') },
  'POST /api/Proposals/:id/send': { scoped: true, params: fresh('draft') },
  'POST /api/Proposals/:id/revise': { scoped: true, params: fresh('sent'), body: write },
  'POST /api/Proposals/:id/withdraw': { scoped: true, params: fresh('sent'), body: {} },
  'POST /api/Proposals/:id/accept': {
    scoped: true,
    params: fresh('sent'),
    body: { version: 1, signerName: 'Matrix Signer', consent: true },
    forbiddenRoles: ['Landscape Committee'],
    expect: hiddenFromNonViewers,
  },
  'POST /api/Proposals/:id/decline': {
    scoped: true,
    params: fresh('sent'),
    body: { reason: 'Matrix decline' },
    forbiddenRoles: ['Landscape Committee'],
    expect: hiddenFromNonViewers,
  },
  'POST /api/Proposals/:id/vote': {
    scoped: true,
    params: async (f, customer, role) => insertProposal(f.ctx, customer.id, 'pending_approval', { voterId: role === 'Board Member' ? f.users['Board Member'].id : undefined, signerId: f.users['Property Manager'].id }),
    body: { vote: 'approve' },
    forbiddenRoles: ['Property Manager', 'Landscape Committee'],
    expect: hiddenFromNonViewers,
  },
};
