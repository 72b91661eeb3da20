import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification, NotificationPreference, Page, ServiceRequestDetail, ServiceRequestType } from '@grove/shared';
import { customerSettings, notifications, outbox, users } from '../../db/schema.js';
import { outboxEmails } from '../../test/outbox-emails.js';
import { type SignedIn, type TestUser } from '../../test/factories.js';
import { createServiceRequest } from '../service-requests/test-factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { createRequestWorld, type RequestWorld } from '../service-requests/test-factories.js';
import { notificationKinds } from '../../modules/catalog.js';
import { notify } from './service.js';

describe(`notifications (${dbKind})`, () => {
  let ctx: TestContext;
  let w: RequestWorld;
  let irrigation: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createRequestWorld(ctx);
    const types = (await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequestTypes', headers: w.as.resident })).json<{ data: ServiceRequestType[] }>();
    irrigation = types.data.find((t) => t.code === 'irrigation')!.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = async (as: SignedIn, url: string, payload: object = {}) => {
    const res = await ctx.app.inject({ method: 'POST', url, headers: as, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<ServiceRequestDetail>();
  };
  const fileAs = (as: SignedIn, title = 'Broken sprinkler') => post(as, '/api/ServiceRequests', { customerId: w.customer.id, typeId: irrigation, title });

  /** Who got a notification about request `id`, as "name:type" pairs, sorted. */
  async function heard(id: string): Promise<string[]> {
    const rows = await ctx.database.db
      .select({ type: notifications.type, first: users.firstName })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(like(notifications.link, `%${id}%`));
    return rows.map((r) => `${r.first}:${r.type}`).sort();
  }
  async function clear() {
    await ctx.database.db.delete(notifications);
    await ctx.database.db.delete(outbox);
  }
  const emailsTo = (user: TestUser) => outboxEmails(ctx, user.email);

  describe('who hears what', () => {
    beforeEach(clear);

    it('a new request: the account manager and the team, and the Property Manager (issue 17 §3); not other residents', async () => {
      const r = await fileAs(w.as.resident);
      expect(await heard(r.id)).toEqual(['Carl:service_request_created', 'Mia:service_request_created', 'Paula:service_request_new_at_property']);
    });

    it('a Property Manager filing does not hear of her own request', async () => {
      const r = await fileAs(w.as.propertyManager);
      expect(await heard(r.id)).toEqual(['Carl:service_request_created', 'Mia:service_request_created']);
    });

    it('staff filing with an assignee: the assignee hears "assigned", the rest of the team "created", not the filer', async () => {
      const r = await post(w.as.manager, '/api/ServiceRequests', { customerId: w.customer.id, typeId: irrigation, title: 'Limb down', assigneeId: w.crew.id });
      expect(await heard(r.id)).toEqual(['Carl:service_request_assigned', 'Paula:service_request_new_at_property']);
    });

    it('status changes: the requester and the Property Manager (on by default), not other residents or staff', async () => {
      const r = await fileAs(w.as.resident);
      await clear();
      await post(w.as.manager, `/api/ServiceRequests/${r.id}/acknowledge`);
      expect(await heard(r.id)).toEqual(['Paula:service_request_property_update', 'Rita:service_request_update']);
    });

    it('a resident who turns property updates on hears them too', async () => {
      const put = await ctx.app.inject({
        method: 'PUT',
        url: '/api/Notifications/preferences',
        headers: w.as.neighbour,
        payload: { data: [{ kind: 'service_request_property_update', inApp: true, email: false }] },
      });
      expect(put.statusCode).toBe(200);
      const r = await fileAs(w.as.resident);
      await clear();
      await post(w.as.manager, `/api/ServiceRequests/${r.id}/schedule`, { scheduledDate: '2030-04-02' });
      expect(await heard(r.id)).toEqual(['Ned:service_request_property_update', 'Paula:service_request_property_update', 'Rita:service_request_update']);
      expect(await emailsTo(w.neighbour)).toHaveLength(0);
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/Notifications/preferences',
        headers: w.as.neighbour,
        payload: { data: [{ kind: 'service_request_property_update', inApp: false, email: false }] },
      });
    });

    it('assignment: the new assignee', async () => {
      const r = await fileAs(w.as.resident);
      await clear();
      await post(w.as.manager, `/api/ServiceRequests/${r.id}/assign`, { assigneeId: w.crew.id });
      expect(await heard(r.id)).toEqual(['Carl:service_request_assigned']);
    });

    it('a customer comment: the assignee (and the customer side), not the rest of the team', async () => {
      const r = await fileAs(w.as.resident);
      await post(w.as.manager, `/api/ServiceRequests/${r.id}/assign`, { assigneeId: w.crew.id });
      await clear();
      await post(w.as.resident, `/api/ServiceRequests/${r.id}/comments`, { text: 'The water is still running' });
      expect(await heard(r.id)).toEqual(['Carl:service_request_customer_activity', 'Paula:service_request_property_update']);
    });

    it('a customer comment on an unassigned request: the account manager', async () => {
      const r = await fileAs(w.as.propertyManager);
      await clear();
      await post(w.as.propertyManager, `/api/ServiceRequests/${r.id}/comments`, { text: 'Any news?' });
      expect(await heard(r.id)).toEqual(['Mia:service_request_customer_activity']);
    });

    it('a staff comment: the requester and the Property Manager; an internal note: nobody', async () => {
      const r = await fileAs(w.as.resident);
      await clear();
      await post(w.as.crew, `/api/ServiceRequests/${r.id}/comments`, { text: 'On our way', internal: false });
      expect(await heard(r.id)).toEqual(['Paula:service_request_property_update', 'Rita:service_request_update']);
      await clear();
      await post(w.as.crew, `/api/ServiceRequests/${r.id}/comments`, { text: 'Customer is difficult', internal: true });
      expect(await heard(r.id)).toEqual([]);
      expect(await ctx.database.db.select().from(outbox)).toHaveLength(0);
    });

    it('a customer closing or reopening: the assignee and the customer side', async () => {
      const r = await fileAs(w.as.resident);
      await post(w.as.manager, `/api/ServiceRequests/${r.id}/assign`, { assigneeId: w.crew.id });
      await post(w.as.crew, `/api/ServiceRequests/${r.id}/complete`);
      await clear();
      await post(w.as.resident, `/api/ServiceRequests/${r.id}/close`);
      expect(await heard(r.id)).toEqual(['Carl:service_request_customer_activity', 'Paula:service_request_property_update']);
      await clear();
      await post(w.as.propertyManager, `/api/ServiceRequests/${r.id}/reopen`, { reason: 'Leaking again' });
      expect(await heard(r.id)).toEqual(['Carl:service_request_customer_activity', 'Rita:service_request_update']);
    });

    it('the customer’s settings can route a kind away from a role, before anyone’s own preferences', async () => {
      await ctx.database.db
        .insert(customerSettings)
        .values({ customerId: w.customer.id, notificationRoles: { service_request_property_update: ['Board Member'] } });
      try {
        const r = await fileAs(w.as.resident);
        await clear();
        await post(w.as.manager, `/api/ServiceRequests/${r.id}/acknowledge`);
        expect(await heard(r.id)).toEqual(['Rita:service_request_update']);
      } finally {
        await ctx.database.db.delete(customerSettings).where(eq(customerSettings.customerId, w.customer.id));
      }
    });

    it('inactive users and unlinked customer users hear nothing', async () => {
      await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, w.propertyManager.id));
      try {
        const r = await fileAs(w.as.resident);
        await clear();
        await post(w.as.manager, `/api/ServiceRequests/${r.id}/acknowledge`);
        expect(await heard(r.id)).toEqual(['Rita:service_request_update']);
      } finally {
        await ctx.database.db.update(users).set({ active: true }).where(eq(users.id, w.propertyManager.id));
      }
    });
  });

  describe('email', () => {
    beforeEach(clear);

    it('is queued in each recipient’s language with a link to their own view', async () => {
      await ctx.database.db.update(users).set({ language: 'es' }).where(eq(users.id, w.resident.id));
      await ctx.database.db.update(users).set({ language: 'ja' }).where(eq(users.id, w.propertyManager.id));
      const r = await fileAs(w.as.resident, 'Fuga en el riego');
      const [toManager] = await emailsTo(w.manager);
      expect(toManager).toMatchObject({ subject: `New service request ${r.number}`, kind: 'notification:service_request_created' });
      expect(toManager!.text).toContain('Rita Resident filed “Fuga en el riego” for Willow Creek HOA.');
      expect(toManager!.text).toContain(`/service-requests/${r.id}/update`);
      await clear();

      await post(w.as.manager, `/api/ServiceRequests/${r.id}/acknowledge`);
      const [toResident] = await emailsTo(w.resident);
      expect(toResident).toMatchObject({ subject: `Solicitud de servicio ${r.number}: Recibida`, kind: 'notification:service_request_update' });
      expect(toResident!.text).toContain('Hola, Rita:');
      expect(toResident!.text).toContain(`/customerView/${w.customer.id}/requests/${r.id}/update`);
      expect(toResident!.html).toContain('lang="es"');
      const [toPm] = await emailsTo(w.propertyManager);
      expect(toPm!.subject).toBe(`サービスリクエスト ${r.number}：受付済み`);
      // The in-app copy is rendered in the reader's language when listed.
      const list = (await ctx.app.inject({ method: 'GET', url: '/api/Notifications', headers: w.as.resident })).json<Page<Notification>>();
      expect(list.data[0]).toMatchObject({ title: `Solicitud de servicio ${r.number}: Recibida`, link: `/customerView/${w.customer.id}/requests/${r.id}/update` });
      await ctx.database.db.update(users).set({ language: 'en' }).where(eq(users.id, w.resident.id));
      const again = (await ctx.app.inject({ method: 'GET', url: '/api/Notifications', headers: w.as.resident })).json<Page<Notification>>();
      expect(again.data[0]!.title).toBe(`Service request ${r.number}: Acknowledged`);
      await ctx.database.db.update(users).set({ language: 'en' }).where(eq(users.id, w.propertyManager.id));
    });

    it('is not sent when the recipient turned email off for that kind; the notification centre still has it', async () => {
      const r = await fileAs(w.as.resident);
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/Notifications/preferences',
        headers: w.as.resident,
        payload: { data: [{ kind: 'service_request_update', inApp: true, email: false }] },
      });
      await clear();
      await post(w.as.manager, `/api/ServiceRequests/${r.id}/start`);
      expect(await emailsTo(w.resident)).toHaveLength(0);
      expect(await emailsTo(w.propertyManager)).toHaveLength(1);
      expect(await heard(r.id)).toContain('Rita:service_request_update');

      await ctx.app.inject({
        method: 'PUT',
        url: '/api/Notifications/preferences',
        headers: w.as.resident,
        payload: { data: [{ kind: 'service_request_update', inApp: false, email: false }] },
      });
      await clear();
      await post(w.as.manager, `/api/ServiceRequests/${r.id}/complete`);
      expect(await heard(r.id)).toEqual(['Paula:service_request_property_update']);
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/Notifications/preferences',
        headers: w.as.resident,
        payload: { data: [{ kind: 'service_request_update', inApp: true, email: true }] },
      });
    });

    it('a failed change sends nothing (notifications are part of its transaction)', async () => {
      const r = await createServiceRequest(ctx, { customerId: w.customer.id, status: 'closed', requesterId: w.resident.id });
      const res = await ctx.app.inject({ method: 'POST', url: `/api/ServiceRequests/${r.id}/acknowledge`, headers: w.as.manager, payload: {} });
      expect(res.statusCode).toBe(409);
      expect(await ctx.database.db.select().from(notifications)).toHaveLength(0);
      expect(await ctx.database.db.select().from(outbox)).toHaveLength(0);
    });
  });

  describe('the notification centre API', () => {
    beforeAll(async () => {
      await clear();
      const db = ctx.database.db;
      for (let i = 0; i < 3; i++) {
        await notify(db, {
          userIds: [w.crew.id],
          type: 'service_request_assigned',
          titleKey: 'serviceRequest.assigned',
          params: { number: `SR-2026-000${i}`, title: `Job ${i}`, customer: 'Willow Creek HOA', actor: 'Mia Manager' },
          link: `/service-requests/${crypto.randomUUID()}/update`,
        });
      }
    });

    const list = async (as: SignedIn, query = '') => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/Notifications${query}`, headers: as });
      expect(res.statusCode).toBe(200);
      return res.json<Page<Notification>>();
    };
    const unread = async (as: SignedIn) => (await ctx.app.inject({ method: 'GET', url: '/api/Notifications/unread-count', headers: as })).json<{ count: number }>().count;

    it('lists my notifications newest first, rendered, paged', async () => {
      const page = await list(w.as.crew, '?pageSize=2');
      expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
      expect(page.data[0]).toMatchObject({
        type: 'service_request_assigned',
        title: 'Service request SR-2026-0002 assigned to you',
        text: 'Mia Manager assigned “Job 2” (Willow Creek HOA) to you.',
        readAt: null,
      });
      expect((await list(w.as.manager)).total).toBe(0);
    });

    it('counts unread, marks one read (only my own) and all read', async () => {
      expect(await unread(w.as.crew)).toBe(3);
      const [first] = (await list(w.as.crew)).data;
      const someoneElse = await ctx.app.inject({ method: 'POST', url: `/api/Notifications/${first!.id}/read`, headers: w.as.manager });
      expect(someoneElse.statusCode).toBe(404);
      const mine = await ctx.app.inject({ method: 'POST', url: `/api/Notifications/${first!.id}/read`, headers: w.as.crew });
      expect(mine.statusCode).toBe(200);
      expect(mine.json<Notification>().readAt).not.toBeNull();
      expect(await unread(w.as.crew)).toBe(2);
      expect((await list(w.as.crew, '?unread=true')).data.map((n) => n.id)).not.toContain(first!.id);
      const all = await ctx.app.inject({ method: 'POST', url: '/api/Notifications/read-all', headers: w.as.crew });
      expect(all.json()).toEqual({ updated: 2 });
      expect(await unread(w.as.crew)).toBe(0);
      const [row] = await ctx.database.db.select().from(notifications).where(and(eq(notifications.id, first!.id)));
      expect(row!.readAt).not.toBeNull();
    });

    it('needs a signed-in user', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/Notifications' })).statusCode).toBe(401);
    });
  });

  describe('preferences', () => {
    const choices = (rows: NotificationPreference[]) => rows.map(({ kind, inApp, email }) => ({ kind, inApp, email }));
    const get = async (as: SignedIn) =>
      choices((await ctx.app.inject({ method: 'GET', url: '/api/Notifications/preferences', headers: as })).json<{ data: NotificationPreference[] }>().data);

    /** The kinds a person with these roles finds in their settings: their audience, choosable, for their roles. */
    const listedKinds = (audience: 'staff' | 'customer', roles: readonly string[]) =>
      notificationKinds()
        .filter((k) => k.audience === audience && k.userSetting !== false && (!k.onlyRoles || k.onlyRoles.some((role) => roles.includes(role))))
        .map((k) => k.kind);

    it('labels each kind in the reader’s language, from the module that declares it', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/Notifications/preferences', headers: w.as.manager });
      const rows = res.json<{ data: NotificationPreference[] }>().data;
      expect(rows[0]).toMatchObject({ kind: 'service_request_created', audience: 'staff', title: 'New service requests' });
      expect(rows.every((row) => row.title.length > 0)).toBe(true);
    });

    it('shows staff kinds to staff and customer kinds to customer users, with the documented defaults', async () => {
      // Every module's kinds, in registry order, split by audience; defaults on unless a kind says otherwise.
      const manager = await get(w.as.manager);
      expect(manager.map((row) => row.kind)).toEqual(listedKinds('staff', ['Account Manager']));
      expect(manager.every((row) => row.inApp && row.email)).toBe(true);
      expect(manager.slice(0, 3)).toEqual([
        { kind: 'service_request_created', inApp: true, email: true },
        { kind: 'service_request_assigned', inApp: true, email: true },
        { kind: 'service_request_customer_activity', inApp: true, email: true },
      ]);
      const propertyManager = await get(w.as.propertyManager);
      expect(propertyManager.map((row) => row.kind)).toEqual(listedKinds('customer', ['Property Manager']));
      expect(propertyManager).toEqual(expect.arrayContaining([
        { kind: 'service_request_update', inApp: true, email: true },
        { kind: 'service_request_property_update', inApp: true, email: true },
        { kind: 'service_request_new_at_property', inApp: true, email: true },
        { kind: 'invoice_issued', inApp: true, email: true },
      ]));
      const resident = await get(w.as.strangerResident);
      expect(resident).toContainEqual({ kind: 'service_request_property_update', inApp: false, email: false });
      expect(resident).toContainEqual({ kind: 'service_request_new_at_property', inApp: false, email: false });
      expect(resident).toContainEqual({ kind: 'service_request_update', inApp: true, email: true });
    });

    it('saves only the kinds of my audience and answers the full list', async () => {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/Notifications/preferences',
        headers: w.as.strangerResident,
        payload: {
          data: [
            { kind: 'service_request_update', inApp: true, email: false },
            { kind: 'service_request_created', inApp: false, email: false },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      const saved = choices(res.json<{ data: NotificationPreference[] }>().data);
      expect(saved.map((row) => row.kind)).toEqual(listedKinds('customer', ['Resident']));
      expect(saved).toContainEqual({ kind: 'service_request_update', inApp: true, email: false });
      expect(saved).toContainEqual({ kind: 'service_request_property_update', inApp: false, email: false });
      expect(saved.some((row) => row.kind === 'service_request_created')).toBe(false);
      const bad = await ctx.app.inject({
        method: 'PUT',
        url: '/api/Notifications/preferences',
        headers: w.as.strangerResident,
        payload: { data: [{ kind: 'everything', inApp: true, email: true }] },
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
