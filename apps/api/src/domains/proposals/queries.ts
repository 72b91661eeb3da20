import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  CURRENCY,
  OPEN_PROPOSAL_STATUSES,
  PROPOSAL_VIEWER_ROLES,
  hasStaffRole,
  type ProposalApproval,
  type ProposalDetail,
  type ProposalListQuery,
  type ProposalPage,
  type ProposalSignature,
  type ProposalSummary,
} from '@grove/shared';
import type { z } from 'zod';
import type { proposalListQuerySchema } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerUsers, customers, files, serviceRequests, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { HttpError, notFound } from '../../http/errors.js';
import { cappedCount, pageTotal } from '../../lib/paging.js';
import { publishedReportOf } from '../orange-reports/index.js';
import { customerIdInScope, isCustomerInScope } from '../scope/index.js';
import { allowedActions, awaitsViewer, canSeeProposals, viewerAt, type ProposalFacts, type Viewer } from './policy.js';
import {
  proposalApprovalRounds,
  proposalApprovalRules,
  proposalSignatures,
  proposalVersions,
  proposalVotes,
  proposals,
} from './tables.js';

export const PROPOSAL_OWNER = 'proposal';

type Reader = Pick<Db, 'select'>;
export type Caller = Pick<AuthUser, 'id' | 'roles' | 'regionId' | 'branchId'>;
export type ProposalRow = typeof proposals.$inferSelect;
export type VersionRow = typeof proposalVersions.$inferSelect;
type RoundRow = typeof proposalApprovalRounds.$inferSelect;

const fullName = (table: { firstName: AnyColumn; lastName: AnyColumn }) => sql<string>`trim(concat_ws(' ', ${table.firstName}, ${table.lastName}))`;
const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface LoadedProposal {
  proposal: ProposalRow;
  customerName: string;
  accountManagerId: string | null;
  viewer: Viewer;
}

/**
 * The proposal if the caller may see it: customer in scope; for customer users never a draft and
 * only with a viewer role at this customer. Anything else is 404. `lock` takes the row lock that
 * serialises every change of one proposal (signatures, votes, revisions).
 */
export async function loadProposal(db: Reader, user: Caller, id: string, options: { lock?: boolean } = {}): Promise<LoadedProposal> {
  const query = db
    .select({ proposal: proposals, customerName: customers.name, accountManagerId: customers.accountManagerId })
    .from(proposals)
    .innerJoin(customers, eq(customers.id, proposals.customerId))
    .where(eq(proposals.id, id));
  const [row] = options.lock ? await query.for('update', { of: proposals }) : await query;
  if (!row) throw notFound();
  if (!(await isCustomerInScope(db as Db, user, row.proposal.customerId))) throw notFound();
  const viewer = await viewerAt(db, user, row.proposal.customerId);
  if (!canSeeProposals(viewer)) throw notFound();
  if (!viewer.staff && row.proposal.status === 'draft') throw notFound();
  return { ...row, viewer };
}

/** The file-visibility hook: a proposal's file is readable by whoever may read the proposal. */
export async function mayReadProposalFiles(db: Db, user: Caller, file: { ownerId: string; staffOnly: boolean }): Promise<boolean> {
  if (file.staffOnly && !hasStaffRole(user.roles)) return false;
  try {
    await loadProposal(db, user, file.ownerId);
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return false;
    throw error;
  }
}

export async function loadVersion(db: Reader, proposalId: string, version: number): Promise<VersionRow> {
  const [row] = await db
    .select()
    .from(proposalVersions)
    .where(and(eq(proposalVersions.proposalId, proposalId), eq(proposalVersions.version, version)));
  if (!row) throw notFound();
  return row;
}

export async function openRound(db: Reader, proposalId: string): Promise<(RoundRow & { votedIds: string[] }) | null> {
  const [round] = await db
    .select()
    .from(proposalApprovalRounds)
    .where(and(eq(proposalApprovalRounds.proposalId, proposalId), eq(proposalApprovalRounds.status, 'open')));
  if (!round) return null;
  const votes = await db.select({ voterId: proposalVotes.voterId }).from(proposalVotes).where(eq(proposalVotes.roundId, round.id));
  return { ...round, votedIds: votes.map((vote) => vote.voterId) };
}

export async function factsOf(db: Reader, proposal: ProposalRow, version: Pick<VersionRow, 'validUntil'>): Promise<ProposalFacts> {
  const round = proposal.status === 'pending_approval' ? await openRound(db, proposal.id) : null;
  return { status: proposal.status, validUntil: version.validUntil, round };
}

async function namesOf(db: Reader, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: fullName(users) }).from(users).where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function signatureOf(db: Reader, proposal: ProposalRow, staff: boolean): Promise<{ signature: ProposalSignature; id: string } | null> {
  if (!['accepted', 'pending_approval', 'rejected'].includes(proposal.status)) return null;
  const [row] = await db
    .select({ signature: proposalSignatures, signer: fullName(users) })
    .from(proposalSignatures)
    .innerJoin(users, eq(users.id, proposalSignatures.signerId))
    .where(eq(proposalSignatures.proposalId, proposal.id))
    .orderBy(desc(proposalSignatures.signedAt))
    .limit(1);
  if (!row) return null;
  const s = row.signature;
  return {
    id: s.id,
    signature: {
      version: s.version,
      signerName: s.signerName,
      signer: { id: s.signerId, name: row.signer },
      signerRoles: s.signerRoles,
      optionKey: s.optionKey ?? null,
      signedAt: s.signedAt.toISOString(),
      contentSha256: s.contentSha256,
      ip: staff ? s.ip : null,
      userAgent: staff ? s.userAgent : null,
    },
  };
}

async function approvalOf(db: Reader, signatureId: string): Promise<ProposalApproval | null> {
  const [round] = await db
    .select()
    .from(proposalApprovalRounds)
    .where(eq(proposalApprovalRounds.signatureId, signatureId))
    .orderBy(desc(proposalApprovalRounds.startedAt))
    .limit(1);
  if (!round) return null;
  const votes = await db
    .select({ vote: proposalVotes, name: fullName(users) })
    .from(proposalVotes)
    .innerJoin(users, eq(users.id, proposalVotes.voterId))
    .where(eq(proposalVotes.roundId, round.id))
    .orderBy(asc(proposalVotes.votedAt));
  const names = await namesOf(db, round.voterIds);
  return {
    status: round.status,
    requiredApprovals: round.requiredApprovals,
    thresholdCents: round.thresholdCents,
    voters: round.voterIds.map((id) => ({ id, name: names.get(id) ?? '' })),
    approvals: votes.filter((v) => v.vote.vote === 'approve').length,
    rejections: votes.filter((v) => v.vote.vote === 'reject').length,
    votes: votes.map((v) => ({ voter: { id: v.vote.voterId, name: v.name }, vote: v.vote.vote, comment: v.vote.comment, votedAt: v.vote.votedAt.toISOString() })),
    startedAt: round.startedAt.toISOString(),
    closedAt: iso(round.closedAt),
  };
}

export async function approvalRuleOf(db: Reader, customerId: string) {
  const [rule] = await db.select().from(proposalApprovalRules).where(eq(proposalApprovalRules.customerId, customerId));
  return rule ?? null;
}

/** Active board members of the customer (active accounts with the role at this customer). */
export async function boardMemberIds(db: Reader, customerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(
      and(
        eq(customerUsers.customerId, customerId),
        eq(customerUsers.status, 'active'),
        eq(users.active, true),
        sql`'Board Member' = any(${customerUsers.roles})`,
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}

/** The detail of one proposal as the caller sees it; customer users opening a sent one mark it viewed. */
export async function getProposalDetail(db: Db, user: Caller, id: string, requestedVersion?: number): Promise<ProposalDetail> {
  let loaded = await loadProposal(db, user, id);
  if (!loaded.viewer.staff && loaded.proposal.status === 'sent') {
    const [updated] = await db
      .update(proposals)
      .set({ status: 'viewed', viewedAt: sql`now()` })
      .where(and(eq(proposals.id, id), eq(proposals.status, 'sent')))
      .returning();
    if (updated) loaded = { ...loaded, proposal: updated };
  }
  const { proposal, viewer } = loaded;
  const shown = requestedVersion && requestedVersion <= proposal.currentVersion ? requestedVersion : proposal.currentVersion;
  const version = await loadVersion(db, proposal.id, shown);
  const current = shown === proposal.currentVersion ? version : await loadVersion(db, proposal.id, proposal.currentVersion);
  const facts = await factsOf(db, proposal, current);

  const allVersions = await db
    .select()
    .from(proposalVersions)
    .where(eq(proposalVersions.proposalId, proposal.id))
    .orderBy(asc(proposalVersions.version));
  const attachments = await db
    .select({ id: files.id, name: files.originalName, mimeType: files.mimeType, sizeBytes: files.sizeBytes })
    .from(files)
    .where(and(eq(files.ownerType, PROPOSAL_OWNER), eq(files.ownerId, proposal.id)))
    .orderBy(asc(files.createdAt));
  const [request] = proposal.serviceRequestId
    ? await db
        .select({ id: serviceRequests.id, number: serviceRequests.number, title: serviceRequests.title })
        .from(serviceRequests)
        .where(eq(serviceRequests.id, proposal.serviceRequestId))
    : [];
  const names = await namesOf(db, [proposal.createdById, ...allVersions.map((v) => v.createdById)].filter((v): v is string => Boolean(v)));
  const signed = await signatureOf(db, proposal, viewer.staff);
  const approval = signed ? await approvalOf(db, signed.id) : null;
  const rule = approval ? { thresholdCents: approval.thresholdCents, requiredApprovals: approval.requiredApprovals } : await approvalRuleOf(db, proposal.customerId);
  const person = (userId: string | null) => (userId ? { id: userId, name: names.get(userId) ?? '' } : null);

  return {
    id: proposal.id,
    number: proposal.number,
    customerId: proposal.customerId,
    customerName: loaded.customerName,
    title: version.title,
    status: proposal.status,
    version: proposal.currentVersion,
    shownVersion: shown,
    totalCents: proposal.chosenOptionKey ? (version.options.find((o) => o.key === proposal.chosenOptionKey)?.totalCents ?? version.totalCents) : version.totalCents,
    validUntil: version.validUntil,
    sentAt: iso(proposal.sentAt),
    decidedAt: iso(proposal.decidedAt),
    updatedAt: proposal.updatedAt.toISOString(),
    awaitingYou: awaitsViewer(viewer, facts),
    scope: version.scope,
    currency: CURRENCY,
    lineItems: version.lineItems,
    options: version.options,
    subtotalCents: version.subtotalCents,
    taxCents: version.taxCents,
    chosenOptionKey: proposal.chosenOptionKey ?? null,
    contentSha256: version.contentSha256,
    attachments,
    serviceRequest: request ?? null,
    orangeReportId: proposal.orangeReportId,
    orangeReport: proposal.orangeReportId ? await publishedReportOf(db, proposal.customerId, proposal.orangeReportId) : null,
    createdBy: person(proposal.createdById),
    createdAt: proposal.createdAt.toISOString(),
    viewedAt: iso(proposal.viewedAt),
    declineReason: proposal.declineReason,
    withdrawReason: proposal.withdrawReason,
    versions: allVersions
      .filter((v) => viewer.staff || v.sentAt)
      .map((v) => ({
        version: v.version,
        totalCents: v.totalCents,
        contentSha256: v.contentSha256,
        createdAt: v.createdAt.toISOString(),
        sentAt: iso(v.sentAt),
        createdBy: person(v.createdById),
      })),
    signature: signed?.signature ?? null,
    approval,
    approvalRule: rule ? { thresholdCents: rule.thresholdCents, requiredApprovals: rule.requiredApprovals } : null,
    allowedActions: allowedActions(viewer, facts),
  };
}

type ListQuery = z.output<typeof proposalListQuerySchema>;

const SORTS: Record<NonNullable<ListQuery['sort']>, SQL[]> = {
  number: [asc(sql`${proposals.number} collate "C"`)],
  '-number': [desc(sql`${proposals.number} collate "C"`)],
  updatedAt: [asc(proposals.updatedAt), asc(proposals.id)],
  '-updatedAt': [desc(proposals.updatedAt), desc(proposals.id)],
  total: [asc(proposalVersions.totalCents), asc(proposals.id)],
  '-total': [desc(proposalVersions.totalCents), desc(proposals.id)],
  validUntil: [asc(proposalVersions.validUntil), asc(proposals.id)],
  '-validUntil': [desc(proposalVersions.validUntil), desc(proposals.id)],
};

const OPEN_SQL = sql.raw(OPEN_PROPOSAL_STATUSES.map((s) => `'${s}'`).join(','));
const VIEWER_ROLES_SQL = sql.raw(`array[${PROPOSAL_VIEWER_ROLES.map((r) => `'${r}'`).join(',')}]::text[]`);

/** Lists proposals in scope. Customer users: never drafts, only customers where they hold a viewer role; open ones first. */
/**
 * The rows a list's total counts. The customer and the current version are joined only for a search,
 * which names them: every proposal has both (the version is written in the same transaction), and the
 * joins cost 2,000 index probes per count (decision 044).
 */
function counting(db: Db, searching: boolean, joinVersion: SQL | undefined) {
  const rows = db.select({ one: sql`1` }).from(proposals).$dynamic();
  return searching ? rows.innerJoin(customers, eq(customers.id, proposals.customerId)).innerJoin(proposalVersions, joinVersion) : rows;
}

export async function listProposals(db: Db, user: Caller, query: ListQuery): Promise<ProposalPage> {
  const staff = hasStaffRole(user.roles);
  const base: SQL[] = [customerIdInScope(user, proposals.customerId)];
  if (query.customerId) base.push(eq(proposals.customerId, query.customerId));
  if (!staff) {
    base.push(ne(proposals.status, 'draft'));
    base.push(
      sql`exists (select 1 from ${customerUsers} where ${customerUsers.customerId} = ${proposals.customerId} and ${customerUsers.userId} = ${user.id} and ${customerUsers.status} = 'active' and ${customerUsers.roles} && ${VIEWER_ROLES_SQL})`,
    );
  }
  const filtered = [...base];
  if (query.status?.length) filtered.push(inArray(proposals.status, query.status));
  if (query.search) {
    const pattern = likePattern(query.search);
    filtered.push(or(ilike(proposals.number, pattern), ilike(proposalVersions.title, pattern), ilike(customers.name, pattern))!);
  }
  const joinVersion = and(eq(proposalVersions.proposalId, proposals.id), eq(proposalVersions.version, proposals.currentVersion));
  const order = query.sort
    ? SORTS[query.sort]
    : staff
      ? SORTS['-updatedAt']
      : [asc(sql`case when ${proposals.status} in (${OPEN_SQL}) then 0 else 1 end`), ...SORTS['-updatedAt']];

  const [rows, counted, [open]] = await Promise.all([
    db
      .select({ proposal: proposals, customerName: customers.name, title: proposalVersions.title, totalCents: proposalVersions.totalCents, options: proposalVersions.options, validUntil: proposalVersions.validUntil })
      .from(proposals)
      .innerJoin(customers, eq(customers.id, proposals.customerId))
      .innerJoin(proposalVersions, joinVersion)
      .where(and(...filtered))
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    cappedCount(db, counting(db, Boolean(query.search), joinVersion).where(and(...filtered))),
    db
      .select({ count: sql<number>`count(*)::int`, value: sql<number>`coalesce(sum(${proposalVersions.totalCents}), 0)::bigint` })
      .from(proposals)
      .innerJoin(proposalVersions, joinVersion)
      .where(and(...base, sql`${proposals.status} in (${OPEN_SQL})`)),
  ]);

  // Per-customer roles and open rounds, to say what awaits the caller.
  const viewers = new Map<string, Viewer>();
  const data: ProposalSummary[] = [];
  for (const row of rows) {
    const p = row.proposal;
    let viewer = viewers.get(p.customerId);
    if (!viewer) {
      viewer = await viewerAt(db, user, p.customerId);
      viewers.set(p.customerId, viewer);
    }
    const facts = await factsOf(db, p, { validUntil: row.validUntil });
    const chosen = p.chosenOptionKey ? row.options.find((o) => o.key === p.chosenOptionKey) : undefined;
    data.push({
      id: p.id,
      number: p.number,
      customerId: p.customerId,
      customerName: row.customerName,
      title: row.title,
      status: p.status,
      version: p.currentVersion,
      totalCents: chosen?.totalCents ?? row.totalCents,
      validUntil: row.validUntil,
      sentAt: iso(p.sentAt),
      decidedAt: iso(p.decidedAt),
      updatedAt: p.updatedAt.toISOString(),
      awaitingYou: awaitsViewer(viewer, facts),
    });
  }
  return {
    data,
    ...pageTotal(query, rows.length, rows.length === query.pageSize, counted),
    page: query.page,
    pageSize: query.pageSize,
    openCount: open?.count ?? 0,
    openValueCents: Number(open?.value ?? 0),
  };
}

export type { ProposalListQuery };
