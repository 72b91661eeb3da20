/* Test-only: a request as the API answers it, for component tests (jsdom). */
import type { ServiceRequestDetail, TimelineEntry } from '@grove/shared';

export const CUSTOMER_ID = '11111111-1111-4111-8111-111111111111';
export const REQUEST_ID = '22222222-2222-4222-8222-222222222222';
const STAFF = { id: '33333333-3333-4333-8333-333333333333', name: 'Jordan Ellis', isStaff: true };
const RESIDENT = { id: '44444444-4444-4444-8444-444444444444', name: 'Grace Liu', isStaff: false };

let seq = 0;
export function entry(overrides: Partial<TimelineEntry>): TimelineEntry {
  seq++;
  return {
    id: `55555555-5555-4555-8555-${String(seq).padStart(12, '0')}`,
    kind: 'comment',
    visibility: 'all',
    author: RESIDENT,
    text: '',
    fromStatus: null,
    toStatus: null,
    data: {},
    attachments: [],
    createdAt: `2026-03-0${Math.min(seq, 9)}T10:00:00.000Z`,
    ...overrides,
  };
}

export function request(overrides: Partial<ServiceRequestDetail> = {}): ServiceRequestDetail {
  return {
    id: REQUEST_ID,
    number: 'SR-2026-0042',
    customerId: CUSTOMER_ID,
    customerName: 'Whitlock Ridge HOA',
    branchId: '66666666-6666-4666-8666-666666666666',
    branchName: 'Marietta',
    status: 'new',
    title: 'Broken sprinkler head',
    locationText: 'By the pool',
    type: { id: '77777777-7777-4777-8777-777777777777', code: 'irrigation', name: 'Irrigation' },
    priority: { id: '88888888-8888-4888-8888-888888888888', code: 'normal', name: 'Normal', rank: 2 },
    assignee: null,
    requester: { id: RESIDENT.id, name: RESIDENT.name },
    scheduledDate: null,
    scheduledFrom: null,
    scheduledTo: null,
    responseDueAt: '2026-03-04T10:00:00.000Z',
    resolutionDueAt: '2026-03-10T10:00:00.000Z',
    overdue: false,
    latitude: null,
    longitude: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    completedAt: null,
    description: 'Water everywhere.',
    zoneId: null,
    preferredContact: 'email',
    createdBy: { id: RESIDENT.id, name: RESIDENT.name },
    acknowledgedAt: null,
    scheduledAt: null,
    startedAt: null,
    closedAt: null,
    cancelledAt: null,
    cancelReason: null,
    reopenedAt: null,
    reopenCount: 0,
    reopenUntil: null,
    allowedActions: [],
    attachments: [],
    timeline: [entry({ kind: 'status_change', toStatus: 'new', text: '' })],
    ...overrides,
  };
}

export const staffAuthor = STAFF;
export const residentAuthor = RESIDENT;

/** jsdom has no `document.fonts`, which Mantine's autosize textarea listens to. */
export function installFontsMock(): void {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
  }
}
