import type { ProposalDetail, ProposalWrite } from '@grove/shared';
import {
  addTeamMember,
  createBranch,
  createCustomer,
  createUser,
  linkCustomerUser,
  signIn,
  type CustomerRow,
  type SignedIn,
  type TestUser,
} from '../../test/factories.js';
import type { TestContext } from '../../test/test-app.js';
import { priceContent } from './content.js';
import { proposalApprovalRounds, proposalSignatures, proposalVersions, proposals } from './tables.js';

/**
 * The people around one HOA for proposal tests: its account manager, a property manager, three
 * board members, a resident, a landscape committee member, a branch manager of another branch
 * (out of scope) and a property manager of another customer.
 */
export interface ProposalWorld {
  customer: CustomerRow;
  otherCustomer: CustomerRow;
  users: Record<PersonKey, TestUser>;
  as: Record<PersonKey, SignedIn>;
}

type PersonKey = 'manager' | 'outsider' | 'propertyManager' | 'board1' | 'board2' | 'board3' | 'resident' | 'committee' | 'strangerManager';

export async function createProposalWorld(ctx: TestContext): Promise<ProposalWorld> {
  const branch = await createBranch(ctx);
  const otherBranch = await createBranch(ctx);
  const manager = await createUser(ctx, { roles: ['Account Manager'], firstName: 'Mia', lastName: 'Manager', branchId: branch.id, regionId: branch.regionId });
  const outsider = await createUser(ctx, { roles: ['Branch Manager'], firstName: 'Otto', lastName: 'Outside', branchId: otherBranch.id, regionId: otherBranch.regionId });
  const customer = await createCustomer(ctx, { branchId: branch.id, regionId: branch.regionId, accountManagerId: manager.id, name: 'Willow Creek HOA' });
  const otherCustomer = await createCustomer(ctx, { branchId: otherBranch.id, regionId: otherBranch.regionId, name: 'Other HOA' });
  await addTeamMember(ctx, customer.id, manager.id, 'Account Manager');
  const person = async (role: 'Property Manager' | 'Board Member' | 'Resident' | 'Landscape Committee', firstName: string, customerId = customer.id) => {
    const user = await createUser(ctx, { roles: [role], firstName, lastName: 'Tester' });
    await linkCustomerUser(ctx, customerId, user.id, 'active', [role]);
    return user;
  };
  const users = {
    manager,
    outsider,
    propertyManager: await person('Property Manager', 'Paula'),
    board1: await person('Board Member', 'Bea'),
    board2: await person('Board Member', 'Bob'),
    board3: await person('Board Member', 'Bart'),
    resident: await person('Resident', 'Rita'),
    committee: await person('Landscape Committee', 'Cleo'),
    strangerManager: await person('Property Manager', 'Stan', otherCustomer.id),
  };
  const as = Object.fromEntries(await Promise.all(Object.entries(users).map(async ([key, user]) => [key, await signIn(ctx, user)] as const))) as ProposalWorld['as'];
  return { customer, otherCustomer, users, as };
}

export function futureDate(days = 30): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A proposal body: one $1,200 line (no tax) unless given. */
export function proposalBody(customerId: string, values: Partial<ProposalWrite> = {}): ProposalWrite & { customerId: string } {
  return {
    customerId,
    title: 'Spring mulch refresh',
    scope: 'Refresh mulch in all common-area beds.',
    validUntil: futureDate(),
    lineItems: [{ description: 'Hardwood mulch, installed', quantity: 40, unit: 'cu yd', unitPriceCents: 3000, taxRateBps: 0 }],
    ...values,
  };
}

/** Creates (as the manager) and optionally sends a proposal; returns its detail. */
export async function makeProposal(ctx: TestContext, w: ProposalWorld, options: { send?: boolean; values?: Partial<ProposalWrite> } = {}): Promise<ProposalDetail> {
  const created = await ctx.app.inject({ method: 'POST', url: '/api/Proposals', headers: w.as.manager, payload: proposalBody(w.customer.id, options.values) });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  const proposal = created.json<ProposalDetail>();
  if (!options.send) return proposal;
  const sent = await ctx.app.inject({ method: 'POST', url: `/api/Proposals/${proposal.id}/send`, headers: w.as.manager });
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.statusCode} ${sent.body}`);
  return sent.json<ProposalDetail>();
}

/**
 * A proposal written straight to the database (for the access matrix and other fast set-ups): one
 * $1,200 line, in `status`; `pending_approval` also gets a signature and an open round whose only
 * voter is `voterId`.
 */
export async function insertProposal(
  ctx: Pick<TestContext, 'database'>,
  customerId: string,
  status: 'draft' | 'sent' | 'pending_approval' = 'draft',
  options: { voterId?: string; signerId?: string } = {},
): Promise<{ id: string }> {
  const { db } = ctx.database;
  const number = `PR-1999-${Math.random().toString().slice(2, 10)}`;
  const [row] = await db.insert(proposals).values({ number, customerId, status, sentAt: status === 'draft' ? null : new Date() }).returning();
  const priced = priceContent({ lineItems: [{ description: 'Mulch', quantity: 40, unit: 'cu yd', unitPriceCents: 3000, taxRateBps: 0 }], options: [] });
  await db.insert(proposalVersions).values({
    proposalId: row!.id,
    version: 1,
    title: 'Matrix proposal',
    validUntil: futureDate(),
    ...priced,
    contentSha256: status === 'draft' ? null : 'f'.repeat(64),
    sentAt: status === 'draft' ? null : new Date(),
  });
  if (status === 'pending_approval') {
    const [signature] = await db
      .insert(proposalSignatures)
      .values({ proposalId: row!.id, version: 1, signerId: options.signerId ?? options.voterId!, signerName: 'Matrix Signer', signerRoles: ['Property Manager'], consent: true, contentSha256: 'f'.repeat(64) })
      .returning();
    await db.insert(proposalApprovalRounds).values({
      proposalId: row!.id,
      signatureId: signature!.id,
      thresholdCents: 0,
      requiredApprovals: 1,
      voterIds: options.voterId ? [options.voterId] : [],
    });
  }
  return { id: row!.id };
}
