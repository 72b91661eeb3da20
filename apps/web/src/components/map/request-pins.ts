import { SERVICE_REQUEST_STATUSES, type ServiceRequestPin, type ServiceRequestStatus } from '@grove/shared';

/** Pin colour per request status: warm while work is owed, green when done, grey once over. */
export const REQUEST_STATUS_COLORS: Record<ServiceRequestStatus, string> = {
  new: '#d6336c',
  acknowledged: '#f59f00',
  scheduled: '#1c7ed6',
  in_progress: '#7048e8',
  completed: '#2f9e44',
  closed: '#868e96',
  cancelled: '#495057',
};

/** Finished requests: hidden from the map until the user asks for them. */
export const HIDDEN_BY_DEFAULT_STATUSES: readonly ServiceRequestStatus[] = ['closed', 'cancelled'];

export function isShownByDefault(status: ServiceRequestStatus): boolean {
  return !HIDDEN_BY_DEFAULT_STATUSES.includes(status);
}

/** The pins to draw: all of them, or only those still of interest. */
export function visibleRequestPins(pins: readonly ServiceRequestPin[], showFinished: boolean): ServiceRequestPin[] {
  return showFinished ? [...pins] : pins.filter((pin) => isShownByDefault(pin.status));
}

/** How many pins have each status (legend counts), in workflow order. */
export function countByStatus(pins: readonly ServiceRequestPin[]): { status: ServiceRequestStatus; count: number }[] {
  return SERVICE_REQUEST_STATUSES.map((status) => ({ status, count: pins.filter((pin) => pin.status === status).length }));
}

export type RequestLinkBuilder = (requestId: string) => string;

/**
 * Links to a request's page from the customer's map: `base` is `/customers` for staff and
 * `/customerView` for customer users, so each lands in their own view.
 */
export function requestLinkBuilder(base: '/customers' | '/customerView', customerId: string): RequestLinkBuilder {
  return (requestId) => `${base}/${encodeURIComponent(customerId)}/requests/${encodeURIComponent(requestId)}/update`;
}
