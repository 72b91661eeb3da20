/**
 * Access-matrix entries (domains/access-matrix.test.ts) for `/api/Documents`. Every case builds a
 * fresh document shared with the customer, created by the caller (customer users may edit and
 * replace their own), and fresh unattached uploads of the caller.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Role } from '@grove/shared';
import { files } from '../../db/schema.js';
import type { AccessCase, AccessFixture, FileOwnerCase, ModuleTesting } from '../../modules/domain-module.js';
import type { CustomerRow } from '../../test/factories.js';
import type { TestContext } from '../../test/test-app.js';
import { SIGNED_IN, STAFF, type AudienceTable } from '../../test/audience.js';
import { DOCUMENT_OWNER } from './service.js';
import { documentVersions, documents } from './tables.js';

type Fixture = Pick<AccessFixture, 'ctx' | 'users'>;

const userOf = (f: Fixture, role: Role | null) => f.users[role ?? 'System Admin'];

/** A stored-file row (no bytes: the matrix never reads content), unattached unless `attach` says. */
async function fileRow(f: { ctx: Pick<TestContext, 'database'> }, uploadedBy: string, attach?: { customerId: string; ownerId: string }) {
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
    ...(attach ? { customerId: attach.customerId, ownerType: DOCUMENT_OWNER, ownerId: attach.ownerId, attachedAt: sql`now()` } : {}),
  });
  return id;
}

async function freshDocument(f: Fixture, customer: CustomerRow, role: Role | null) {
  const creator = userOf(f, role);
  const id = randomUUID();
  const fileId = await fileRow(f, creator.id, { customerId: customer.id, ownerId: id });
  const { db } = f.ctx.database;
  await db.insert(documents).values({ id, customerId: customer.id, title: 'Matrix document', category: 'other', visibility: 'customer', currentFileId: fileId, createdBy: creator.id });
  await db.insert(documentVersions).values({ documentId: id, version: 1, fileId, uploadedBy: creator.id });
  return { id };
}

const freshUpload = async (f: Fixture, role: Role | null) => fileRow(f, userOf(f, role).id);

const accessCases: Record<string, AccessCase> = {
  'GET /api/Documents': { listProbe: (f, customer) => freshDocument(f, customer, 'System Admin') },
  'GET /api/Documents/:id': { params: freshDocument },
  'POST /api/Documents': {
    body: async (f, customer, role) => ({ customerId: customer.id, title: 'Matrix document', category: 'contract', fileId: await freshUpload(f, role) }),
  },
  'PUT /api/Documents/:id': { params: freshDocument, body: { title: 'Matrix document renamed', category: 'other' } },
  'POST /api/Documents/:id/versions': { params: freshDocument, body: async (f, _customer, role) => ({ fileId: await freshUpload(f, role) }) },
  'DELETE /api/Documents/:id': { params: freshDocument },
};

/** A document of `customer` with a placeholder current file; the contract test attaches its own uploads. */
function documentOwner(visibility: 'customer' | 'staff'): FileOwnerCase['create'] {
  return async (ctx, customer, uploaderId) => {
    const id = randomUUID();
    const fileId = await fileRow({ ctx }, uploaderId, { customerId: customer.id, ownerId: id });
    await ctx.database.db.insert(documents).values({ id, customerId: customer.id, title: 'Contract document', category: 'other', visibility, currentFileId: fileId, createdBy: uploaderId });
    return { ownerType: DOCUMENT_OWNER, ownerId: id, staffOnly: visibility === 'staff' };
  };
}

const fileOwners: FileOwnerCase[] = [
  { label: 'document shared with the customer', customerUsersSee: true, create: documentOwner('customer') },
  { label: 'staff-only document', customerUsersSee: false, create: documentOwner('staff') },
];

/** Expected audience (test/audience.ts): customer documents, for staff and customer users in scope (issue 15). */
const audience: AudienceTable = {
  'GET /api/Documents': { who: SIGNED_IN, scope: 'list' },
  'GET /api/Documents/:id': { who: SIGNED_IN, scope: 'record' },
  'POST /api/Documents': { who: SIGNED_IN, scope: 'record' },
  'PUT /api/Documents/:id': { who: SIGNED_IN, scope: 'record' },
  'POST /api/Documents/:id/versions': { who: SIGNED_IN, scope: 'record' },
  'DELETE /api/Documents/:id': { who: STAFF, scope: 'record' },
};

export const documentsTesting: ModuleTesting = { accessCases, audience, fileOwners };
