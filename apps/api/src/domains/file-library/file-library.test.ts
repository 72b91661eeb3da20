import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRoles, type FolderDetail, type FolderList, type LibraryFile, type LibrarySearchResult, type Page } from '@grove/shared';
import { createScopeWorld, signIn, type ScopeWorld, type SignedIn, type TestUser } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { uploadTestFile } from '../../test/uploads.js';
import { mayReadLibraryFile } from './service.js';

/** A factory user as the services see a signed-in caller. */
const asCaller = (user: TestUser) => ({ id: user.id, roles: parseRoles(user.roles), regionId: user.regionId, branchId: user.branchId });

describe(`file library (${dbKind})`, () => {
  let ctx: TestContext;
  let world: ScopeWorld;
  let admin: SignedIn;
  let branch: SignedIn;
  let crew: SignedIn;
  let am: SignedIn;
  let pm: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext({ WEB_DIST: join(tmpdir(), 'grove-no-web-dist') });
    world = await createScopeWorld(ctx);
    admin = await signIn(ctx, world.users['System Admin']);
    branch = await signIn(ctx, world.users['Branch Manager']);
    crew = await signIn(ctx, world.users['Crew Leader']);
    am = await signIn(ctx, world.users['Account Manager']);
    pm = await signIn(ctx, world.users['Property Manager']);
  });

  afterAll(async () => {
    await ctx.close();
  });

  const call = (as: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { ...as }, ...(payload ? { payload } : {}) });

  async function folder(as: SignedIn, name: string, parentId: string | null = null, allowedRoles?: string[]): Promise<FolderDetail> {
    const res = await call(as, 'POST', '/api/folders', { name, parentId, ...(allowedRoles ? { allowedRoles } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<FolderDetail>();
  }

  async function addFile(as: SignedIn, folderId: string, name = 'sheet.pdf'): Promise<LibraryFile> {
    const upload = await uploadTestFile(ctx, as, { name });
    const res = await call(as, 'POST', `/api/folders/${folderId}/files`, { fileIds: [upload.id] });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: LibraryFile[] }>().data[0]!;
  }

  it('nests folders, shows the path and lists files with paging, sorting and search', async () => {
    const safety = await folder(crew, 'Safety');
    const sheets = await folder(crew, 'Data sheets', safety.id);
    expect(sheets.path).toEqual([{ id: safety.id, name: 'Safety' }]);
    for (const name of ['mulch.pdf', 'fertiliser.pdf', 'herbicide.pdf']) await addFile(crew, sheets.id, name);

    const top = (await call(am, 'GET', '/api/folders')).json<FolderList>();
    expect(top.data.find((f) => f.id === safety.id)).toMatchObject({ folderCount: 1, fileCount: 0, restricted: false });
    const detail = (await call(am, 'GET', `/api/folders/${safety.id}`)).json<FolderDetail>();
    expect(detail.folders).toEqual([expect.objectContaining({ id: sheets.id, fileCount: 3 })]);
    expect(detail.allowedActions).toEqual(['upload']);

    const page = (await call(am, 'GET', `/api/folders/${sheets.id}/files?pageSize=2&sort=name`)).json<Page<LibraryFile>>();
    expect([page.total, page.data.map((f) => f.name)]).toEqual([3, ['fertiliser.pdf', 'herbicide.pdf']]);
    expect(page.data[0]!.canChange).toBe(false);
    const found = (await call(am, 'GET', `/api/folders/${sheets.id}/files?search=mulch`)).json<Page<LibraryFile>>();
    expect(found.data.map((f) => f.name)).toEqual(['mulch.pdf']);

    const search = (await call(am, 'GET', '/api/folders/search?search=herb')).json<LibrarySearchResult>();
    expect(search.files.data.map((f) => [f.name, f.folderName])).toEqual([['herbicide.pdf', 'Data sheets']]);
    const folderSearch = (await call(am, 'GET', '/api/folders/search?search=data she')).json<LibrarySearchResult>();
    expect(folderSearch.folders.map((f) => [f.name, f.path.map((p) => p.name)])).toEqual([['Data sheets', ['Safety']]]);
  });

  it('folders limited to some roles are invisible to others, with their subfolders and files', async () => {
    const exec = await folder(branch, 'Managers only', null, ['Branch Manager', 'Regional Manager']);
    const inner = await folder(branch, 'Budgets', exec.id);
    const file = await addFile(branch, inner.id, 'budget.pdf');
    expect(exec.restricted).toBe(true);
    expect(inner.inheritedRoles.sort()).toEqual(['Branch Manager', 'Regional Manager']);

    const crewTop = (await call(crew, 'GET', '/api/folders')).json<FolderList>();
    expect(crewTop.data.map((f) => f.id)).not.toContain(exec.id);
    expect((await call(crew, 'GET', `/api/folders/${exec.id}`)).statusCode).toBe(404);
    expect((await call(crew, 'GET', `/api/folders/${inner.id}`)).statusCode).toBe(404);
    expect((await call(crew, 'GET', `/api/folders/${inner.id}/files`)).statusCode).toBe(404);
    expect((await call(crew, 'POST', '/api/folders', { name: 'Sneaky', parentId: inner.id })).statusCode).toBe(404);
    const crewTree = (await call(crew, 'GET', '/api/folders/tree')).json<{ data: { id: string }[] }>();
    expect(crewTree.data.map((f) => f.id)).not.toContain(inner.id);
    const branchTree = (await call(branch, 'GET', '/api/folders/tree')).json<{ data: { id: string; pathNames: string[] }[] }>();
    expect(branchTree.data.find((f) => f.id === inner.id)?.pathNames).toEqual(['Managers only', 'Budgets']);
    const crewSearch = (await call(crew, 'GET', '/api/folders/search?search=budget')).json<LibrarySearchResult>();
    expect([crewSearch.folders.length, crewSearch.files.total]).toEqual([0, 0]);
    expect(await mayReadLibraryFile(ctx.database.db, asCaller(world.users['Crew Leader']), file.id)).toBe(false);
    expect(await mayReadLibraryFile(ctx.database.db, asCaller(world.users['Branch Manager']), file.id)).toBe(true);
    // The file service asks the module: the file itself is out of reach by id too.
    expect((await call(crew, 'GET', `/api/Files/${file.fileId}/content`)).statusCode).toBe(404);
    expect((await call(branch, 'GET', `/api/Files/${file.fileId}/content`)).statusCode).toBe(200);
    // System Admin sees every folder, so none can be locked away from everyone.
    expect((await call(admin, 'GET', `/api/folders/${inner.id}`)).statusCode).toBe(200);
    expect(await mayReadLibraryFile(ctx.database.db, asCaller(world.users['System Admin']), file.id)).toBe(true);
  });

  it('only library managers set role limits; nobody limits a folder away from themselves', async () => {
    expect((await call(crew, 'POST', '/api/folders', { name: 'Crew secret', allowedRoles: ['Crew Leader'] })).statusCode).toBe(403);
    const mine = await folder(crew, 'Crew folder');
    expect((await call(crew, 'PUT', `/api/folders/${mine.id}`, { name: 'Crew folder', allowedRoles: ['Crew Leader'] })).statusCode).toBe(403);
    const locked = await call(branch, 'PUT', `/api/folders/${mine.id}`, { name: 'Crew folder', allowedRoles: ['Executive'] });
    expect(locked.statusCode).toBe(409);
    expect((await call(crew, 'GET', `/api/folders/${mine.id}`)).statusCode).toBe(200);
  });

  it('renames and moves folders; refuses cycles, duplicates and other people’s folders', async () => {
    const a = await folder(crew, 'Training');
    const b = await folder(crew, 'Videos', a.id);
    const renamed = await call(crew, 'PUT', `/api/folders/${b.id}`, { name: 'Training videos' });
    expect(renamed.json<FolderDetail>().name).toBe('Training videos');

    const cycle = await call(crew, 'POST', `/api/folders/${a.id}/move`, { parentId: b.id });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json()).toMatchObject({ errors: { parentId: [expect.any(String)] } });
    expect((await call(crew, 'POST', `/api/folders/${a.id}/move`, { parentId: a.id })).statusCode).toBe(400);

    const moved = await call(crew, 'POST', `/api/folders/${b.id}/move`, { parentId: null });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<FolderDetail>()).toMatchObject({ parentId: null, path: [] });

    await folder(crew, 'Brand');
    const duplicate = await call(crew, 'POST', '/api/folders', { name: 'brand' });
    expect(duplicate.statusCode).toBe(409);
    expect((await call(crew, 'PUT', `/api/folders/${b.id}`, { name: 'BRAND' })).statusCode).toBe(409);

    // Someone else's folder: the account manager may upload into it but not restructure it.
    expect((await call(am, 'PUT', `/api/folders/${a.id}`, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await call(am, 'POST', `/api/folders/${a.id}/move`, { parentId: null })).statusCode).toBe(403);
    expect((await call(am, 'DELETE', `/api/folders/${a.id}`)).statusCode).toBe(403);
    // A manager may.
    expect((await call(branch, 'PUT', `/api/folders/${a.id}`, { name: 'Training (2026)' })).statusCode).toBe(200);
  });

  it('deletes empty folders at once; others only with confirmation, by a manager', async () => {
    const empty = await folder(crew, 'Empty one');
    expect((await call(crew, 'DELETE', `/api/folders/${empty.id}`)).statusCode).toBe(204);

    const full = await folder(crew, 'Templates');
    await folder(crew, 'Letters', full.id);
    const file = await addFile(crew, full.id, 'letterhead.pdf');
    const unconfirmed = await call(crew, 'DELETE', `/api/folders/${full.id}`);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json<{ message: string }>().message).toMatch(/not empty/);
    expect((await call(crew, 'DELETE', `/api/folders/${full.id}?confirm=true`)).statusCode).toBe(403);
    expect((await call(branch, 'DELETE', `/api/folders/${full.id}?confirm=true`)).statusCode).toBe(204);
    expect((await call(crew, 'GET', `/api/folders/${full.id}`)).statusCode).toBe(404);
    expect((await call(branch, 'GET', `/api/Files/${file.fileId}/content`)).statusCode).toBe(404);
  });

  it('a manager cannot delete a folder holding folders they cannot see', async () => {
    const outer = await folder(branch, 'Shared outer');
    await folder(admin, 'Execs', outer.id, ['Executive']);
    expect((await call(branch, 'DELETE', `/api/folders/${outer.id}?confirm=true`)).statusCode).toBe(409);
    expect((await call(admin, 'DELETE', `/api/folders/${outer.id}?confirm=true`)).statusCode).toBe(204);
  });

  it('renames, moves and deletes files; uploads for a customer cannot be added', async () => {
    const from = await folder(crew, 'Inbox');
    const to = await folder(crew, 'Archive');
    const file = await addFile(crew, from.id, 'report.pdf');
    expect(file.canChange).toBe(true);
    const renamed = await call(crew, 'PUT', `/api/folders/${from.id}/files/${file.id}`, { name: 'Quarterly report.pdf' });
    expect(renamed.json<LibraryFile>().name).toBe('Quarterly report.pdf');
    expect((await call(am, 'PUT', `/api/folders/${from.id}/files/${file.id}`, { name: 'x.pdf' })).statusCode).toBe(403);
    const moved = await call(crew, 'POST', `/api/folders/${from.id}/files/${file.id}/move`, { folderId: to.id });
    expect(moved.json<LibraryFile>().folderId).toBe(to.id);
    expect((await call(crew, 'PUT', `/api/folders/${from.id}/files/${file.id}`, { name: 'y.pdf' })).statusCode).toBe(404);
    expect((await call(am, 'GET', `/api/Files/${file.fileId}/content`)).statusCode).toBe(200);
    expect((await call(crew, 'DELETE', `/api/folders/${to.id}/files/${file.id}`)).statusCode).toBe(204);
    expect((await call(am, 'GET', `/api/Files/${file.fileId}/content`)).statusCode).toBe(404);

    const customerUpload = await uploadTestFile(ctx, crew, {}, world.inScope.id);
    const refused = await call(crew, 'POST', `/api/folders/${from.id}/files`, { fileIds: [customerUpload.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { fileIds: [expect.any(String)] } });
  });

  it('customer users get 403; bad input 400 with field errors', async () => {
    expect((await call(pm, 'GET', '/api/folders')).statusCode).toBe(403);
    const bad = await call(crew, 'POST', '/api/folders', { name: '', parentId: 'x', allowedRoles: ['Property Manager'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['allowedRoles.0', 'name', 'parentId']);
    const tooMany = await call(crew, 'POST', `/api/folders/${crypto.randomUUID()}/files`, { fileIds: [] });
    expect(tooMany.statusCode).toBe(400);
  });
});
