import { describe, expect, it } from 'vitest';
import { acknowledgeBodySchema, serviceRequestCreateSchema, serviceRequestListQuerySchema } from './service-requests.js';

describe('service request schemas', () => {
  it('reads list filters from a query string: comma lists, flags, views and defaults', () => {
    const query = serviceRequestListQuerySchema.parse({ status: 'new,in_progress', overdue: 'true', unassigned: 'false', view: 'myOpen' });
    expect(query).toMatchObject({ status: ['new', 'in_progress'], overdue: true, unassigned: false, view: 'myOpen', page: 1, pageSize: 25, sort: '-createdAt' });
    expect(serviceRequestListQuerySchema.parse({}).overdue).toBeUndefined();
    expect(serviceRequestListQuerySchema.safeParse({ status: 'new,lost' }).success).toBe(false);
    expect(serviceRequestListQuerySchema.safeParse({ sort: 'password' }).success).toBe(false);
    expect(serviceRequestListQuerySchema.safeParse({ createdFrom: '2026-02-30' }).success).toBe(false);
  });

  it('needs both coordinates of a point or neither', () => {
    const base = { customerId: crypto.randomUUID(), typeId: crypto.randomUUID(), title: 'Leak' };
    expect(serviceRequestCreateSchema.safeParse({ ...base, latitude: 33.7, longitude: -84.4 }).success).toBe(true);
    expect(serviceRequestCreateSchema.safeParse({ ...base, latitude: 33.7 }).success).toBe(false);
    expect(serviceRequestCreateSchema.safeParse({ ...base, latitude: 91, longitude: 0 }).success).toBe(false);
    expect(serviceRequestCreateSchema.parse(base)).toMatchObject({ preferredContact: 'email', description: '', photoIds: [], fileIds: [] });
  });

  it('treats a missing body of an optional-body step as empty', () => {
    expect(acknowledgeBodySchema.parse(undefined)).toEqual({});
    expect(acknowledgeBodySchema.parse(null)).toEqual({});
    expect(acknowledgeBodySchema.parse({ note: ' ok ' })).toEqual({ note: 'ok' });
  });
});
