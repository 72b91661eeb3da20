import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRoles, type DocumentDetail, type DocumentSummary, type Page } from '@grove/shared';
import { createUser, createScopeWorld, linkCustomerUser, signIn, type ScopeWorld, type SignedIn, type TestUser } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { uploadTestFile } from '../../test/uploads.js';
import { mayReadDocumentFiles } from './service.js';

/** A factory user as the services see a signed-in caller. */
const asCaller = (user: TestUser) => ({ id: user.id, roles: parseRoles(user.roles), regionId: user.regionId, branchId: user.branchId });

describe(`documents (${dbKind})`, () => {
  let ctx: TestContext;
  let world: ScopeWorld;
  let manager: SignedIn;
  let crew: SignedIn;
  let pm: SignedIn;
  let board: SignedIn;
  let outsider: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext({ WEB_DIST: join(tmpdir(), 'grove-no-web-dist') });
    world = await createScopeWorld(ctx);
    manager = await signIn(ctx, world.users['Account Manager']);
    crew = await signIn(ctx, world.users['Crew Leader']);
    pm = await signIn(ctx, world.users['Property Manager']);
    board = await signIn(ctx, world.users['Board Member']);
    const other = await createUser(ctx, { roles: ['Property Manager'] });
    await linkCustomerUser(ctx, world.outOfScope.id, other.id);
    outsider = await signIn(ctx, other);
  });

  afterAll(async () => {
    await ctx.close();
  });

  const call = (as: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { ...as }, ...(payload ? { payload } : {}) });

  async function create(as: SignedIn, fields: Partial<{ title: string; category: string; visibility: string; description: string }> = {}) {
    const file = await uploadTestFile(ctx, as, { name: `${fields.title ?? 'doc'}.pdf` }, world.inScope.id);
    const res = await call(as, 'POST', '/api/Documents', {
      customerId: world.inScope.id,
      title: 'Landscape contract 2026',
      category: 'contract',
      fileId: file.id,
      ...fields,
    });
    return { res, file };
  }

  it('staff add a staff-only document that customer users can neither list, open nor download by file id', async () => {
    const { res, file } = await create(manager, { title: 'Internal cost sheet', visibility: 'staff', category: 'other' });
    expect(res.statusCode).toBe(201);
    const doc = res.json<DocumentDetail>();
    expect(doc).toMatchObject({ title: 'Internal cost sheet', visibility: 'staff', version: 1, customerId: world.inScope.id });
    expect(doc.uploadedBy).toMatchObject({ id: world.users['Account Manager'].id, staff: true });
    expect(doc.allowedActions).toEqual(['edit', 'replace', 'changeVisibility', 'delete']);

    const list = (await call(pm, 'GET', `/api/Documents?customerId=${world.inScope.id}&pageSize=100`)).json<Page<DocumentSummary>>();
    expect(list.data.map((d) => d.id)).not.toContain(doc.id);
    expect((await call(pm, 'GET', `/api/Documents/${doc.id}`)).statusCode).toBe(404);
    expect((await call(pm, 'GET', `/api/Files/${file.id}/content`)).statusCode).toBe(404);
    expect((await call(pm, 'GET', `/api/Files/${file.id}`)).statusCode).toBe(404);
    expect(await mayReadDocumentFiles(ctx.database.db, asCaller(world.users['Property Manager']), doc.id)).toBe(false);

    // Staff in scope see it and its file.
    expect((await call(crew, 'GET', `/api/Documents/${doc.id}`)).statusCode).toBe(200);
    const content = await call(crew, 'GET', `/api/Files/${file.id}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(await mayReadDocumentFiles(ctx.database.db, asCaller(world.users['Crew Leader']), doc.id)).toBe(true);
  });

  it('a property manager uploads a document: always shared with the customer, seen by staff and the customer’s users', async () => {
    const { res, file } = await create(pm, { title: 'Board minutes March', category: 'board_minutes', visibility: 'staff' });
    expect(res.statusCode).toBe(201);
    const doc = res.json<DocumentDetail>();
    expect(doc.visibility).toBe('customer');
    expect(doc.uploadedBy).toMatchObject({ id: world.users['Property Manager'].id, staff: false });
    expect(doc.allowedActions).toEqual(['edit', 'replace']);

    const staffList = (await call(manager, 'GET', `/api/Documents?customerId=${world.inScope.id}&search=minutes`)).json<Page<DocumentSummary>>();
    expect(staffList.data.map((d) => d.id)).toContain(doc.id);
    const boardView = await call(board, 'GET', `/api/Documents/${doc.id}`);
    expect(boardView.statusCode).toBe(200);
    expect(boardView.json<DocumentDetail>().allowedActions).toEqual([]);
    expect((await call(board, 'GET', `/api/Files/${file.id}/content`)).statusCode).toBe(200);

    // Another customer's user: not there at all.
    expect((await call(outsider, 'GET', `/api/Documents/${doc.id}`)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', `/api/Files/${file.id}/content`)).statusCode).toBe(404);
    const outsiderList = (await call(outsider, 'GET', '/api/Documents')).json<Page<DocumentSummary>>();
    expect(outsiderList.data.map((d) => d.id)).not.toContain(doc.id);
  });

  it('customer users cannot change visibility, delete, or edit what others uploaded', async () => {
    const mine = (await create(pm, { title: 'PM upload' })).res.json<DocumentDetail>();
    const staffDoc = (await create(manager, { title: 'Staff shared' })).res.json<DocumentDetail>();
    const base = { title: 'Renamed', category: 'contract' };
    expect((await call(pm, 'PUT', `/api/Documents/${mine.id}`, { ...base, visibility: 'staff' })).statusCode).toBe(403);
    expect((await call(pm, 'PUT', `/api/Documents/${mine.id}`, base)).statusCode).toBe(200);
    expect((await call(pm, 'PUT', `/api/Documents/${staffDoc.id}`, base)).statusCode).toBe(403);
    expect((await call(board, 'PUT', `/api/Documents/${mine.id}`, base)).statusCode).toBe(403);
    expect((await call(pm, 'DELETE', `/api/Documents/${mine.id}`)).statusCode).toBe(403);
  });

  it('replacing the file keeps the old version downloadable', async () => {
    const { res, file: first } = await create(manager, { title: 'Insurance certificate', category: 'insurance' });
    const doc = res.json<DocumentDetail>();
    const second = await uploadTestFile(ctx, manager, { name: 'certificate-2027.pdf' }, world.inScope.id);
    const replaced = await call(manager, 'POST', `/api/Documents/${doc.id}/versions`, { fileId: second.id, note: 'Renewed for 2027' });
    expect(replaced.statusCode).toBe(201);
    const detail = replaced.json<DocumentDetail>();
    expect(detail.version).toBe(2);
    expect(detail.file.id).toBe(second.id);
    expect(detail.versions.map((v) => [v.version, v.file.id, v.note])).toEqual([
      [2, second.id, 'Renewed for 2027'],
      [1, first.id, null],
    ]);
    expect((await call(pm, 'GET', `/api/Files/${first.id}/content`)).statusCode).toBe(200);

    // The same upload cannot be attached twice.
    const again = await call(manager, 'POST', `/api/Documents/${doc.id}/versions`, { fileId: second.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ errors: { fileId: [expect.any(String)] } });
  });

  it('changing visibility moves every version’s file with it', async () => {
    const { res, file: first } = await create(manager, { title: 'Site plan', category: 'site_plan', visibility: 'customer' });
    const doc = res.json<DocumentDetail>();
    const second = await uploadTestFile(ctx, manager, { name: 'site-plan-v2.pdf' }, world.inScope.id);
    await call(manager, 'POST', `/api/Documents/${doc.id}/versions`, { fileId: second.id });

    const hidden = await call(manager, 'PUT', `/api/Documents/${doc.id}`, { title: 'Site plan', category: 'site_plan', visibility: 'staff' });
    expect(hidden.statusCode).toBe(200);
    for (const id of [first.id, second.id]) expect((await call(pm, 'GET', `/api/Files/${id}/content`)).statusCode).toBe(404);
    expect((await call(pm, 'GET', `/api/Documents/${doc.id}`)).statusCode).toBe(404);

    await call(manager, 'PUT', `/api/Documents/${doc.id}`, { title: 'Site plan', category: 'site_plan', visibility: 'customer' });
    for (const id of [first.id, second.id]) expect((await call(pm, 'GET', `/api/Files/${id}/content`)).statusCode).toBe(200);
  });

  it('bad input answers 400 with field errors', async () => {
    const res = await call(manager, 'POST', '/api/Documents', { customerId: world.inScope.id, title: '  ', category: 'poem', fileId: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['category', 'fileId', 'title']);

    // Someone else's upload cannot be used.
    const theirs = await uploadTestFile(ctx, pm, {}, world.inScope.id);
    const stolen = await call(manager, 'POST', '/api/Documents', { customerId: world.inScope.id, title: 'Theirs', category: 'other', fileId: theirs.id });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ errors: { fileId: [expect.any(String)] } });

    // A long title.
    const file = await uploadTestFile(ctx, manager, {}, world.inScope.id);
    const long = await call(manager, 'POST', '/api/Documents', { customerId: world.inScope.id, title: 'x'.repeat(161), category: 'other', fileId: file.id });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ errors: { title: [expect.any(String)] } });
  });

  it('documents of a customer outside scope are 404, also when creating', async () => {
    const file = await uploadTestFile(ctx, outsider, {}, world.outOfScope.id);
    const res = await call(manager, 'POST', '/api/Documents', { customerId: world.outOfScope.id, title: 'Out', category: 'other', fileId: file.id });
    expect(res.statusCode).toBe(404);
    const created = await call(outsider, 'POST', '/api/Documents', { customerId: world.outOfScope.id, title: 'Out', category: 'other', fileId: file.id });
    expect(created.statusCode).toBe(201);
    expect((await call(manager, 'GET', `/api/Documents/${created.json<DocumentDetail>().id}`)).statusCode).toBe(404);
  });

  it('lists filter by category and visibility, sort by title and page', async () => {
    const customerId = world.inScope.id;
    for (const title of ['Alpha plan', 'Beta plan', 'Gamma plan']) await create(manager, { title, category: 'site_plan', visibility: 'staff' });
    const page = (await call(manager, 'GET', `/api/Documents?customerId=${customerId}&category=site_plan&visibility=staff&sort=title&pageSize=2`)).json<Page<DocumentSummary>>();
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.data.map((d) => d.title)).toEqual(['Alpha plan', 'Beta plan']);
    const second = (await call(manager, 'GET', `/api/Documents?customerId=${customerId}&category=site_plan&visibility=staff&sort=title&pageSize=2&page=2`)).json<Page<DocumentSummary>>();
    expect(second.data[0]!.title).toBe('Gamma plan');
    // The visibility filter does not let customer users see staff-only documents.
    const pmPage = (await call(pm, 'GET', `/api/Documents?customerId=${customerId}&visibility=staff`)).json<Page<DocumentSummary>>();
    expect(pmPage.data.every((d) => d.visibility === 'customer')).toBe(true);
  });

  it('staff delete a document; its files are no longer served', async () => {
    const { res, file } = await create(manager, { title: 'Old contract' });
    const doc = res.json<DocumentDetail>();
    expect((await call(manager, 'DELETE', `/api/Documents/${doc.id}`)).statusCode).toBe(204);
    expect((await call(manager, 'GET', `/api/Documents/${doc.id}`)).statusCode).toBe(404);
    expect((await call(crew, 'GET', `/api/Files/${file.id}/content`)).statusCode).toBe(404);
    expect((await call(pm, 'GET', `/api/Files/${file.id}/content`)).statusCode).toBe(404);
  });
});
