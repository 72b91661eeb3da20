import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentFeedItem, ContentItem, Page } from '@grove/shared';
import { createBranch, createCustomer, createRegion, createUser, linkCustomerUser, signIn, type SignedIn, type TestUser } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { sanitizeContentHtml } from './sanitize.js';
import { createContentItem } from './test-factories.js';

describe(`content (${dbKind})`, () => {
  let ctx: TestContext;
  const ids: Record<string, string> = {};
  const p: Record<string, TestUser> = {};
  const as: Record<string, SignedIn> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    const north = await createRegion(ctx, { name: 'North content' });
    const south = await createRegion(ctx, { name: 'South content' });
    const northA = await createBranch(ctx, { regionId: north.id });
    const northB = await createBranch(ctx, { regionId: north.id });
    const southA = await createBranch(ctx, { regionId: south.id });
    ids.north = north.id;
    ids.northA = northA.id;
    ids.willow = (await createCustomer(ctx, { regionId: north.id, branchId: northA.id, name: 'Willow' })).id;
    ids.oak = (await createCustomer(ctx, { regionId: north.id, branchId: northB.id, name: 'Oak' })).id;
    ids.pine = (await createCustomer(ctx, { regionId: south.id, branchId: southA.id, name: 'Pine' })).id;
    p.staff = await createUser(ctx, { roles: ['Executive'] });
    p.willowPm = await createUser(ctx, { roles: ['Property Manager'] });
    p.willowResident = await createUser(ctx, { roles: ['Resident'] });
    p.oakBoard = await createUser(ctx, { roles: ['Board Member'] });
    p.pinePm = await createUser(ctx, { roles: ['Property Manager'] });
    p.leaver = await createUser(ctx, { roles: ['Property Manager'] });
    await linkCustomerUser(ctx, ids.willow, p.willowPm.id);
    await linkCustomerUser(ctx, ids.willow, p.willowResident.id);
    await linkCustomerUser(ctx, ids.oak, p.oakBoard.id);
    await linkCustomerUser(ctx, ids.pine, p.pinePm.id);
    await linkCustomerUser(ctx, ids.willow, p.leaver.id, 'disabled');
    for (const [name, user] of Object.entries(p)) as[name] = await signIn(ctx, user);
  });
  afterAll(() => ctx.close());

  const feed = async (who: SignedIn, customerId: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/Content/feed?customerId=${customerId}`, headers: who });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: ContentFeedItem[] }>().data.map((item) => item.title);
  };

  it('shows a customer user what is published for their customer, region, branch or role, and nothing else', async () => {
    const hour = 3_600_000;
    await createContentItem(ctx, { title: 'All customers' });
    await createContentItem(ctx, { title: 'North region', audience: { type: 'region', regionId: ids.north! } });
    await createContentItem(ctx, { title: 'Branch north A', audience: { type: 'branch', branchId: ids.northA! } });
    await createContentItem(ctx, { title: 'Chosen pine', audience: { type: 'customers', customerIds: [ids.pine!] } });
    await createContentItem(ctx, { title: 'Managers only', roles: ['Property Manager'] });
    await createContentItem(ctx, { title: 'Draft', status: 'draft' });
    await createContentItem(ctx, { title: 'Expired', expireAt: new Date(Date.now() - hour) });
    await createContentItem(ctx, { title: 'Scheduled', publishAt: new Date(Date.now() + hour) });
    await createContentItem(ctx, { title: 'Still running', publishAt: new Date(Date.now() - 2 * hour), expireAt: new Date(Date.now() + hour) });

    expect((await feed(as.willowPm!, ids.willow!)).sort()).toEqual(['All customers', 'Branch north A', 'Managers only', 'North region', 'Still running']);
    expect((await feed(as.willowResident!, ids.willow!)).sort()).toEqual(['All customers', 'Branch north A', 'North region', 'Still running']);
    expect((await feed(as.oakBoard!, ids.oak!)).sort()).toEqual(['All customers', 'North region', 'Still running']);
    expect((await feed(as.pinePm!, ids.pine!)).sort()).toEqual(['All customers', 'Chosen pine', 'Managers only', 'Still running']);
    // Another customer's feed is not theirs to read; a disabled membership reads nothing.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Content/feed?customerId=${ids.pine}`, headers: as.willowPm })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Content/feed?customerId=${ids.willow}`, headers: as.leaver })).statusCode).toBe(404);
  });

  it('uses the role the person holds at that customer', async () => {
    const both = await createUser(ctx, { roles: ['Property Manager', 'Resident'] });
    await linkCustomerUser(ctx, ids.oak!, both.id, 'active', ['Resident']);
    await linkCustomerUser(ctx, ids.pine!, both.id, 'active', ['Property Manager']);
    const who = await signIn(ctx, both);
    await createContentItem(ctx, { title: 'Role per customer', roles: ['Property Manager'] });
    expect(await feed(who, ids.oak!)).not.toContain('Role per customer');
    expect(await feed(who, ids.pine!)).toContain('Role per customer');
  });

  it('sanitises the rich text on the server', async () => {
    const dirty =
      '<p onclick="steal()">Hi <strong>all</strong><script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="https://grove.example/tips">tips</a><iframe src="https://evil.example"></iframe><h1 style="color:red">Big</h1>';
    const clean = sanitizeContentHtml(dirty);
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:|iframe|style=|<img/i);
    expect(clean).toContain('<strong>all</strong>');
    expect(clean).toContain('<a href="https://grove.example/tips" target="_blank" rel="noopener noreferrer nofollow">tips</a>');
    expect(clean).toContain('<h2>Big</h2>');

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Content',
      headers: as.staff,
      payload: { kind: 'article', category: 'seasonal_tip', title: 'Mulch tips', body: dirty, audience: { type: 'all' } },
    });
    expect(res.statusCode).toBe(201);
    const item = res.json<ContentItem>();
    expect(item.body).toBe(clean);
    expect(item.status).toBe('draft');
    expect(item.state).toBe('draft');
  });

  it('answers bad input with field errors', async () => {
    const post = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/Content', headers: as.staff, payload });
    const base = { kind: 'announcement', category: 'general', title: 'T', body: '' };
    const missingRegion = await post({ ...base, audience: { type: 'region' } });
    expect(missingRegion.statusCode).toBe(400);
    expect(JSON.stringify(missingRegion.json())).toContain('audience.regionId');
    const unknownCustomer = await post({ ...base, audience: { type: 'customers', customerIds: [crypto.randomUUID()] } });
    expect(unknownCustomer.statusCode).toBe(400);
    const backwards = await post({ ...base, audience: { type: 'all' }, publishAt: '2026-05-02T00:00:00Z', expireAt: '2026-05-01T00:00:00Z' });
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain('expireAt');
  });

  it('publishes, counts reach once per person, and hides again when unpublished', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/Content',
      headers: as.staff,
      payload: { kind: 'announcement', category: 'storm_update', title: 'Storm update', body: '<p>Crews clear fallen limbs first.</p>', audience: { type: 'customers', customerIds: [ids.willow] } },
    });
    const id = created.json<ContentItem>().id;
    expect(await feed(as.willowPm!, ids.willow!)).not.toContain('Storm update');
    const open = (who: SignedIn) => ctx.app.inject({ method: 'POST', url: `/api/Content/${id}/open`, headers: who });
    expect((await open(as.willowPm!)).statusCode).toBe(404); // a draft is not there to open

    const published = await ctx.app.inject({ method: 'POST', url: `/api/Content/${id}/publish`, headers: as.staff });
    expect(published.json<ContentItem>().state).toBe('live');
    expect(await feed(as.willowPm!, ids.willow!)).toContain('Storm update');

    expect((await open(as.willowPm!)).statusCode).toBe(204);
    expect((await open(as.willowPm!)).statusCode).toBe(204);
    expect((await open(as.pinePm!)).statusCode).toBe(404); // not for Pine
    const reach = async () => (await ctx.app.inject({ method: 'GET', url: `/api/Content/${id}`, headers: as.staff })).json<ContentItem>().reach;
    // Willow's active users: the property manager and the resident (the disabled one does not count).
    expect(await reach()).toEqual({ opened: 1, audience: 2 });
    expect((await open(as.willowResident!)).statusCode).toBe(204);
    expect(await reach()).toEqual({ opened: 2, audience: 2 });
    const mine = (await ctx.app.inject({ method: 'GET', url: `/api/Content/feed?customerId=${ids.willow}`, headers: as.willowPm })).json<{ data: ContentFeedItem[] }>().data;
    expect(mine.find((item) => item.id === id)?.opened).toBe(true);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/Content?state=live&search=storm', headers: as.staff });
    expect(list.json<Page<ContentItem>>().data.map((item) => item.id)).toEqual([id]);

    await ctx.app.inject({ method: 'POST', url: `/api/Content/${id}/unpublish`, headers: as.staff });
    expect(await feed(as.willowPm!, ids.willow!)).not.toContain('Storm update');
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/Content/${id}`, headers: as.staff })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Content/${id}`, headers: as.staff })).statusCode).toBe(404);
  });
});
