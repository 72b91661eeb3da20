import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranch, createCustomer, createUser, linkCustomerUser, signIn, type SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';

describe(`customer CSV export (${dbKind})`, () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let branchManager: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext();
    const branch = await createBranch(ctx, { name: 'Marietta' });
    const elsewhere = await createBranch(ctx, { name: 'Plano' });
    const manager = await createUser(ctx, { roles: ['Account Manager'], firstName: 'Jo', lastName: '"Jojo" Ellis' });
    await createCustomer(ctx, { branchId: branch.id, name: '=HYPERLINK("http://evil.test","click")', accountNumber: 'A-1', addressLine1: '1 Main St', addressLine2: 'Suite 2', city: 'Marietta', accountManagerId: manager.id });
    await createCustomer(ctx, { branchId: branch.id, name: 'Oak, Elm & Pine', accountNumber: 'A-2', status: 'prospect', notes: 'internal' });
    await createCustomer(ctx, { branchId: elsewhere.id, name: 'Far Away', accountNumber: 'B-1' });
    admin = await signIn(ctx, await createUser(ctx, { roles: ['System Admin'], language: 'de' }));
    branchManager = await signIn(ctx, await createUser(ctx, { roles: ['Branch Manager'], branchId: branch.id, regionId: branch.regionId }));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const exportCsv = (headers: SignedIn, query = '') => ctx.app.inject({ method: 'GET', url: `/api/Customers/export.csv${query}`, headers });

  it('exports the filtered list with headers in the caller’s language, formulas defused and quotes escaped', async () => {
    const res = await exportCsv(admin, '?sort=accountNumber');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Kundennummer,Typ,Status,Adresse,Ort,Bundesland,Postleitzahl,Region,Niederlassung,Kundenbetreuer,Offene Anfragen');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.test"",""click""\)",A-1,hoa,active,"1 Main St, Suite 2",Marietta,GA,30000,/);
    expect(lines[1]).toContain(',"Jo ""Jojo"" Ellis",0');
    expect(lines[2]).toMatch(/^"Oak, Elm & Pine",A-2,hoa,prospect,/);
    // Notes are not exported.
    expect(res.body).not.toContain('internal');
    const prospects = await exportCsv(admin, '?status=prospect');
    expect(prospects.body.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('exports only the caller’s scope, and only for staff', async () => {
    const res = await exportCsv(branchManager);
    expect(res.body).not.toContain('Far Away');
    expect(res.body.trimEnd().split('\r\n')).toHaveLength(3);
    const resident = await createUser(ctx, { roles: ['Resident'] });
    const [first] = (await ctx.database.db.query.customers.findMany({ limit: 1 }));
    await linkCustomerUser(ctx, first!.id, resident.id);
    expect((await exportCsv(await signIn(ctx, resident))).statusCode).toBe(403);
  });
});
