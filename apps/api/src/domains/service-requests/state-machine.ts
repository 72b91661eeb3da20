import {
  OPEN_SERVICE_REQUEST_STATUSES,
  REOPEN_WINDOW_DAYS,
  type ServiceRequestStatus,
  type ServiceRequestTransition,
} from '@grove/shared';

/*
 * The request's status machine (issue 5):
 *   new → acknowledged → scheduled → in_progress → completed → closed
 *   cancelled from any open state (with a reason); reopen from completed/closed within 14 days of
 *   completion (back to in_progress, with a reason).
 * Staff may move forward past steps (e.g. schedule a new request, complete a scheduled one): the
 * skipped steps get their timestamps at the same moment, so the response SLA counts as met.
 * Nothing leaves `cancelled`; `closed` only by reopening.
 */

interface TransitionRule {
  from: readonly ServiceRequestStatus[];
  to: ServiceRequestStatus;
}

const OPEN: readonly ServiceRequestStatus[] = OPEN_SERVICE_REQUEST_STATUSES;

export const TRANSITION_RULES: Record<ServiceRequestTransition, TransitionRule> = {
  acknowledge: { from: ['new'], to: 'acknowledged' },
  // Scheduling a scheduled request reschedules it.
  schedule: { from: ['new', 'acknowledged', 'scheduled'], to: 'scheduled' },
  start: { from: ['new', 'acknowledged', 'scheduled'], to: 'in_progress' },
  complete: { from: OPEN, to: 'completed' },
  close: { from: ['completed'], to: 'closed' },
  cancel: { from: OPEN, to: 'cancelled' },
  reopen: { from: ['completed', 'closed'], to: 'in_progress' },
};

const STATUS_WORDS: Record<ServiceRequestStatus, string> = {
  new: 'new',
  acknowledged: 'acknowledged',
  scheduled: 'scheduled',
  in_progress: 'in progress',
  completed: 'completed',
  closed: 'closed',
  cancelled: 'cancelled',
};

export function isOpen(status: ServiceRequestStatus): boolean {
  return OPEN.includes(status);
}

export function canTransition(action: ServiceRequestTransition, status: ServiceRequestStatus): boolean {
  return TRANSITION_RULES[action].from.includes(status);
}

/** The 409 text of an illegal transition. */
export function illegalTransitionMessage(action: ServiceRequestTransition, status: ServiceRequestStatus): string {
  return `Cannot ${action} a request that is ${STATUS_WORDS[status]}.`;
}

/** Text for changes that need an open request (assign, priority, edit). */
export function notOpenMessage(what: string, status: ServiceRequestStatus): string {
  return `Cannot ${what} a request that is ${STATUS_WORDS[status]}.`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Last moment a request completed at `completedAt` may be reopened. */
export function reopenDeadline(completedAt: Date): Date {
  return new Date(completedAt.getTime() + REOPEN_WINDOW_DAYS * DAY_MS);
}

export const REOPEN_WINDOW_PASSED = `A request can only be reopened within ${REOPEN_WINDOW_DAYS} days of its completion.`;

/** Reopen is legal from completed/closed while the 14-day window since completion is open. */
export function canReopen(status: ServiceRequestStatus, completedAt: Date | null, now: Date): boolean {
  return canTransition('reopen', status) && completedAt !== null && now.getTime() <= reopenDeadline(completedAt).getTime();
}
