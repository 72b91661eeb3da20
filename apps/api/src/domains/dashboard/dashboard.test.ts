import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, DashboardTile, Role } from '@grove/shared';
import { createCustomer, createScopeWorld, signIn, type ScopeWorld } from '../../test/factories.js';
import { createServiceRequest } from '../service-requests/test-factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import type { AuthUser } from '../../http/authenticate.js';
import { defineModule } from '../../modules/domain-module.js';
import { buildDashboard } from './service.js';
import { notifications } from '../../db/schema.js';

/**
 * Every figure checked against hand-built data: a customer in scope of every role (`inScope`),
 * one out of scope of all but the company-wide roles, and a third in another team's care in the
 * same branch (seen by the branch and region managers, not by the account manager or crew leader).
 */
describe(`dashboard (${dbKind})`, () => {
  let ctx: TestContext;
  let world: ScopeWorld;
  const hour = 3600_000;

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await createScopeWorld(ctx);
    const sameBranch = await createCustomer(ctx, { regionId: world.regionA.id, branchId: world.branchA.id });
    const now = Date.now();
    const monthStart = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1);
    // A due time that has passed but lies in this month (even in the first minutes of a month).
    const pastThisMonth = new Date(Math.max(monthStart + 1000, now - 60_000));
    const inScope = world.inScope.id;

    // inScope: 2 open (1 overdue), 2 completed this month (1 on time, 1 late), 1 cancelled.
    await createServiceRequest(ctx, { customerId: inScope, status: 'acknowledged' });
    await createServiceRequest(ctx, { customerId: inScope, status: 'in_progress', resolutionDueAt: pastThisMonth });
    await createServiceRequest(ctx, { customerId: inScope, status: 'completed', completedAt: new Date(now - hour), resolutionDueAt: new Date(now + hour) });
    await createServiceRequest(ctx, { customerId: inScope, status: 'closed', completedAt: new Date(Math.max(monthStart, now - hour)), resolutionDueAt: new Date(monthStart - 1000) });
    await createServiceRequest(ctx, { customerId: inScope, status: 'cancelled' });
    // sameBranch: 1 open overdue (new, past response due).
    await createServiceRequest(ctx, { customerId: sameBranch.id, status: 'new', responseDueAt: new Date(now - hour) });
    // outOfScope: 3 open.
    for (let i = 0; i < 3; i += 1) await createServiceRequest(ctx, { customerId: world.outOfScope.id, status: 'scheduled' });
    // Two unread notifications and a read one for the executive.
    const exec = world.users.Executive.id;
    await ctx.database.db.insert(notifications).values([
      { userId: exec, type: 't', messageKey: 'serviceRequest.created' },
      { userId: exec, type: 't', messageKey: 'serviceRequest.created' },
      { userId: exec, type: 't', messageKey: 'serviceRequest.created', readAt: new Date() },
    ]);
  });
  afterAll(() => ctx.close());

  async function dashboardOf(role: Role, query = '') {
    const headers = await signIn(ctx, world.users[role]);
    return ctx.app.inject({ method: 'GET', url: `/api/Dashboard${query}`, headers: { ...headers, 'accept-language': 'en' } });
  }
  const tile = (body: Dashboard, id: string): DashboardTile => {
    const found = body.tiles.find((t) => t.id === id);
    if (!found) throw new Error(`no tile ${id} in ${body.tiles.map((t) => t.id).join(', ')}`);
    return found;
  };

  it.each([
    ['Executive', { open: 6, overdue: 2, customers: 3 }],
    ['Regional Director', { open: 3, overdue: 2, customers: 2 }],
    ['Branch Manager', { open: 3, overdue: 2, customers: 2 }],
    ['Account Manager', { open: 2, overdue: 1, customers: 1 }],
    ['Crew Leader', { open: 2, overdue: 1, customers: 1 }],
  ] as const)('%s counts only the scope: %o', async (role, expected) => {
    const answer = await dashboardOf(role);
    expect(answer.statusCode).toBe(200);
    const body = answer.json<Dashboard>();
    expect(body.audience).toBe('staff');
    expect(tile(body, 'service-requests.open').value).toBe(expected.open);
    expect(tile(body, 'service-requests.overdue')).toMatchObject({ value: expected.overdue, tone: 'danger', link: '/service-requests?view=overdue' });
    expect(tile(body, 'customers.active').value).toBe(expected.customers);
    expect(body.tiles.some((t) => t.id === 'service-requests.property-open')).toBe(false);
  });

  it('SLA attainment this month: completed on time over completed or missed open, cancelled left out', async () => {
    const body = (await dashboardOf('Account Manager')).json<Dashboard>();
    // inScope: 1 on time, 1 late, 1 open past due this month → 1 of 3.
    expect(tile(body, 'service-requests.sla-month')).toMatchObject({ value: 1 / 3, format: 'percent', detail: '1 of 3 on time', tone: 'danger' });
  });

  it('charts requests opened and completed per week over 12 weeks', async () => {
    const body = (await dashboardOf('Account Manager')).json<Dashboard>();
    const chart = tile(body, 'service-requests.weekly').chart!;
    expect(chart.labels).toHaveLength(12);
    const opened = chart.series.find((s) => s.key === 'opened')!.values;
    const completed = chart.series.find((s) => s.key === 'completed')!.values;
    expect(opened.reduce((a, b) => a + b, 0)).toBe(5);
    expect(opened.at(-1)).toBe(5);
    // The late one may have completed in the previous week at the start of a week.
    expect(completed.reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('counts the caller’s own unread notifications and answers in the caller’s language', async () => {
    const headers = await signIn(ctx, world.users.Executive);
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/Dashboard', headers: { ...headers, 'accept-language': 'de' } })).json<Dashboard>();
    expect(tile(body, 'notifications.unread')).toMatchObject({ value: 2, title: 'Ungelesene Benachrichtigungen' });
    expect(tile((await dashboardOf('Account Manager')).json<Dashboard>(), 'notifications.unread').value).toBe(0);
  });

  it('narrows staff to one customer and hides customers out of scope (404)', async () => {
    const body = (await dashboardOf('Executive', `?customerId=${world.outOfScope.id}`)).json<Dashboard>();
    expect(tile(body, 'service-requests.open').value).toBe(3);
    expect(body.tiles.some((t) => t.id === 'customers.active')).toBe(false);
    expect((await dashboardOf('Account Manager', `?customerId=${world.outOfScope.id}`)).statusCode).toBe(404);
  });

  it('gives a customer user their property: open requests with progress; another property is 404', async () => {
    expect((await dashboardOf('Property Manager')).statusCode).toBe(400);
    expect((await dashboardOf('Property Manager', `?customerId=${world.outOfScope.id}`)).statusCode).toBe(404);
    const body = (await dashboardOf('Property Manager', `?customerId=${world.inScope.id}`)).json<Dashboard>();
    expect(body.audience).toBe('customer');
    expect(body.tiles.some((t) => t.id === 'service-requests.open')).toBe(false);
    const open = tile(body, 'service-requests.property-open');
    expect(open.value).toBe(2);
    expect(open.items.map((i) => i.progress).sort()).toEqual([1 / 5, 3 / 5]);
    expect(open.items.map((i) => i.badge).sort()).toEqual(['Acknowledged', 'In progress']);
    expect(open.link).toBe(`/customerView/${world.inScope.id}/requests`);
  });

  it('a failing tile shows as an error; the other tiles still answer', async () => {
    const broken = defineModule({
      name: 'broken',
      dashboardTiles: [
        { id: 'x', audience: 'both', kind: 'figure', icon: 'report', order: 1, title: { en: 'X', zh: 'X', es: 'X', ja: 'X', de: 'X', fr: 'X' }, load: () => Promise.reject(new Error('boom')) },
        { id: 'y', audience: 'both', kind: 'figure', icon: 'report', order: 2, title: { en: 'Y', zh: 'Y', es: 'Y', ja: 'Y', de: 'Y', fr: 'Y' }, load: () => Promise.resolve({ value: 7 }) },
      ],
    });
    const user = { ...world.users.Executive, roles: ['Executive'], sessionId: 's' } as unknown as AuthUser;
    const logged: string[] = [];
    const body = await buildDashboard(ctx.database.db, [broken], user, 'en', undefined, (_e, id) => logged.push(id));
    expect(body.tiles.map((t) => [t.id, t.status, t.value])).toEqual([
      ['broken.x', 'error', null],
      ['broken.y', 'ok', 7],
    ]);
    expect(logged).toEqual(['broken.x']);
  });
});
