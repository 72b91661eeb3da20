import { sql, type SQL } from 'drizzle-orm';
import {
  ORANGE_REPORT_ACTIONS,
  ORANGE_REPORT_PUBLISHED_STATUSES,
  hasStaffRole,
  isSystemAdmin,
  type OrangeReportAction,
  type OrangeReportStatus,
  type Role,
} from '@grove/shared';
import { customers } from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { conflict, forbidden } from '../../http/errors.js';
import { orangeReports } from './tables.js';

/*
 * Who may see and do what with an orange report (issue 10). Scope (the customer in the caller's
 * scope) is checked first; a report outside it, or hidden by the rules below, is 404.
 * - Drafts: their author only. Returned reports: their author and the reviewers.
 * - Reviewers: Branch Manager and above (in scope), and the customer's own account manager.
 * - Customer users: published reports (approved and after) of their customers, nothing else.
 * - The author edits a draft or a returned report and submits it; a reviewer edits a submitted
 *   report (text, captions, prices), then approves or returns it with a comment.
 * - Customer users acknowledge, ask for a proposal, decline with a reason, comment.
 * - Staff in scope mark an approved or acknowledged report resolved (with "after" photos).
 * A caller who may never take an action gets 403; one who may, but not in this status, 409.
 */

export type Caller = Pick<AuthUser, 'id' | 'roles' | 'regionId' | 'branchId'>;

export const REVIEWER_ROLES: readonly Role[] = ['Executive', 'System Admin', 'Executive Team', 'Regional Director', 'Regional Manager', 'Branch Manager'];

export interface ReportFacts {
  status: OrangeReportStatus;
  authorId: string | null;
  accountManagerId: string | null;
  proposalRequested: boolean;
}

export const isStaff = (user: Pick<Caller, 'roles'>) => hasStaffRole(user.roles);
export const isPublished = (status: OrangeReportStatus) => (ORANGE_REPORT_PUBLISHED_STATUSES as readonly string[]).includes(status);

/** Reviewers of a customer's reports (the customer is already in the caller's scope). */
export function isReviewer(user: Caller, accountManagerId: string | null): boolean {
  if (user.roles.some((role) => REVIEWER_ROLES.includes(role))) return true;
  return user.roles.includes('Account Manager') && accountManagerId === user.id;
}

/** Whether the caller may see the report at all (after the scope check). */
export function canSee(user: Caller, facts: ReportFacts): boolean {
  if (!isStaff(user)) return isPublished(facts.status);
  if (facts.status === 'draft') return facts.authorId === user.id;
  if (facts.status === 'returned') return facts.authorId === user.id || isReviewer(user, facts.accountManagerId);
  return true;
}

/** The same rule as SQL over `orange_reports` joined to `customers` (lists, counts, pins). */
export function visibleCondition(user: Caller): SQL {
  if (!isStaff(user)) {
    const published = sql.raw(ORANGE_REPORT_PUBLISHED_STATUSES.map((s) => `'${s}'`).join(','));
    return sql`${orangeReports.status} in (${published})`;
  }
  const reviewerEverywhere = user.roles.some((role) => REVIEWER_ROLES.includes(role));
  const reviewer = reviewerEverywhere
    ? sql`true`
    : user.roles.includes('Account Manager')
      ? sql`${customers.accountManagerId} = ${user.id}`
      : sql`false`;
  return sql`(${orangeReports.status} not in ('draft', 'returned') or ${orangeReports.authorId} = ${user.id} or (${orangeReports.status} = 'returned' and ${reviewer}))`;
}

/** The reviewer part alone: reports of customers the caller reviews (SQL, joined to customers). */
export function reviewableCondition(user: Caller): SQL {
  if (user.roles.some((role) => REVIEWER_ROLES.includes(role))) return sql`true`;
  if (user.roles.includes('Account Manager')) return sql`${customers.accountManagerId} = ${user.id}`;
  return sql`false`;
}

type Relation = 'author' | 'reviewer' | 'customer' | 'staff';

const WHO: Record<OrangeReportAction, Relation[]> = {
  edit: ['author', 'reviewer'],
  delete: ['author'],
  submit: ['author'],
  approve: ['reviewer'],
  return: ['reviewer'],
  acknowledge: ['customer'],
  requestProposal: ['customer'],
  decline: ['customer'],
  resolve: ['staff'],
  comment: ['staff', 'customer'],
};

function relations(user: Caller, facts: ReportFacts): Set<Relation> {
  const result = new Set<Relation>();
  if (!isStaff(user)) {
    result.add('customer');
    return result;
  }
  result.add('staff');
  if (facts.authorId === user.id) result.add('author');
  if (isReviewer(user, facts.accountManagerId)) result.add('reviewer');
  return result;
}

const STATUS_WORDS: Record<OrangeReportStatus, string> = {
  draft: 'a draft',
  submitted: 'waiting for review',
  returned: 'returned to its author',
  approved: 'approved',
  acknowledged: 'acknowledged',
  resolved: 'resolved',
  declined: 'declined',
};

/** The 409 text when the status does not allow the action now, or null. */
function stateProblem(user: Caller, facts: ReportFacts, action: OrangeReportAction): string | null {
  const s = facts.status;
  const is = (...statuses: OrangeReportStatus[]) => statuses.includes(s);
  const no = (what: string) => `Cannot ${what} a report that is ${STATUS_WORDS[s]}.`;
  switch (action) {
    case 'edit':
      if (facts.authorId === user.id && is('draft', 'returned')) return null;
      if (isReviewer(user, facts.accountManagerId) && is('submitted')) return null;
      return no('edit');
    case 'delete':
      return is('draft') ? null : no('delete');
    case 'submit':
      return is('draft', 'returned') ? null : no('submit');
    case 'approve':
      return is('submitted') ? null : no('approve');
    case 'return':
      return is('submitted') ? null : no('return');
    case 'acknowledge':
      return is('approved') ? null : no('acknowledge');
    case 'requestProposal':
      if (!is('approved', 'acknowledged')) return no('ask for a proposal on');
      return facts.proposalRequested ? 'A proposal has already been requested for this report.' : null;
    case 'decline':
      return is('approved', 'acknowledged') ? null : no('decline');
    case 'resolve':
      return is('approved', 'acknowledged') ? null : no('resolve');
    case 'comment':
      return is('draft') ? no('comment on') : null;
  }
}

function permitted(user: Caller, facts: ReportFacts, action: OrangeReportAction): boolean {
  const mine = relations(user, facts);
  return WHO[action].some((relation) => mine.has(relation));
}

/** 403 when the caller may never take the action on this report, 409 when not in its status. */
export function assertMay(user: Caller, facts: ReportFacts, action: OrangeReportAction): void {
  if (!permitted(user, facts, action)) throw forbidden('You cannot do this to this report');
  const problem = stateProblem(user, facts, action);
  if (problem) throw conflict(problem);
}

/** What the caller may do now (the web shows exactly these buttons). */
export function allowedActions(user: Caller, facts: ReportFacts): OrangeReportAction[] {
  return ORANGE_REPORT_ACTIONS.filter((action) => permitted(user, facts, action) && stateProblem(user, facts, action) === null);
}

/** Only staff write reports (the customer's users read published ones). */
export function assertCanAuthor(user: Caller): void {
  if (!isStaff(user)) throw forbidden('Only Grove staff can write orange reports');
}

/** The catalogue is managed by System Admin only (issue 10); every staff member reads it. */
export function assertCanManageCatalogue(user: Pick<AuthUser, 'roles'>): void {
  if (!isSystemAdmin(user.roles)) throw forbidden('Only a System Admin can change the service catalogue');
}
