import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, type CustomerDetail, type Role } from '@grove/shared';
import { customers, files } from '../../db/schema.js';
import {
  createBranch,
  createCustomer,
  createScopeWorld,
  createUser,
  signIn,
  type ScopeWorld,
  type SignedIn,
} from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { ACCOUNT_NUMBER_TAKEN, CONTACT_ONLY } from './customer-write.js';

describe(`customer create and update (${dbKind})`, () => {
  let ctx: TestContext;
  let world: ScopeWorld;
  const as = {} as Record<Role, SignedIn>;

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await createScopeWorld(ctx);
    for (const [role, user] of Object.entries(world.users)) as[role as Role] = await signIn(ctx, user);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'Cedar Point HOA',
    accountNumber: `CP-${crypto.randomUUID().slice(0, 8)}`,
    type: 'hoa',
    status: 'active',
    addressLine1: '1 Cedar Point Dr',
    city: 'Marietta',
    state: 'GA',
    postalCode: '30064',
    regionId: world.regionA.id,
    branchId: world.branchA.id,
    ...overrides,
  });
  const create = (role: Role, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/Customers', headers: as[role], payload });
  const update = (role: Role, id: string, payload: object) => ctx.app.inject({ method: 'PUT', url: `/api/Customers/${id}`, headers: as[role], payload });

  it('creates a customer with every field and answers its detail', async () => {
    const res = await create('Branch Manager', body({
      addressLine2: 'Gate B',
      latitude: 33.95,
      longitude: -84.55,
      accountManagerId: world.users['Account Manager'].id,
      contractStart: '2026-01-01',
      contractEnd: '2027-12-31',
      serviceDays: ['mon', 'thu'],
      propertySizeAcres: 12.5,
      notes: 'Gate code 1234',
    }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<CustomerDetail>()).toMatchObject({
      view: 'staff',
      name: 'Cedar Point HOA',
      latitude: 33.95,
      accountManagerId: world.users['Account Manager'].id,
      contractEnd: '2027-12-31',
      serviceDays: ['mon', 'thu'],
      notes: 'Gate code 1234',
      permissions: { edit: 'all', editSettings: true, managePortal: true },
    });
  });

  it('lets only editors create, and only where they see', async () => {
    for (const role of ['System Admin', 'Executive', 'Executive Team', 'Regional Director', 'Regional Manager', 'Branch Manager'] as Role[]) {
      expect((await create(role, body())).statusCode, role).toBe(201);
    }
    for (const role of ['Account Manager', 'Crew Leader', 'Business Development'] as Role[]) {
      expect((await create(role, body())).statusCode, role).toBe(403);
    }
    expect((await create('Property Manager', body())).statusCode).toBe(403);
    // A branch manager cannot place a customer in another branch (they would lose sight of it).
    const elsewhere = await create('Branch Manager', body({ regionId: world.regionB.id, branchId: world.branchB.id }));
    expect(elsewhere.json()).toMatchObject({ errors: { branchId: [VALIDATION_MESSAGES.invalid] } });
    const regional = await create('Regional Director', body({ regionId: world.regionB.id, branchId: world.branchB.id }));
    expect(regional.json()).toMatchObject({ errors: { regionId: [VALIDATION_MESSAGES.invalid] } });
  });

  it('validates: unique account number (409), branch in its region, end ≥ start, staff account manager, both coordinates', async () => {
    const first = await create('System Admin', body({ accountNumber: 'DUP-1' }));
    expect(first.statusCode).toBe(201);
    const dup = await create('System Admin', body({ accountNumber: 'dup-1' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: ACCOUNT_NUMBER_TAKEN });

    const cases: [Record<string, unknown>, string][] = [
      [{ branchId: world.branchB.id }, 'branchId'],
      [{ contractStart: '2026-05-01', contractEnd: '2026-04-30' }, 'contractEnd'],
      [{ accountManagerId: world.users.Resident.id }, 'accountManagerId'],
      [{ latitude: 33.9 }, 'longitude'],
      [{ latitude: 91, longitude: 0 }, 'latitude'],
      [{ serviceDays: ['mon', 'mon'] }, 'serviceDays'],
      [{ type: 'castle' }, 'type'],
      [{ name: '' }, 'name'],
    ];
    for (const [overrides, field] of cases) {
      const res = await create('System Admin', body(overrides));
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json<{ errors: object }>().errors), field).toContain(field);
    }
  });

  it('lets editors change every field; the account manager only the contact details of their customer', async () => {
    const customer = await createCustomer(ctx, { regionId: world.regionA.id, branchId: world.branchA.id, accountManagerId: world.users['Account Manager'].id, notes: 'old' });
    const full = await update('Regional Manager', customer.id, { name: 'Renamed Estates', status: 'inactive', contractStart: '2025-01-01', contractEnd: '2025-12-31' });
    expect(full.json()).toMatchObject({ name: 'Renamed Estates', status: 'inactive', contractEnd: '2025-12-31' });

    const contact = await update('Account Manager', customer.id, { addressLine1: '2 New Rd', city: 'Smyrna', notes: 'Gate 99', latitude: 34, longitude: -84 });
    expect(contact.statusCode, contact.body).toBe(200);
    expect(contact.json()).toMatchObject({ addressLine1: '2 New Rd', city: 'Smyrna', notes: 'Gate 99', latitude: 34, permissions: { edit: 'contact', editSettings: false } });
    // A whole form may repeat the other fields unchanged…
    const same = await update('Account Manager', customer.id, { name: 'Renamed Estates', status: 'inactive', postalCode: '30080' });
    expect(same.statusCode).toBe(200);
    // …but changing one is refused, and nothing of the request is saved.
    const refused = await update('Account Manager', customer.id, { name: 'Mine Now', city: 'Atlanta' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: CONTACT_ONLY });
    const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row).toMatchObject({ name: 'Renamed Estates', city: 'Smyrna', postalCode: '30080' });

    for (const role of ['Crew Leader', 'Business Development'] as Role[]) {
      expect((await update(role, world.inScope.id, { notes: 'x' })).statusCode, role).toBe(403);
    }
    expect((await update('Property Manager', world.inScope.id, { notes: 'x' })).statusCode).toBe(403);
  });

  it('answers 404 to staff who do not see the customer, whatever their role', async () => {
    for (const role of ['Regional Director', 'Branch Manager', 'Account Manager', 'Crew Leader'] as Role[]) {
      expect((await update(role, world.outOfScope.id, { notes: 'x' })).statusCode, role).toBe(404);
    }
    expect((await update('Executive', world.outOfScope.id, { notes: 'seen by executives' })).statusCode).toBe(200);
  });

  it('checks end ≥ start against the stored dates, and moves a customer only to a branch of its region', async () => {
    const customer = await createCustomer(ctx, { regionId: world.regionA.id, branchId: world.branchA.id, contractStart: '2026-06-01' });
    expect((await update('System Admin', customer.id, { contractEnd: '2026-05-01' })).json()).toMatchObject({ errors: { contractEnd: [VALIDATION_MESSAGES.invalid] } });
    const otherBranchA = await createBranch(ctx, { regionId: world.regionA.id });
    expect((await update('Regional Director', customer.id, { branchId: otherBranchA.id })).json()).toMatchObject({ branchId: otherBranchA.id });
    expect((await update('Regional Director', customer.id, { branchId: world.branchB.id })).statusCode).toBe(400);
    expect((await update('System Admin', customer.id, { accountNumber: 'DUP-1' })).statusCode).toBe(409);
  });

  it('attaches an uploaded photo of the caller, and refuses someone else’s', async () => {
    const editor = world.users['System Admin'];
    const insertFile = async (uploadedBy: string) =>
      (
        await ctx.database.db
          .insert(files)
          .values({ kind: 'photo', originalName: 'front.jpg', storageKey: `k/${crypto.randomUUID()}`, mimeType: 'image/jpeg', sizeBytes: 10, sha256: 'x', uploadedBy })
          .returning()
      )[0]!;
    const mine = await insertFile(editor.id);
    const res = await update('System Admin', world.inScope.id, { photoFileId: mine.id });
    expect(res.json()).toMatchObject({ photoFileId: mine.id });
    const [attached] = await ctx.database.db.select().from(files).where(eq(files.id, mine.id));
    expect(attached).toMatchObject({ customerId: world.inScope.id, ownerType: 'customer_photo', ownerId: world.inScope.id });

    const theirs = await insertFile((await createUser(ctx, { roles: ['Crew Leader'] })).id);
    const refused = await update('System Admin', world.inScope.id, { photoFileId: theirs.id });
    expect(refused.json()).toMatchObject({ errors: { photoFileId: [VALIDATION_MESSAGES.invalid] } });
  });
});
