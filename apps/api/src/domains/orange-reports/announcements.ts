import { and, eq, sql } from 'drizzle-orm';
import { hasStaffRole, parseRoles } from '@grove/shared';
import { customers, users } from '../../db/schema.js';
import { customerUsersReceiving, notify, type Notifier, type Recipient } from '../notifications/index.js';
import { ORANGE_REPORT_KINDS as KINDS, type OrangeReportMessageKey } from './messages.js';
import type { TransitionAction } from './service.js';

/*
 * Who hears what about a report (issue 10; preferences may still mute a kind per person):
 * - submitted → its reviewers: the customer's account manager and the branch managers of its
 *   branch (the region's managers when the branch has none) — orange_report_submitted;
 * - returned / approved → the author (orange_report_reviewed);
 * - approved, resolved, a staff comment on a published report → the customer's users whose
 *   customer settings route orange_report_published to their role (in-app + email, their language);
 * - acknowledged, proposal requested, declined, a customer comment → the account manager and the
 *   author (orange_report_customer_response).
 * Nobody hears about drafts; a customer user never hears about an unpublished report.
 */

export interface ReportRef {
  id: string;
  number: string;
  title: string;
  customerId: string;
  customerName: string;
  authorId: string | null;
  accountManagerId: string | null;
}

const EXCERPT = 200;
const excerptOf = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

export function reportLink(report: Pick<ReportRef, 'id' | 'customerId'>) {
  return (recipient: Recipient) =>
    recipient.isStaff ? `/customers/${report.customerId}/orange-reports/${report.id}/view` : `/customerView/${report.customerId}/orange-reports/${report.id}/view`;
}

/** The customer's account manager and branch managers (the region's managers if the branch has none). */
export async function reviewersOf(tx: Notifier, customerId: string): Promise<string[]> {
  const [customer] = await tx
    .select({ accountManagerId: customers.accountManagerId, branchId: customers.branchId, regionId: customers.regionId })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return [];
  const holding = (role: string) => sql`${role} = any(${users.roles})`;
  const branchManagers = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.active, true), eq(users.branchId, customer.branchId), holding('Branch Manager')));
  const regional = branchManagers.length
    ? []
    : await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.active, true), eq(users.regionId, customer.regionId), sql`(${holding('Regional Manager')} or ${holding('Regional Director')})`));
  return [...(customer.accountManagerId ? [customer.accountManagerId] : []), ...branchManagers.map((u) => u.id), ...regional.map((u) => u.id)];
}

const others = (ids: readonly (string | null)[], actorId: string) => [...new Set(ids.filter((id): id is string => id !== null && id !== actorId))];

async function send(tx: Notifier, userIds: string[], kind: string, key: OrangeReportMessageKey, report: ReportRef, actor: { id: string; name: string }, text: string) {
  await notify(tx, {
    userIds,
    type: kind,
    titleKey: key,
    params: { number: report.number, title: report.title, customer: report.customerName, actor: actor.name, excerpt: excerptOf(text) },
    link: reportLink(report),
    customerId: report.customerId,
  });
}

async function toCustomer(tx: Notifier, key: OrangeReportMessageKey, report: ReportRef, actor: { id: string; name: string }, text: string) {
  const receivers = await customerUsersReceiving(tx, report.customerId, KINDS.published);
  await send(tx, others(receivers, actor.id), KINDS.published, key, report, actor, text);
}

/** Notifications of one change, in the change's transaction (notify writes the outbox). */
export async function announce(
  tx: Notifier,
  action: TransitionAction | 'comment',
  report: ReportRef,
  actor: { id: string; name: string; isStaff?: boolean },
  text: string,
  published = true,
): Promise<void> {
  const team = others([report.accountManagerId, report.authorId], actor.id);
  switch (action) {
    case 'submit':
      return send(tx, others(await reviewersOf(tx, report.customerId), actor.id), KINDS.submitted, 'orangeReport.submitted', report, actor, text);
    case 'return':
      return send(tx, others([report.authorId], actor.id), KINDS.reviewed, 'orangeReport.returned', report, actor, text);
    case 'approve':
      await send(tx, others([report.authorId], actor.id), KINDS.reviewed, 'orangeReport.approvedAuthor', report, actor, text);
      return toCustomer(tx, 'orangeReport.published', report, actor, text);
    case 'resolve':
      return toCustomer(tx, 'orangeReport.resolved', report, actor, text);
    case 'acknowledge':
      return send(tx, team, KINDS.customerResponse, 'orangeReport.acknowledged', report, actor, text);
    case 'requestProposal':
      return send(tx, team, KINDS.customerResponse, 'orangeReport.proposalRequested', report, actor, text);
    case 'decline':
      return send(tx, team, KINDS.customerResponse, 'orangeReport.declined', report, actor, text);
    case 'comment': {
      const [row] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, actor.id));
      if (!hasStaffRole(parseRoles(row?.roles ?? []))) return send(tx, team, KINDS.customerResponse, 'orangeReport.comment', report, actor, text);
      if (published) return toCustomer(tx, 'orangeReport.comment', report, actor, text);
      return send(tx, others([report.authorId], actor.id), KINDS.reviewed, 'orangeReport.comment', report, actor, text);
    }
  }
}
