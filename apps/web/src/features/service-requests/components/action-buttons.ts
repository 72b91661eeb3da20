import type { ServiceRequestAction, ServiceRequestStatus } from '@grove/shared';
import type { Audience } from './Timeline';

/** The buttons of the action bar, in the order they appear. Comments and notes have their own box. */
export type BarAction = 'acknowledge' | 'assign' | 'schedule' | 'start' | 'complete' | 'close' | 'reopen' | 'priority' | 'cancel';

const STAFF_ORDER: readonly BarAction[] = ['acknowledge', 'schedule', 'start', 'complete', 'close', 'assign', 'priority', 'reopen', 'cancel'];
const CUSTOMER_ORDER: readonly BarAction[] = ['close', 'reopen', 'cancel'];

/** The step that moves the request on from each status: shown as the main button. */
const NEXT_STEP: Partial<Record<ServiceRequestStatus, BarAction>> = {
  new: 'acknowledge',
  acknowledged: 'schedule',
  scheduled: 'start',
  in_progress: 'complete',
  completed: 'close',
};

/** Exactly the actions the API allows now, that this audience has buttons for. */
export function barActions(allowed: readonly ServiceRequestAction[], audience: Audience): BarAction[] {
  const order = audience === 'staff' ? STAFF_ORDER : CUSTOMER_ORDER;
  return order.filter((action) => allowed.includes(action));
}

export function primaryAction(status: ServiceRequestStatus, actions: readonly BarAction[]): BarAction | undefined {
  const next = NEXT_STEP[status];
  return next && actions.includes(next) ? next : undefined;
}
