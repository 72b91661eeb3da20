/**
 * Access-matrix entries (domains/access-matrix.test.ts) for `/api/folders`: staff only, no customer
 * scope. Each case builds fresh folders and files created by the caller (staff may change what they
 * created), so every staff role's call really runs.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Role } from '@grove/shared';
import { files } from '../../db/schema.js';
import type { AccessCase, AccessFixture, FileOwnerCase, ModuleTesting } from '../../modules/domain-module.js';
import type { CustomerRow } from '../../test/factories.js';
import type { TestContext } from '../../test/test-app.js';
import { STAFF, type AudienceTable } from '../../test/audience.js';
import { LIBRARY_FILE_OWNER } from './service.js';
import { libraryFiles, libraryFolders } from './tables.js';

type Fixture = Pick<AccessFixture, 'ctx' | 'users'>;

const userOf = (f: Fixture, role: Role | null) => f.users[role ?? 'System Admin'];
const unique = () => `Matrix ${randomUUID().slice(0, 8)}`;

async function folderOf(f: Fixture, role: Role | null): Promise<string> {
  const [row] = await f.ctx.database.db.insert(libraryFolders).values({ name: unique(), createdBy: userOf(f, role).id }).returning({ id: libraryFolders.id });
  return row!.id;
}

async function fileRow(f: { ctx: Pick<TestContext, 'database'> }, uploadedBy: string, ownerId?: string): Promise<string> {
  const id = randomUUID();
  await f.ctx.database.db.insert(files).values({
    id,
    kind: 'file',
    originalName: 'matrix.pdf',
    storageKey: `matrix/${id}`,
    mimeType: 'application/pdf',
    sizeBytes: 10,
    sha256: '0'.repeat(64),
    uploadedBy,
    ...(ownerId ? { ownerType: LIBRARY_FILE_OWNER, ownerId, attachedAt: sql`now()` } : {}),
  });
  return id;
}

const folder = async (f: Fixture, _c: CustomerRow, role: Role | null) => ({ id: await folderOf(f, role) });

async function folderWithFile(f: Fixture, _c: CustomerRow, role: Role | null) {
  const id = await folderOf(f, role);
  const itemId = randomUUID();
  const uploader = userOf(f, role).id;
  const fileId = await fileRow(f, uploader, itemId);
  await f.ctx.database.db.insert(libraryFiles).values({ id: itemId, folderId: id, fileId, name: 'matrix.pdf', uploadedBy: uploader });
  return { id, fileId: itemId };
}

const accessCases: Record<string, AccessCase> = {
  'GET /api/folders': {},
  'GET /api/folders/tree': {},
  'GET /api/folders/search': { query: 'search=matrix' },
  'GET /api/folders/:id': { params: folder },
  'GET /api/folders/:id/files': { params: folder },
  'POST /api/folders': { body: () => ({ name: unique() }) },
  'PUT /api/folders/:id': { params: folder, body: () => ({ name: unique() }) },
  'POST /api/folders/:id/move': { params: folder, body: { parentId: null } },
  'DELETE /api/folders/:id': { params: folder },
  'POST /api/folders/:id/files': { params: folder, body: async (f, _c, role) => ({ fileIds: [await fileRow(f, userOf(f, role).id)] }) },
  'PUT /api/folders/:id/files/:fileId': { params: folderWithFile, body: { name: 'renamed.pdf' } },
  'POST /api/folders/:id/files/:fileId/move': { params: folderWithFile, body: async (f, _c, role) => ({ folderId: await folderOf(f, role) }) },
  'DELETE /api/folders/:id/files/:fileId': { params: folderWithFile },
};

const fileOwners: FileOwnerCase[] = [
  {
    label: 'library file',
    customerUsersSee: false,
    create: async (ctx, _customer, uploaderId) => {
      const [folder] = await ctx.database.db.insert(libraryFolders).values({ name: unique(), createdBy: uploaderId }).returning({ id: libraryFolders.id });
      const itemId = randomUUID();
      const placeholder = await fileRow({ ctx }, uploaderId, itemId);
      await ctx.database.db.insert(libraryFiles).values({ id: itemId, folderId: folder!.id, fileId: placeholder, name: 'contract.pdf', uploadedBy: uploaderId });
      return { ownerType: LIBRARY_FILE_OWNER, ownerId: itemId };
    },
  },
];

/** Expected audience (test/audience.ts): the staff file library; folder role limits are the service's (issue 15). */
const audience: AudienceTable = Object.fromEntries(Object.keys(accessCases).map((key) => [key, { who: STAFF }]));

export const fileLibraryTesting: ModuleTesting = { accessCases, audience, fileOwners };
