import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  validationText,
  type ApprovalRuleAnswer,
  type ApprovalRuleUpdate,
  type OptionKey,
  type ProposalAccept,
  type ProposalDetail,
  type ProposalVote,
  type ProposalWriteParsed,
} from '@grove/shared';
import type { Db, Tx } from '../../db/client.js';
import { customers, files, serviceRequests } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/index.js';
import { attachFiles } from '../files/index.js';
import { publishedReportOf } from '../orange-reports/index.js';
import { assertCustomerInScope } from '../scope/index.js';
import { activeCatalogueServicesByIds } from '../orange-reports/index.js';
import { committedTotal, contentSha256, priceContent } from './content.js';
import { assertMay } from './policy.js';
import {
  PROPOSAL_OWNER,
  approvalRuleOf,
  boardMemberIds,
  factsOf,
  getProposalDetail,
  loadProposal,
  loadVersion,
  openRound,
  type Caller,
  type LoadedProposal,
  type VersionRow,
} from './queries.js';
import { proposalApprovalRounds, proposalApprovalRules, proposalCounters, proposalSignatures, proposalVersions, proposalVotes, proposals } from './tables.js';
import { announce } from './announcements.js';

/** Where a signature came from (the route reads it off the request). */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export async function nextProposalNumber(tx: Pick<Db, 'insert'>, year: number): Promise<string> {
  const [row] = await tx
    .insert(proposalCounters)
    .values({ year, lastValue: 1 })
    .onConflictDoUpdate({ target: proposalCounters.year, set: { lastValue: sql`${proposalCounters.lastValue} + 1` } })
    .returning({ value: proposalCounters.lastValue });
  return `PR-${year}-${String(row!.value).padStart(4, '0')}`;
}

/** The orange report a proposal answers: an approved report of the same customer, else 404. */
async function assertOrangeReportOf(tx: Pick<Db, 'select'>, customerId: string, orangeReportId: string | null | undefined): Promise<void> {
  if (!orangeReportId) return;
  if (!(await publishedReportOf(tx, customerId, orangeReportId))) throw notFound('This orange report does not exist or you do not have access to it.');
}

async function assertServiceRequestOf(tx: Pick<Db, 'select'>, customerId: string, serviceRequestId: string | null | undefined): Promise<void> {
  if (!serviceRequestId) return;
  const [row] = await tx.select({ customerId: serviceRequests.customerId }).from(serviceRequests).where(eq(serviceRequests.id, serviceRequestId));
  if (row?.customerId !== customerId) throw badRequest({ serviceRequestId: [validationText('invalid')] });
}

/** Lines taken from the service catalogue must name an active service (400 on that line's field). */
async function assertCatalogueServices(tx: Db | Tx, body: ProposalWriteParsed): Promise<void> {
  const seen = new Set<string>();
  for (const [index, item] of body.lineItems.entries()) {
    if (!item.serviceId || seen.has(item.serviceId)) continue;
    seen.add(item.serviceId);
    await activeCatalogueServicesByIds(tx, [item.serviceId], `lineItems.${index}.serviceId`);
  }
}

function versionValues(body: ProposalWriteParsed) {
  const priced = priceContent(body);
  return {
    title: body.title,
    scope: body.scope,
    validUntil: body.validUntil,
    lineItems: priced.lineItems,
    options: priced.options,
    subtotalCents: priced.subtotalCents,
    taxCents: priced.taxCents,
    totalCents: priced.totalCents,
  };
}

function hashOf(loaded: Pick<LoadedProposal, 'proposal' | 'customerName'>, version: Omit<VersionRow, 'id' | 'proposalId' | 'createdAt' | 'createdById' | 'sentAt' | 'contentSha256'>): string {
  return contentSha256({
    number: loaded.proposal.number,
    version: version.version,
    customerId: loaded.proposal.customerId,
    customerName: loaded.customerName,
    title: version.title,
    scope: version.scope,
    validUntil: version.validUntil,
    lineItems: version.lineItems,
    options: version.options,
    subtotalCents: version.subtotalCents,
    taxCents: version.taxCents,
    totalCents: version.totalCents,
  });
}

/** Draft attachments are staff-only; sending (or revising) shows them to the customer's users. */
async function attach(db: Db, tx: Tx, user: Caller, proposal: { id: string; customerId: string }, fileIds: readonly string[], staffOnly: boolean) {
  await attachFiles(db, tx, { fileIds, customerId: proposal.customerId, ownerType: PROPOSAL_OWNER, ownerId: proposal.id, userId: user.id, staffOnly });
}

async function publishFiles(tx: Tx, proposalId: string): Promise<void> {
  await tx.update(files).set({ staffOnly: false }).where(and(eq(files.ownerType, PROPOSAL_OWNER), eq(files.ownerId, proposalId)));
}

export async function createProposal(db: Db, user: Caller, body: ProposalWriteParsed & { customerId: string }): Promise<ProposalDetail> {
  await assertCustomerInScope(db, user, body.customerId);
  const id = await db.transaction(async (tx) => {
    await assertServiceRequestOf(tx, body.customerId, body.serviceRequestId);
    await assertOrangeReportOf(tx, body.customerId, body.orangeReportId);
    await assertCatalogueServices(tx, body);
    const number = await nextProposalNumber(tx, new Date().getUTCFullYear());
    const [row] = await tx
      .insert(proposals)
      .values({
        number,
        customerId: body.customerId,
        serviceRequestId: body.serviceRequestId ?? null,
        orangeReportId: body.orangeReportId ?? null,
        createdById: user.id,
      })
      .returning();
    await tx.insert(proposalVersions).values({ proposalId: row!.id, version: 1, createdById: user.id, ...versionValues(body) });
    await attach(db, tx, user, row!, body.attachmentIds, true);
    await recordAudit(tx, { action: 'proposal.created', actorId: user.id, detail: { proposalId: row!.id, number } });
    return row!.id;
  });
  return getProposalDetail(db, user, id);
}

export async function updateDraft(db: Db, user: Caller, id: string, body: ProposalWriteParsed): Promise<ProposalDetail> {
  await db.transaction(async (tx) => {
    const loaded = await loadProposal(tx, user, id, { lock: true });
    const version = await loadVersion(tx, id, loaded.proposal.currentVersion);
    assertMay(loaded.viewer, await factsOf(tx, loaded.proposal, version), 'edit');
    await assertServiceRequestOf(tx, loaded.proposal.customerId, body.serviceRequestId);
    await assertOrangeReportOf(tx, loaded.proposal.customerId, body.orangeReportId);
    await assertCatalogueServices(tx, body);
    await tx.update(proposalVersions).set(versionValues(body)).where(eq(proposalVersions.id, version.id));
    await tx
      .update(proposals)
      .set({ serviceRequestId: body.serviceRequestId ?? null, orangeReportId: body.orangeReportId ?? null, updatedAt: sql`now()` })
      .where(eq(proposals.id, id));
    await attach(db, tx, user, loaded.proposal, body.attachmentIds, true);
  });
  return getProposalDetail(db, user, id);
}

export async function deleteDraft(db: Db, user: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const loaded = await loadProposal(tx, user, id, { lock: true });
    const version = await loadVersion(tx, id, loaded.proposal.currentVersion);
    assertMay(loaded.viewer, await factsOf(tx, loaded.proposal, version), 'delete');
    await tx.delete(files).where(and(eq(files.ownerType, PROPOSAL_OWNER), eq(files.ownerId, id)));
    await tx.delete(proposals).where(eq(proposals.id, id));
    await recordAudit(tx, { action: 'proposal.deleted', actorId: user.id, detail: { proposalId: id, number: loaded.proposal.number } });
  });
}

export async function sendProposal(db: Db, user: Caller, id: string): Promise<ProposalDetail> {
  await db.transaction(async (tx) => {
    const loaded = await loadProposal(tx, user, id, { lock: true });
    const version = await loadVersion(tx, id, loaded.proposal.currentVersion);
    assertMay(loaded.viewer, await factsOf(tx, loaded.proposal, version), 'send');
    await tx.update(proposalVersions).set({ contentSha256: hashOf(loaded, version), sentAt: sql`now()` }).where(eq(proposalVersions.id, version.id));
    await tx.update(proposals).set({ status: 'sent', sentAt: sql`now()`, updatedAt: sql`now()` }).where(eq(proposals.id, id));
    await publishFiles(tx, id);
    await recordAudit(tx, { action: 'proposal.sent', actorId: user.id, detail: { proposalId: id, version: version.version } });
    await announce(tx, { event: 'sent', loaded, title: version.title, totalCents: version.totalCents, actorId: user.id });
  });
  return getProposalDetail(db, user, id);
}

/** A new version of a sent (viewed, declined, expired) proposal, sent at once; the customer sees the latest. */
export async function reviseProposal(db: Db, user: Caller, id: string, body: ProposalWriteParsed): Promise<ProposalDetail> {
  await db.transaction(async (tx) => {
    const loaded = await loadProposal(tx, user, id, { lock: true });
    const current = await loadVersion(tx, id, loaded.proposal.currentVersion);
    assertMay(loaded.viewer, await factsOf(tx, loaded.proposal, current), 'revise');
    await assertServiceRequestOf(tx, loaded.proposal.customerId, body.serviceRequestId);
    await assertOrangeReportOf(tx, loaded.proposal.customerId, body.orangeReportId);
    await assertCatalogueServices(tx, body);
    const next = { version: current.version + 1, ...versionValues(body) };
    await tx.insert(proposalVersions).values({ proposalId: id, createdById: user.id, sentAt: sql`now()`, contentSha256: hashOf(loaded, next), ...next });
    await tx
      .update(proposals)
      .set({
        currentVersion: next.version,
        status: 'sent',
        sentAt: sql`now()`,
        viewedAt: null,
        decidedAt: null,
        declineReason: null,
        chosenOptionKey: null,
        serviceRequestId: body.serviceRequestId ?? null,
        orangeReportId: body.orangeReportId ?? null,
        updatedAt: sql`now()`,
      })
      .where(eq(proposals.id, id));
    await attach(db, tx, user, loaded.proposal, body.attachmentIds, false);
    await recordAudit(tx, { action: 'proposal.revised', actorId: user.id, detail: { proposalId: id, version: next.version } });
    await announce(tx, { event: 'revised', loaded, title: next.title, totalCents: next.totalCents, actorId: user.id });
  });
  return getProposalDetail(db, user, id);
}

export async function withdrawProposal(db: Db, user: Caller, id: string, reason: string | undefined): Promise<ProposalDetail> {
  await db.transaction(async (tx) => {
    const loaded = await loadProposal(tx, user, id, { lock: true });
    const version = await loadVersion(tx, id, loaded.proposal.currentVersion);
    assertMay(loaded.viewer, await factsOf(tx, loaded.proposal, version), 'withdraw');
    await tx
      .update(proposalApprovalRounds)
      .set({ status: 'cancelled', closedAt: sql`now()` })
      .where(and(eq(proposalApprovalRounds.proposalId, id), eq(proposalApprovalRounds.status, 'open')));
    await tx
      .update(proposals)
      .set({ status: 'withdrawn', withdrawReason: reason || null, decidedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(proposals.id, id));
    await recordAudit(tx, { action: 'proposal.withdrawn', actorId: user.id, detail: { proposalId: id } });
    await announce(tx, { event: 'withdrawn', loaded, title: version.title, totalCents: version.totalCents, actorId: user.id });
  });
  return getProposalDetail(db, user, id);
}

export async function declineProposal(db: Db, user: Caller, id: string, reason: string): Promise<ProposalDetail> {
  await db.transaction(async (tx) => {
    const loaded = await loadProposal(tx, user, id, { lock: true });
    const version = await loadVersion(tx, id, loaded.proposal.currentVersion);
    assertMay(loaded.viewer, await factsOf(tx, loaded.proposal, version), 'decline');
    await tx.update(proposals).set({ status: 'declined', declineReason: reason, decidedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(proposals.id, id));
    await recordAudit(tx, { action: 'proposal.declined', actorId: user.id, detail: { proposalId: id, version: version.version } });
    await announce(tx, { event: 'declined', loaded, title: version.title, totalCents: version.totalCents, actorId: user.id, reason });
  });
  return getProposalDetail(db, user, id);
}

/**
 * The electronic signature. The signer names the version they read: a newer one exists → 409. The
 * record keeps who, their roles here, when, IP, user agent and the SHA-256 of that exact version.
 * Above the customer's threshold it starts a board approval round instead of accepting.
 */
export async function acceptProposal(db: Db, user: Caller, id: string, body: ProposalAccept, client: ClientInfo): Promise<ProposalDetail> {
  await db.transaction(async (tx) => {
    const loaded = await loadProposal(tx, user, id, { lock: true });
    const { proposal, viewer } = loaded;
    if (body.version !== proposal.currentVersion) {
      throw conflict(`Version ${body.version} of ${proposal.number} has been replaced by version ${proposal.currentVersion}. Please read the new version before signing.`);
    }
    const version = await loadVersion(tx, id, proposal.currentVersion);
    assertMay(viewer, await factsOf(tx, proposal, version), 'accept');
    const optionKey: OptionKey | null = body.optionKey ?? null;
    if (version.options.length > 0 && !version.options.some((option) => option.key === optionKey)) {
      throw badRequest({ optionKey: [validationText('required')] });
    }
    if (version.options.length === 0 && optionKey) throw badRequest({ optionKey: [validationText('invalid')] });
    const hash = hashOf(loaded, version);
    if (version.contentSha256 && version.contentSha256 !== hash) throw conflict('This proposal version no longer matches what was sent; it cannot be signed.');

    const [signature] = await tx
      .insert(proposalSignatures)
      .values({
        proposalId: id,
        version: version.version,
        signerId: user.id,
        signerName: body.signerName,
        signerRoles: [...viewer.customerRoles],
        consent: body.consent,
        optionKey,
        contentSha256: hash,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 500) ?? null,
      })
      .returning();
    const rule = await approvalRuleOf(tx, proposal.customerId);
    const amount = committedTotal(version, optionKey);
    if (rule && amount > rule.thresholdCents) {
      const voterIds = await boardMemberIds(tx, proposal.customerId);
      if (voterIds.length < rule.requiredApprovals) {
        throw conflict(
          `This proposal needs ${rule.requiredApprovals} board approvals, but ${proposal.number}'s customer has ${voterIds.length} active board members. Please ask Grove to adjust the approval rule.`,
        );
      }
      await tx.insert(proposalApprovalRounds).values({
        proposalId: id,
        signatureId: signature!.id,
        thresholdCents: rule.thresholdCents,
        requiredApprovals: rule.requiredApprovals,
        voterIds,
      });
      await tx.update(proposals).set({ status: 'pending_approval', chosenOptionKey: optionKey, updatedAt: sql`now()` }).where(eq(proposals.id, id));
      await announce(tx, { event: 'approvalStarted', loaded, title: version.title, totalCents: amount, actorId: user.id, voterIds });
    } else {
      await tx.update(proposals).set({ status: 'accepted', chosenOptionKey: optionKey, decidedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(proposals.id, id));
      await announce(tx, { event: 'accepted', loaded, title: version.title, totalCents: amount, actorId: user.id });
    }
    await recordAudit(tx, {
      action: 'proposal.signed',
      actorId: user.id,
      ip: client.ip,
      detail: { proposalId: id, version: version.version, contentSha256: hash, optionKey },
    });
  });
  return getProposalDetail(db, user, id);
}

/**
 * A board member's vote. Accepted once the approvals reach the rule's quorum; rejected as soon as
 * the quorum can no longer be reached (approvals + voters yet to vote < required).
 */
export async function voteOnProposal(db: Db, user: Caller, id: string, body: ProposalVote): Promise<ProposalDetail> {
  await db.transaction(async (tx) => {
    const loaded = await loadProposal(tx, user, id, { lock: true });
    const version = await loadVersion(tx, id, loaded.proposal.currentVersion);
    const facts = await factsOf(tx, loaded.proposal, version);
    assertMay(loaded.viewer, facts, 'vote');
    const round = (await openRound(tx, id))!;
    await tx.insert(proposalVotes).values({ roundId: round.id, voterId: user.id, vote: body.vote, comment: body.comment || null });
    const votes = await tx.select({ vote: proposalVotes.vote }).from(proposalVotes).where(eq(proposalVotes.roundId, round.id));
    const approvals = votes.filter((v) => v.vote === 'approve').length;
    const rejections = votes.length - approvals;
    const stillPossible = round.voterIds.length - rejections >= round.requiredApprovals;
    let outcome: 'accepted' | 'rejected' | null = null;
    if (approvals >= round.requiredApprovals) outcome = 'accepted';
    else if (!stillPossible) outcome = 'rejected';
    if (outcome) {
      await tx
        .update(proposalApprovalRounds)
        .set({ status: outcome === 'accepted' ? 'approved' : 'rejected', closedAt: sql`now()` })
        .where(eq(proposalApprovalRounds.id, round.id));
      await tx.update(proposals).set({ status: outcome, decidedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(proposals.id, id));
    } else {
      await tx.update(proposals).set({ updatedAt: sql`now()` }).where(eq(proposals.id, id));
    }
    await recordAudit(tx, { action: 'proposal.voted', actorId: user.id, detail: { proposalId: id, vote: body.vote, outcome } });
    if (outcome) {
      await announce(tx, {
        event: outcome === 'accepted' ? 'accepted' : 'boardRejected',
        loaded,
        title: version.title,
        totalCents: committedTotal(version, loaded.proposal.chosenOptionKey),
        actorId: user.id,
        byBoard: true,
      });
    }
  });
  return getProposalDetail(db, user, id);
}

/** Sent or viewed proposals past their valid-until date become expired (the hourly job). */
export async function expireProposals(db: Db, now = new Date()): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  const due = await db
    .select({ id: proposals.id })
    .from(proposals)
    .innerJoin(proposalVersions, and(eq(proposalVersions.proposalId, proposals.id), eq(proposalVersions.version, proposals.currentVersion)))
    .where(and(inArray(proposals.status, ['sent', 'viewed']), sql`${proposalVersions.validUntil} < ${day}::date`));
  if (due.length === 0) return 0;
  const rows = await db
    .update(proposals)
    .set({ status: 'expired', decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(inArray(proposals.id, due.map((row) => row.id)), inArray(proposals.status, ['sent', 'viewed'])))
    .returning({ id: proposals.id });
  return rows.length;
}

// ── Approval rule ───────────────────────────────────────────────────────────────────────────────

export async function getApprovalRule(db: Db, user: Caller, customerId: string): Promise<ApprovalRuleAnswer> {
  await assertCustomerInScope(db, user, customerId);
  const rule = await approvalRuleOf(db, customerId);
  const board = await boardMemberIds(db, customerId);
  return {
    rule: rule ? { thresholdCents: rule.thresholdCents, requiredApprovals: rule.requiredApprovals } : null,
    boardMembers: board.length,
    updatedAt: rule?.updatedAt.toISOString() ?? null,
  };
}

export async function setApprovalRule(db: Db, user: Caller, customerId: string, body: ApprovalRuleUpdate): Promise<ApprovalRuleAnswer> {
  await assertCustomerInScope(db, user, customerId);
  await db.transaction(async (tx) => {
    if (body.rule) {
      const values = { thresholdCents: body.rule.thresholdCents, requiredApprovals: body.rule.requiredApprovals, updatedById: user.id, updatedAt: sql`now()` };
      await tx.insert(proposalApprovalRules).values({ customerId, ...values }).onConflictDoUpdate({ target: proposalApprovalRules.customerId, set: values });
    } else {
      await tx.delete(proposalApprovalRules).where(eq(proposalApprovalRules.customerId, customerId));
    }
    const [customer] = await tx.select({ name: customers.name }).from(customers).where(eq(customers.id, customerId));
    await recordAudit(tx, { action: 'proposal.approval_rule_changed', actorId: user.id, detail: { customerId, customer: customer?.name, rule: body.rule } });
  });
  return getApprovalRule(db, user, customerId);
}

