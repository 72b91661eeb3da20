import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAudienceOptions, ContentItem, Page } from '@grove/shared';
import { addTeamMember, createBranch, createCustomer, createRegion, createUser, linkCustomerUser, signIn, type SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { createContentItem, type ContentOptions } from './test-factories.js';

/*
 * Decision 041: content management follows the author's scope. North has branches A and B, South
 * one; Willow (North A), Oak (North B), Pine (South A). Each role below works in North (A).
 */
describe(`content scope (${dbKind})`, () => {
  let ctx: TestContext;
  const ids: Record<string, string> = {};
  const as: Record<string, SignedIn> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    const north = await createRegion(ctx, { name: 'North scope' });
    const south = await createRegion(ctx, { name: 'South scope' });
    const northA = await createBranch(ctx, { regionId: north.id, name: 'North A' });
    const northB = await createBranch(ctx, { regionId: north.id, name: 'North B' });
    const southA = await createBranch(ctx, { regionId: south.id, name: 'South A' });
    Object.assign(ids, { north: north.id, south: south.id, northA: northA.id, northB: northB.id, southA: southA.id });
    ids.willow = (await createCustomer(ctx, { regionId: north.id, branchId: northA.id, name: 'Willow' })).id;
    ids.oak = (await createCustomer(ctx, { regionId: north.id, branchId: northB.id, name: 'Oak' })).id;
    ids.pine = (await createCustomer(ctx, { regionId: south.id, branchId: southA.id, name: 'Pine' })).id;
    const inNorthA = { regionId: north.id, branchId: northA.id };
    const users = {
      executive: await createUser(ctx, { roles: ['Executive'] }),
      director: await createUser(ctx, { roles: ['Regional Director'], ...inNorthA }),
      southManager: await createUser(ctx, { roles: ['Regional Manager'], regionId: south.id, branchId: southA.id }),
      branchManager: await createUser(ctx, { roles: ['Branch Manager'], ...inNorthA }),
      accountManager: await createUser(ctx, { roles: ['Account Manager'], ...inNorthA }),
      crewLeader: await createUser(ctx, { roles: ['Crew Leader'], ...inNorthA }),
      bizDev: await createUser(ctx, { roles: ['Business Development'], ...inNorthA }),
    };
    await addTeamMember(ctx, ids.willow, users.accountManager.id, 'Account Manager');
    await addTeamMember(ctx, ids.willow, users.crewLeader.id, 'Crew Leader');
    await addTeamMember(ctx, ids.oak, users.bizDev.id, 'Business Development');
    await linkCustomerUser(ctx, ids.willow, (await createUser(ctx, { roles: ['Property Manager'] })).id);
    for (const [name, user] of Object.entries(users)) as[name] = await signIn(ctx, user);
  });
  afterAll(() => ctx.close());

  const base = { kind: 'announcement', category: 'storm_update', title: 'Storm notice', body: '<p>Crews clear limbs first.</p>' };
  const post = (who: string, audience: object) => ctx.app.inject({ method: 'POST', url: '/api/Content', headers: as[who], payload: { ...base, audience } });
  const put = (who: string, id: string, audience: object) => ctx.app.inject({ method: 'PUT', url: `/api/Content/${id}`, headers: as[who], payload: { ...base, audience } });
  const audiences = () => ({
    all: { type: 'all' },
    north: { type: 'region', regionId: ids.north },
    south: { type: 'region', regionId: ids.south },
    northA: { type: 'branch', branchId: ids.northA },
    northB: { type: 'branch', branchId: ids.northB },
    southA: { type: 'branch', branchId: ids.southA },
    willow: { type: 'customers', customerIds: [ids.willow] },
    oak: { type: 'customers', customerIds: [ids.oak] },
    willowAndPine: { type: 'customers', customerIds: [ids.willow, ids.pine] },
  });
  type AudienceName = keyof ReturnType<typeof audiences>;
  /** The field an out-of-scope audience is reported on. */
  const fieldOf = (name: AudienceName) =>
    name === 'all' ? 'audience.type' : ['north', 'south'].includes(name) ? 'audience.regionId' : name.startsWith('north') || name === 'southA' ? 'audience.branchId' : 'audience.customerIds';

  const allowed: Record<string, AudienceName[]> = {
    executive: ['all', 'north', 'south', 'northA', 'northB', 'southA', 'willow', 'oak', 'willowAndPine'],
    director: ['north', 'northA', 'northB', 'willow', 'oak'],
    branchManager: ['northA', 'willow'],
    accountManager: ['willow'],
    bizDev: ['oak'],
  };

  it.each(Object.keys(allowed))('%s may address exactly the audiences within their scope; others are field errors', async (who) => {
    const problems: string[] = [];
    for (const name of Object.keys(audiences()) as AudienceName[]) {
      const res = await post(who, audiences()[name]);
      if (allowed[who]!.includes(name)) {
        if (res.statusCode !== 201) problems.push(`${name}: expected 201, got ${res.statusCode} ${res.body}`);
        else if (!res.json<ContentItem>().canManage) problems.push(`${name}: created but not manageable`);
        continue;
      }
      const body = res.json<{ message: string; errors?: Record<string, string[]> }>();
      if (res.statusCode !== 400) problems.push(`${name}: expected 400, got ${res.statusCode} ${res.body}`);
      else if (body.errors?.[fieldOf(name)]?.[0] !== 'This is outside the area you look after.') problems.push(`${name}: errors ${JSON.stringify(body.errors)}`);
    }
    expect(problems).toEqual([]);
  });

  it('answers the out-of-scope field error in the caller’s language', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/Content', headers: { ...as.branchManager, 'accept-language': 'de' }, payload: { ...base, audience: audiences().all } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors['audience.type']).toEqual(['Das liegt außerhalb Ihres Zuständigkeitsbereichs.']);
  });

  it('crew leaders read content but write none: 403 on create, view only in the list', async () => {
    expect((await post('crewLeader', audiences().willow)).statusCode).toBe(403);
    const item = await createContentItem(ctx, { title: 'Willow crew visit', audience: { type: 'customers', customerIds: [ids.willow!] } });
    const got = await ctx.app.inject({ method: 'GET', url: `/api/Content/${item.id}`, headers: as.crewLeader });
    expect(got.statusCode).toBe(200);
    expect(got.json<ContentItem>()).toMatchObject({ canManage: false, reach: null });
    for (const [method, url] of [
      ['PUT', `/api/Content/${item.id}`],
      ['POST', `/api/Content/${item.id}/unpublish`],
      ['DELETE', `/api/Content/${item.id}`],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: as.crewLeader, ...(method === 'PUT' ? { payload: { ...base, audience: audiences().willow } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('changing another region’s item: 404 when it reaches none of the caller’s customers, 403 when it reaches some', async () => {
    const south = await createContentItem(ctx, { title: 'South only', audience: { type: 'region', regionId: ids.south! } });
    const everyone = await createContentItem(ctx, { title: 'Everyone' });
    for (const who of ['director', 'branchManager', 'accountManager', 'bizDev']) {
      expect((await put(who, south.id, audiences().willow)).statusCode, who).toBe(404);
      expect((await ctx.app.inject({ method: 'POST', url: `/api/Content/${south.id}/unpublish`, headers: as[who] })).statusCode, who).toBe(404);
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/Content/${south.id}`, headers: as[who] })).statusCode, who).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/Content/${south.id}`, headers: as[who] })).statusCode, who).toBe(404);
      // A company-wide item reaches their customers: they see it, view only.
      expect((await put(who, everyone.id, audiences().willow)).statusCode, who).toBe(403);
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/Content/${everyone.id}`, headers: as[who] })).statusCode, who).toBe(403);
    }
    // The south's own manager manages it; the executive manages everything.
    expect((await put('southManager', south.id, audiences().southA)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/Content/${everyone.id}/unpublish`, headers: as.executive })).statusCode).toBe(200);
  });

  it('a branch manager manages items of their branch, not the region’s; an edit cannot move an item out of scope', async () => {
    const region = await createContentItem(ctx, { title: 'North region item', audience: { type: 'region', regionId: ids.north! } });
    const branch = await createContentItem(ctx, { title: 'North A item', audience: { type: 'branch', branchId: ids.northA! } });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/Content/${region.id}/unpublish`, headers: as.branchManager })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/Content/${branch.id}/unpublish`, headers: as.branchManager })).statusCode).toBe(200);
    const moved = await put('branchManager', branch.id, audiences().northB);
    expect(moved.statusCode).toBe(400);
    expect(Object.keys(moved.json<{ errors: object }>().errors)).toEqual(['audience.branchId']);
    // The director manages both (region and a branch of it).
    expect((await put('director', branch.id, audiences().northB)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/Content/${region.id}`, headers: as.director })).statusCode).toBe(204);
  });

  it('lists what the caller may manage (with reach) and, view only, what reaches their customers', async () => {
    const marker = `List ${Date.now()}`;
    const make = (name: string, options: ContentOptions) => createContentItem(ctx, { ...options, title: `${marker} ${name}` });
    await make('all', {});
    await make('north', { audience: { type: 'region', regionId: ids.north! } });
    await make('south', { audience: { type: 'region', regionId: ids.south! } });
    await make('northA', { audience: { type: 'branch', branchId: ids.northA! } });
    await make('northB', { audience: { type: 'branch', branchId: ids.northB! } });
    await make('willow', { audience: { type: 'customers', customerIds: [ids.willow!] } });
    await make('oak', { audience: { type: 'customers', customerIds: [ids.oak!] } });
    await make('willowAndPine', { audience: { type: 'customers', customerIds: [ids.willow!, ids.pine!] } });
    const list = async (who: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/Content?search=${encodeURIComponent(marker)}&pageSize=50`, headers: as[who] });
      expect(res.statusCode).toBe(200);
      const items = res.json<Page<ContentItem>>().data;
      for (const item of items) expect(item.reach === null, item.title).toBe(!item.canManage);
      const name = (item: ContentItem) => item.title.slice(marker.length + 1);
      return {
        manage: items.filter((i) => i.canManage).map(name).sort(),
        view: items.filter((i) => !i.canManage).map(name).sort(),
      };
    };
    expect(await list('executive')).toEqual({ manage: ['all', 'north', 'northA', 'northB', 'oak', 'south', 'willow', 'willowAndPine'], view: [] });
    expect(await list('director')).toEqual({ manage: ['north', 'northA', 'northB', 'oak', 'willow'], view: ['all', 'willowAndPine'] });
    expect(await list('southManager')).toEqual({ manage: ['south'], view: ['all', 'willowAndPine'] });
    expect(await list('branchManager')).toEqual({ manage: ['northA', 'willow'], view: ['all', 'north', 'willowAndPine'] });
    expect(await list('accountManager')).toEqual({ manage: ['willow'], view: ['all', 'north', 'northA', 'willowAndPine'] });
    expect(await list('bizDev')).toEqual({ manage: ['oak'], view: ['all', 'north', 'northB'] });
    expect(await list('crewLeader')).toEqual({ manage: [], view: ['all', 'north', 'northA', 'willow', 'willowAndPine'] });
  });

  it('offers each role the audiences, regions and branches of its scope', async () => {
    const options = async (who: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/Content/audience-options', headers: as[who] });
      expect(res.statusCode).toBe(200);
      const body = res.json<ContentAudienceOptions>();
      const mine = (list: { id: string }[]) => list.map((r) => r.id).filter((id) => Object.values(ids).includes(id)).map((id) => Object.keys(ids).find((k) => ids[k] === id));
      return { mayAuthor: body.mayAuthor, types: body.types, regions: mine(body.regions), branches: mine(body.branches) };
    };
    expect(await options('executive')).toMatchObject({ mayAuthor: true, types: ['all', 'region', 'branch', 'customers'] });
    expect((await options('executive')).regions.sort()).toEqual(['north', 'south']);
    expect(await options('director')).toEqual({ mayAuthor: true, types: ['region', 'branch', 'customers'], regions: ['north'], branches: ['northA', 'northB'] });
    expect(await options('branchManager')).toEqual({ mayAuthor: true, types: ['branch', 'customers'], regions: [], branches: ['northA'] });
    expect(await options('accountManager')).toEqual({ mayAuthor: true, types: ['customers'], regions: [], branches: [] });
    expect(await options('crewLeader')).toEqual({ mayAuthor: false, types: [], regions: [], branches: [] });
  });
});
