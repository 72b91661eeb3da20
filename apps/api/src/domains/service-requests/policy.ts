import {
  SERVICE_REQUEST_ACTIONS,
  hasStaffRole,
  type ServiceRequestAction,
  type ServiceRequestStatus,
  type ServiceRequestTransition,
} from '@grove/shared';
import type { AuthUser } from '../../http/authenticate.js';
import { HttpError, conflict, forbidden } from '../../http/errors.js';
import { REOPEN_WINDOW_PASSED, canReopen, canTransition, illegalTransitionMessage, isOpen, notOpenMessage } from './state-machine.js';

/*
 * Who may do what to a request the caller can already see (scope is checked when loading it; a
 * request outside scope is 404 before any of this runs).
 * - Staff in scope: every action (acknowledge, schedule, start, complete, close, cancel, reopen,
 *   assign, priority, comment, internal note, edit).
 * - Customer-side users of the customer: comment, confirm closed, reopen within the window; the
 *   requester may also edit or cancel their request while it is still new.
 * A caller who may never take an action gets 403; one who may, but not in the current status, 409.
 */

export type Actor = Pick<AuthUser, 'id' | 'roles'>;

export interface RequestFacts {
  status: ServiceRequestStatus;
  requesterId: string | null;
  completedAt: Date | null;
}

export function isStaffUser(user: Pick<AuthUser, 'roles'>): boolean {
  return hasStaffRole(user.roles);
}

const CUSTOMER_ACTIONS: ReadonlySet<ServiceRequestAction> = new Set(['comment', 'close', 'reopen', 'cancel', 'edit']);
/** Customer actions only the requester may take. */
const REQUESTER_ONLY: ReadonlySet<ServiceRequestAction> = new Set(['cancel', 'edit']);
const TRANSITIONS: ReadonlySet<string> = new Set(['acknowledge', 'schedule', 'start', 'complete', 'close', 'cancel', 'reopen']);

function permitted(user: Actor, facts: RequestFacts, action: ServiceRequestAction): boolean {
  if (isStaffUser(user)) return true;
  if (!CUSTOMER_ACTIONS.has(action)) return false;
  return !REQUESTER_ONLY.has(action) || facts.requesterId === user.id;
}

/** The 409 message when the status does not allow the action now, or null when it does. */
function stateProblem(user: Actor, facts: RequestFacts, action: ServiceRequestAction, now: Date): string | null {
  if (TRANSITIONS.has(action)) {
    const transition = action as ServiceRequestTransition;
    if (!canTransition(transition, facts.status)) return illegalTransitionMessage(transition, facts.status);
    if (transition === 'reopen' && !canReopen(facts.status, facts.completedAt, now)) return REOPEN_WINDOW_PASSED;
    if (transition === 'cancel' && !isStaffUser(user) && facts.status !== 'new') {
      return 'Only a new request can be cancelled from the customer view. Please comment to ask the team to cancel it.';
    }
    return null;
  }
  switch (action) {
    case 'assign':
      return isOpen(facts.status) ? null : notOpenMessage('assign', facts.status);
    case 'priority':
      return isOpen(facts.status) ? null : notOpenMessage('change the priority of', facts.status);
    case 'edit':
      if (!isStaffUser(user) && facts.status !== 'new') return 'A request can only be edited from the customer view while it is new.';
      return isOpen(facts.status) ? null : notOpenMessage('edit', facts.status);
    default:
      return null;
  }
}

export type Verdict = { allowed: true } | { allowed: false; status: 403 | 409; reason: string };

/**
 * The one answer to "may this user take this action on this request now?" — every entry point
 * (single actions, bulk assignment, the buttons the web shows) asks it. 403: never for this caller;
 * 409: not in the request's current status.
 */
export function can(user: Actor, facts: RequestFacts, action: ServiceRequestAction, now = new Date()): Verdict {
  if (!permitted(user, facts, action)) return { allowed: false, status: 403, reason: 'You cannot do this to this request' };
  const problem = stateProblem(user, facts, action, now);
  return problem ? { allowed: false, status: 409, reason: problem } : { allowed: true };
}

/** `can`, throwing its 403 or 409. */
export function assertMay(user: Actor, facts: RequestFacts, action: ServiceRequestAction, now = new Date()): void {
  const verdict = can(user, facts, action, now);
  if (!verdict.allowed) throw verdict.status === 403 ? forbidden(verdict.reason) : conflict(verdict.reason);
}

/** What the caller may do now (the web shows exactly these buttons). */
export function allowedActions(user: Actor, facts: RequestFacts, now = new Date()): ServiceRequestAction[] {
  return SERVICE_REQUEST_ACTIONS.filter((action) => {
    if (action === 'internalNote') return isStaffUser(user);
    return permitted(user, facts, action) && stateProblem(user, facts, action, now) === null;
  });
}

/** Staff-only fields on a customer user's create call. */
export function assertStaffOnlyFields(user: Actor, fields: Record<string, unknown>): void {
  if (isStaffUser(user)) return;
  if (Object.values(fields).some((value) => value !== undefined && value !== null)) {
    throw new HttpError(403, 'Only Grove staff can set the assignee or the requester');
  }
}
