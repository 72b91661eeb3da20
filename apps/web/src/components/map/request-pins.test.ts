import { describe, expect, it } from 'vitest';
import { SERVICE_REQUEST_STATUSES, type ServiceRequestPin, type ServiceRequestStatus } from '@grove/shared';
import { countByStatus, isShownByDefault, REQUEST_STATUS_COLORS, requestLinkBuilder, visibleRequestPins } from './request-pins';

const pin = (status: ServiceRequestStatus, n: number): ServiceRequestPin => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  number: `SR-00${n}`,
  title: `Request ${n}`,
  status,
  lat: 40 + n / 1000,
  lng: -105,
});

describe('request pins', () => {
  it('gives every status its own visible colour', () => {
    const colors = SERVICE_REQUEST_STATUSES.map((status) => REQUEST_STATUS_COLORS[status]);
    expect(colors.every((color) => /^#[0-9a-f]{6}$/i.test(color))).toBe(true);
    expect(new Set(colors).size).toBe(SERVICE_REQUEST_STATUSES.length);
  });

  it('hides closed and cancelled requests by default, shows every other status', () => {
    const hidden = SERVICE_REQUEST_STATUSES.filter((status) => !isShownByDefault(status));
    expect(hidden).toEqual(['closed', 'cancelled']);
    const pins = [pin('new', 1), pin('in_progress', 2), pin('closed', 3), pin('cancelled', 4), pin('completed', 5)];
    expect(visibleRequestPins(pins, false).map((p) => p.number)).toEqual(['SR-001', 'SR-002', 'SR-005']);
    expect(visibleRequestPins(pins, true)).toHaveLength(5);
  });

  it('counts pins per status in workflow order', () => {
    const counts = countByStatus([pin('scheduled', 1), pin('new', 2), pin('scheduled', 3)]);
    expect(counts.map((row) => row.status)).toEqual([...SERVICE_REQUEST_STATUSES]);
    expect(counts.find((row) => row.status === 'scheduled')?.count).toBe(2);
    expect(counts.find((row) => row.status === 'new')?.count).toBe(1);
  });

  it('links staff and customer users to their own request pages', () => {
    const customerId = 'c0000000-0000-4000-8000-000000000001';
    const requestId = 'r0000000-0000-4000-8000-000000000002';
    expect(requestLinkBuilder('/customers', customerId)(requestId)).toBe(`/customers/${customerId}/requests/${requestId}/update`);
    expect(requestLinkBuilder('/customerView', customerId)(requestId)).toBe(`/customerView/${customerId}/requests/${requestId}/update`);
  });
});
