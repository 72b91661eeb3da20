import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, validationText, type CustomerDetail, type CustomerOverview, type CustomerSummary, type CustomerViewDetail, type Page } from '@grove/shared';
import { addTeamMember, createBranch, createCustomer, createRegion, createUser, linkCustomerUser, signIn, type BranchRow, type CustomerRow, type RegionRow, type SignedIn, type TestUser } from '../../test/factories.js';
import { createServiceRequest } from '../service-requests/test-factories.js';
import { serviceRequestPriorities, serviceRequestTypes, serviceRequests } from '../../db/schema.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';

describe(`customers API (${dbKind})`, () => {
  let ctx: TestContext;
  let east: RegionRow;
  let west: RegionRow;
  let eastBranch: BranchRow;
  let westBranch: BranchRow;
  let manager: TestUser;
  let crewLeader: TestUser;
  let admin: SignedIn;
  let branchManager: SignedIn;
  let crew: SignedIn;
  let propertyManager: SignedIn;
  let otherResident: SignedIn;
  const c = {} as Record<'oak' | 'pine' | 'birch' | 'aspen', CustomerRow>;

  beforeAll(async () => {
    ctx = await createTestContext();
    east = await createRegion(ctx, { name: 'East' });
    west = await createRegion(ctx, { name: 'West' });
    eastBranch = await createBranch(ctx, { regionId: east.id, name: 'Eastville', timeZone: 'America/New_York' });
    westBranch = await createBranch(ctx, { regionId: west.id, name: 'Westburg', timeZone: 'America/Denver' });
    manager = await createUser(ctx, { roles: ['Account Manager'], firstName: 'Ana', lastName: 'Reyes', branchId: eastBranch.id });
    crewLeader = await createUser(ctx, { roles: ['Crew Leader'], firstName: 'Cole', lastName: 'Baker', phone: '555-0101', title: 'Crew Lead' });
    const base = { regionId: east.id, branchId: eastBranch.id };
    c.oak = await createCustomer(ctx, {
      ...base,
      name: 'Oak Hollow HOA',
      accountNumber: 'E-1003',
      addressLine1: '12 Acorn Way',
      city: 'Marietta',
      type: 'hoa',
      status: 'active',
      accountManagerId: manager.id,
      latitude: 33.95,
      longitude: -84.55,
      serviceDays: ['mon', 'thu'],
      contractStart: '2025-01-01',
    });
    c.pine = await createCustomer(ctx, { ...base, name: 'pine ridge plaza', accountNumber: 'E-1001', addressLine1: '400 Commerce Dr', city: 'Smyrna', type: 'retail', status: 'prospect' });
    c.birch = await createCustomer(ctx, { ...base, name: 'Birch & Co 50% Lofts', accountNumber: 'E-1002', addressLine1: '9 Mill St', city: 'Kennesaw', type: 'multifamily', status: 'inactive' });
    c.aspen = await createCustomer(ctx, { regionId: west.id, branchId: westBranch.id, name: 'Aspen Park', accountNumber: 'W-2001', addressLine1: '77 Peak Rd', city: 'Denver', type: 'municipal', accountManagerId: manager.id });
    await addTeamMember(ctx, c.oak.id, crewLeader.id, 'Crew Leader');
    await addTeamMember(ctx, c.aspen.id, crewLeader.id, 'Crew Leader');
    await addTeamMember(ctx, c.oak.id, manager.id, 'Account Manager');

    admin = await signIn(ctx, await createUser(ctx, { roles: ['System Admin'] }));
    branchManager = await signIn(ctx, await createUser(ctx, { roles: ['Branch Manager'], regionId: east.id, branchId: eastBranch.id }));
    crew = await signIn(ctx, crewLeader);
    const pm = await createUser(ctx, { roles: ['Property Manager'] });
    await linkCustomerUser(ctx, c.oak.id, pm.id);
    await linkCustomerUser(ctx, c.aspen.id, pm.id);
    propertyManager = await signIn(ctx, pm);
    const resident = await createUser(ctx, { roles: ['Resident'] });
    await linkCustomerUser(ctx, c.pine.id, resident.id);
    await linkCustomerUser(ctx, c.oak.id, resident.id, 'disabled');
    otherResident = await signIn(ctx, resident);
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function list(headers: SignedIn, query = '') {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/Customers${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page<CustomerSummary>>();
  }
  const names = (page: Page<CustomerSummary>) => page.data.map((row) => row.name);

  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/Customers' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Customers/${c.oak.id}` })).statusCode).toBe(401);
  });

  it('lists customers in a page with the manager name, sorted by name (case-insensitive) by default', async () => {
    const page = await list(admin);
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: DEFAULT_PAGE_SIZE });
    expect(names(page)).toEqual(['Aspen Park', 'Birch & Co 50% Lofts', 'Oak Hollow HOA', 'pine ridge plaza']);
    expect(page.data.find((row) => row.name === 'Oak Hollow HOA')).toEqual({
      id: c.oak.id,
      name: 'Oak Hollow HOA',
      accountNumber: 'E-1003',
      type: 'hoa',
      status: 'active',
      addressLine1: '12 Acorn Way',
      city: 'Marietta',
      state: 'GA',
      postalCode: '30000',
      regionId: east.id,
      regionName: 'East',
      branchId: eastBranch.id,
      branchName: 'Eastville',
      accountManagerId: manager.id,
      accountManagerName: 'Ana Reyes',
      openRequestCount: 0,
    });
    expect(page.data.find((row) => row.name === 'pine ridge plaza')?.accountManagerName).toBeNull();
  });

  it('pages through the list', async () => {
    const first = await list(admin, '?pageSize=3');
    const second = await list(admin, '?pageSize=3&page=2');
    const beyond = await list(admin, '?pageSize=3&page=5');
    expect(names(first)).toHaveLength(3);
    expect(names(second)).toEqual(['pine ridge plaza']);
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(beyond).toMatchObject({ data: [], total: 4, page: 5 });
  });

  it('sorts by name, account number and creation, both ways', async () => {
    expect(names(await list(admin, '?sort=-name'))).toEqual(['pine ridge plaza', 'Oak Hollow HOA', 'Birch & Co 50% Lofts', 'Aspen Park']);
    expect((await list(admin, '?sort=accountNumber')).data.map((row) => row.accountNumber)).toEqual(['E-1001', 'E-1002', 'E-1003', 'W-2001']);
    expect((await list(admin, '?sort=-accountNumber')).data.map((row) => row.accountNumber)).toEqual(['W-2001', 'E-1003', 'E-1002', 'E-1001']);
    expect(names(await list(admin, '?sort=createdAt'))).toEqual(['Oak Hollow HOA', 'pine ridge plaza', 'Birch & Co 50% Lofts', 'Aspen Park']);
    expect(names(await list(admin, '?sort=-createdAt'))).toEqual(['Aspen Park', 'Birch & Co 50% Lofts', 'pine ridge plaza', 'Oak Hollow HOA']);
  });

  it('searches name, account number, address and city without regard to case', async () => {
    expect(names(await list(admin, '?search=PINE'))).toEqual(['pine ridge plaza']);
    expect(names(await list(admin, '?search=w-20'))).toEqual(['Aspen Park']);
    expect(names(await list(admin, '?search=acorn'))).toEqual(['Oak Hollow HOA']);
    expect(names(await list(admin, '?search=kennesaw'))).toEqual(['Birch & Co 50% Lofts']);
    expect(await list(admin, '?search=nothing-like-this')).toMatchObject({ data: [], total: 0 });
  });

  it('treats LIKE wildcards in a search as plain text', async () => {
    expect(names(await list(admin, `?search=${encodeURIComponent('50%')}`))).toEqual(['Birch & Co 50% Lofts']);
    expect(await list(admin, `?search=${encodeURIComponent('%')}`)).toMatchObject({ total: 1 });
    expect(await list(admin, '?search=_')).toMatchObject({ total: 0 });
  });

  it('filters by status, type, region, branch, account manager and "mine"', async () => {
    expect(names(await list(admin, '?status=prospect'))).toEqual(['pine ridge plaza']);
    expect(names(await list(admin, '?type=municipal'))).toEqual(['Aspen Park']);
    expect(names(await list(admin, `?regionId=${west.id}`))).toEqual(['Aspen Park']);
    expect(await list(admin, `?branchId=${eastBranch.id}`)).toMatchObject({ total: 3 });
    expect(names(await list(admin, `?accountManagerId=${manager.id}`))).toEqual(['Aspen Park', 'Oak Hollow HOA']);
    expect(names(await list(admin, '?status=active&type=hoa&search=oak'))).toEqual(['Oak Hollow HOA']);
    // An admin sees all four, but "mine" keeps only their own: none.
    expect(await list(admin, '?mine=true')).toMatchObject({ total: 0 });
    expect(await list(admin, '?mine=false')).toMatchObject({ total: 4 });
    expect(names(await list(crew, '?mine=true'))).toEqual(['Aspen Park', 'Oak Hollow HOA']);
  });

  it('lists only the customers in the caller’s scope, with a total to match', async () => {
    expect(await list(branchManager)).toMatchObject({ total: 3 });
    expect(names(await list(branchManager, `?regionId=${west.id}`))).toEqual([]);
    expect(names(await list(crew))).toEqual(['Aspen Park', 'Oak Hollow HOA']);
    expect(names(await list(propertyManager))).toEqual(['Aspen Park', 'Oak Hollow HOA']);
    expect(names(await list(otherResident))).toEqual(['pine ridge plaza']);
  });

  it('answers validation errors in the spec shape', async () => {
    const cases: [string, string][] = [
      [`?pageSize=${MAX_PAGE_SIZE * 10}`, 'pageSize'],
      ['?page=0', 'page'],
      ['?sort=password', 'sort'],
      ['?status=gone', 'status'],
      ['?regionId=east', 'regionId'],
      ['?mine=perhaps', 'mine'],
    ];
    for (const [query, field] of cases) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/Customers${query}`, headers: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message: expect.any(String) as string, errors: { [field]: [validationText('invalid')] } });
    }
    const long = await ctx.app.inject({ method: 'GET', url: `/api/Customers?search=${'x'.repeat(201)}`, headers: admin });
    expect(long.json()).toMatchObject({ errors: { search: [validationText('maxLength', { max: 200 })] } });
  });

  it('counts the open service requests of each customer', async () => {
    const { db } = ctx.database;
    const [type] = await db.insert(serviceRequestTypes).values({ code: 'cnt-type', name: 'Irrigation' }).returning();
    const [priority] = await db
      .insert(serviceRequestPriorities)
      .values({ code: 'cnt-prio', name: 'Normal', rank: 2, responseTargetHours: 8, resolutionTargetHours: 40 })
      .returning();
    const statuses = ['new', 'in_progress', 'scheduled', 'closed', 'cancelled', 'completed'] as const;
    await db.insert(serviceRequests).values(
      statuses.map((status, i) => ({
        number: `SR-TEST-${i}`,
        customerId: c.oak.id,
        typeId: type!.id,
        priorityId: priority!.id,
        status,
        title: `Request ${i}`,
        responseDueAt: new Date(),
        resolutionDueAt: new Date(),
      })),
    );
    const page = await list(admin);
    expect(page.data.map((row) => [row.name, row.openRequestCount])).toEqual([
      ['Aspen Park', 0],
      ['Birch & Co 50% Lofts', 0],
      ['Oak Hollow HOA', 3],
      ['pine ridge plaza', 0],
    ]);
    await db.delete(serviceRequests);
  });

  it('returns a customer’s detail with its team', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/Customers/${c.oak.id}`, headers: crew });
    expect(res.statusCode).toBe(200);
    const detail = res.json<CustomerDetail>();
    expect(detail).toMatchObject({
      view: 'staff',
      id: c.oak.id,
      name: 'Oak Hollow HOA',
      accountManagerName: 'Ana Reyes',
      latitude: 33.95,
      longitude: -84.55,
      serviceDays: ['mon', 'thu'],
      contractStart: '2025-01-01',
      contractEnd: null,
      branchTimeZone: 'America/New_York',
    });
    expect(detail.team).toEqual([
      { userId: manager.id, name: 'Ana Reyes', teamRole: 'Account Manager', email: manager.email, phone: null, title: null, photoFileId: null },
      { userId: crewLeader.id, name: 'Cole Baker', teamRole: 'Crew Leader', email: crewLeader.email, phone: '555-0101', title: 'Crew Lead', photoFileId: null },
    ]);
  });

  it('answers 404 for a customer outside the caller’s scope, or unknown', async () => {
    const cases: [SignedIn, CustomerRow][] = [
      [branchManager, c.aspen],
      [crew, c.pine],
      [propertyManager, c.pine],
      [otherResident, c.aspen],
      // The resident's link to Oak Hollow is disabled.
      [otherResident, c.oak],
    ];
    for (const [headers, customer] of cases) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/Customers/${customer.id}`, headers });
      expect(res.statusCode, customer.name).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
    const unknown = await ctx.app.inject({ method: 'GET', url: `/api/Customers/${crypto.randomUUID()}`, headers: admin });
    expect(unknown.statusCode).toBe(404);
    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/Customers/123', headers: admin });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errors: { id: [validationText('invalid')] } });
  });

  it('gives customer users the customer view: no notes, contract dates or region ids; their roles there', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/Customers/${c.oak.id}`, headers: propertyManager });
    expect(res.statusCode).toBe(200);
    const view = res.json<CustomerViewDetail>();
    expect(view).toMatchObject({ view: 'customer', id: c.oak.id, name: 'Oak Hollow HOA', accountManagerName: 'Ana Reyes', serviceDays: ['mon', 'thu'], myRoles: ['Property Manager'], permissions: { managePortal: true } });
    for (const hidden of ['notes', 'contractStart', 'contractEnd', 'regionId', 'regionName', 'branchId', 'accountManagerId']) {
      expect(view, hidden).not.toHaveProperty(hidden);
    }
    expect(view.team.map((member) => member.name)).toEqual(['Ana Reyes', 'Cole Baker']);
    const staff = await ctx.app.inject({ method: 'GET', url: `/api/Customers/${c.oak.id}`, headers: admin });
    expect(staff.json()).toMatchObject({ view: 'staff', contractStart: '2025-01-01', notes: null, permissions: { edit: 'all', manageTeam: true } });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Customers/${c.oak.id}`, headers: crew })).json()).toMatchObject({ permissions: { edit: 'none', managePortal: false } });
  });

  it('gives the overview of the per-customer areas: real request counts, empty areas not built yet', async () => {
    const { db } = ctx.database;
    const made = await Promise.all(
      (['new', 'completed'] as const).map((status, i) =>
        createServiceRequest(db, { customerId: c.pine.id, status, title: `Overview ${i}`, createdAt: new Date(Date.now() + i * 1000) }),
      ),
    );
    const res = await ctx.app.inject({ method: 'GET', url: `/api/Customers/${c.pine.id}/overview`, headers: otherResident });
    expect(res.statusCode).toBe(200);
    const overview = res.json<CustomerOverview>();
    expect(overview.areas.map((area) => area.area)).toEqual(['requests', 'orangeReports', 'plans', 'invoices', 'proposals', 'documents', 'messages']);
    expect(overview.areas[0]).toMatchObject({ total: 2, open: 1, latest: [{ id: made[1]!.id, title: 'Overview 1', status: 'completed' }, { id: made[0]!.id, reference: made[0]!.number }] });
    for (const area of overview.areas.slice(1)) expect(area).toMatchObject({ total: 0, open: 0, latest: [] });
    expect(overview.zoneCount).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Customers/${c.oak.id}/overview`, headers: otherResident })).statusCode).toBe(404);
    await db.delete(serviceRequests);
  });

  it('documents the issue 4 routes in the OpenAPI description', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/Customers/{id}/settings',
        '/api/Customers/{id}/zones/{zoneId}',
        '/api/Customers/{id}/portal-users/{userId}/approve',
        '/api/Customers/{id}/team/{userId}',
        '/api/Users/CheckUserExists',
        '/api/Employees/{id}',
        '/api/Registration/resident',
        '/api/Branches/{id}',
      ]),
    );
  });

  it('lists regions and branches for staff only', async () => {
    const regions = await ctx.app.inject({ method: 'GET', url: '/api/Regions', headers: crew });
    expect(regions.json()).toEqual({ data: [{ id: east.id, name: 'East' }, { id: west.id, name: 'West' }] });
    const branches = await ctx.app.inject({ method: 'GET', url: `/api/Branches?regionId=${west.id}`, headers: crew });
    expect(branches.json()).toEqual({
      data: [{ id: westBranch.id, name: 'Westburg', regionId: west.id, regionName: 'West', timeZone: 'America/Denver' }],
    });
    const all = await ctx.app.inject({ method: 'GET', url: '/api/Branches', headers: crew });
    expect(all.json<{ data: unknown[] }>().data).toHaveLength(2);
    for (const url of ['/api/Regions', '/api/Branches']) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: propertyManager })).statusCode).toBe(403);
    }
  });
});
