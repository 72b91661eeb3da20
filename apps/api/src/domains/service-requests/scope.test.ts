import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CUSTOMER_SCOPE_ROLES, ROLES, isCustomerRole, type Page, type ServiceRequestDetail, type ServiceRequestSummary } from '@grove/shared';
import { files } from '../../db/schema.js';
import { createScopeWorld, signIn, type ScopeWorld, type SignedIn } from '../../test/factories.js';
import { createServiceRequest, type ServiceRequestRow } from './test-factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';

describe(`service request scope and internal notes (${dbKind})`, () => {
  let ctx: TestContext;
  let world: ScopeWorld;
  let inside: ServiceRequestRow;
  let outside: ServiceRequestRow;
  const as = {} as Record<(typeof ROLES)[number], SignedIn>;

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await createScopeWorld(ctx);
    inside = await createServiceRequest(ctx, { customerId: world.inScope.id, title: 'Inside request', requesterId: world.users.Resident.id, latitude: 1, longitude: 2 });
    outside = await createServiceRequest(ctx, { customerId: world.outOfScope.id, title: 'Outside request', latitude: 3, longitude: 4 });
    for (const role of ROLES) as[role] = await signIn(ctx, world.users[role]);
  });
  afterAll(async () => {
    await ctx.close();
  });

  for (const role of ROLES) {
    const seesAll = (ALL_CUSTOMER_SCOPE_ROLES as readonly string[]).includes(role);
    it(`${role}: lists and opens ${seesAll ? 'both customers’' : 'only the in-scope customer’s'} requests`, async () => {
      const page = (await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequests?pageSize=100', headers: as[role] })).json<Page<ServiceRequestSummary>>();
      const ids = page.data.map((r) => r.id);
      expect(ids).toContain(inside.id);
      expect(ids.includes(outside.id)).toBe(seesAll);
      expect(page.total).toBe(seesAll ? 2 : 1);
      const get = (id: string) => ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests/${id}`, headers: as[role] });
      expect((await get(inside.id)).statusCode).toBe(200);
      expect((await get(outside.id)).statusCode).toBe(seesAll ? 200 : 404);
      const csv = await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequests/export.csv', headers: as[role] });
      expect(csv.body.includes('Outside request')).toBe(seesAll);
      const comment = await ctx.app.inject({ method: 'POST', url: `/api/ServiceRequests/${outside.id}/comments`, headers: as[role], payload: { text: 'hi' } });
      expect(comment.statusCode).toBe(seesAll ? 201 : 404);
      if (isCustomerRole(role)) {
        const filtered = await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests?customerId=${world.outOfScope.id}`, headers: as[role] });
        expect(filtered.json<Page<ServiceRequestSummary>>().total).toBe(0);
      }
    });
  }

  it('a request id that does not exist is 404 like one out of scope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests/${crypto.randomUUID()}`, headers: as['System Admin'] });
    expect(res.statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequests' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests/${inside.id}` })).statusCode).toBe(401);
  });

  describe('internal notes', () => {
    let noteText: string;
    let notePhotoId: string;
    beforeAll(async () => {
      noteText = `Gate code 4417 — customer owes last invoice ${crypto.randomUUID()}`;
      const [photo] = await ctx.database.db
        .insert(files)
        .values({
          kind: 'photo',
          originalName: 'internal.jpg',
          storageKey: `test/${crypto.randomUUID()}`,
          mimeType: 'image/jpeg',
          sizeBytes: 10,
          sha256: 'y'.repeat(64),
          uploadedBy: world.users['Account Manager'].id,
        })
        .returning();
      const note = await ctx.app.inject({
        method: 'POST',
        url: `/api/ServiceRequests/${inside.id}/comments`,
        headers: as['Account Manager'],
        payload: { text: noteText, internal: true, photoIds: [photo!.id] },
      });
      notePhotoId = photo!.id;
      expect(note.statusCode, note.body).toBe(201);
      const comment = await ctx.app.inject({
        method: 'POST',
        url: `/api/ServiceRequests/${inside.id}/comments`,
        headers: as['Account Manager'],
        payload: { text: 'We will come on Tuesday.' },
      });
      expect(comment.statusCode).toBe(201);
    });

    it('staff see them on the timeline', async () => {
      const detail = (await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests/${inside.id}`, headers: as['Crew Leader'] })).json<ServiceRequestDetail>();
      const note = detail.timeline.find((e) => e.kind === 'internal_note');
      expect(note).toMatchObject({ text: noteText, visibility: 'staff', author: { isStaff: true } });
      expect(note!.attachments).toHaveLength(1);
    });

    for (const role of ROLES.filter(isCustomerRole)) {
      it(`are never sent to a ${role}`, async () => {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests/${inside.id}`, headers: as[role] });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain(noteText);
        expect(res.body).not.toContain('internal.jpg');
        const detail = res.json<ServiceRequestDetail>();
        expect(detail.timeline.length).toBeGreaterThan(0);
        expect(detail.timeline.every((e) => e.kind === 'comment')).toBe(true);
        expect(detail.timeline.every((e) => e.visibility === 'all')).toBe(true);
        expect(detail.allowedActions).not.toContain('internalNote');
        // The comments answer (which returns the request) filters the same way.
        const comment = await ctx.app.inject({
          method: 'POST',
          url: `/api/ServiceRequests/${inside.id}/comments`,
          headers: as[role],
          payload: { text: `Thanks from ${role}` },
        });
        expect(comment.statusCode).toBe(201);
        expect(comment.body).not.toContain(noteText);
      });
    }

    it('their photos are served to staff in scope but never to customer users', async () => {
      const file = (role: (typeof ROLES)[number]) => ctx.app.inject({ method: 'GET', url: `/api/Files/${notePhotoId}`, headers: as[role] });
      expect((await file('Crew Leader')).statusCode).toBe(200);
      for (const role of ROLES.filter(isCustomerRole)) expect((await file(role)).statusCode, role).toBe(404);
    });

    it('customer users cannot write one (403)', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/ServiceRequests/${inside.id}/comments`,
        headers: as['Property Manager'],
        payload: { text: 'Sneaky', internal: true },
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
