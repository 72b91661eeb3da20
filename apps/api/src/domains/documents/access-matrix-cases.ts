/**
 * Access-matrix entries (domains/access-matrix.test.ts) for `/api/Documents`. Every case builds a
 * fresh document shared with the customer, created by the caller (customer users may edit and
 * replace their own), and fresh unattached uploads of the caller.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Role } from '@grove/shared';
import { files } from '../../db/schema.js';
import type { CustomerRow, TestUser } from '../../test/factories.js';
import type { TestContext } from '../../test/test-app.js';
import { DOCUMENT_OWNER } from './service.js';
import { documentVersions, documents } from './tables.js';

interface Fixture {
  ctx: TestContext;
  users: Record<Role, TestUser>;
}
type Builder<T> = T | ((f: Fixture, customer: CustomerRow, role: Role | null) => T | Promise<T>);
interface Case {
  params?: Builder<Record<string, string>>;
  query?: Builder<string>;
  body?: Builder<object>;
  scoped?: boolean;
}

const userOf = (f: Fixture, role: Role | null) => f.users[role ?? 'System Admin'];

/** A stored-file row (no bytes: the matrix never reads content), unattached unless `attach` says. */
async function fileRow(f: Fixture, uploadedBy: string, attach?: { customerId: string; ownerId: string }) {
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

export const documentRouteCases: Record<string, Case> = {
  'GET /api/Documents': {},
  'GET /api/Documents/:id': { scoped: true, params: freshDocument },
  'POST /api/Documents': {
    scoped: true,
    body: async (f, customer, role) => ({ customerId: customer.id, title: 'Matrix document', category: 'contract', fileId: await freshUpload(f, role) }),
  },
  'PUT /api/Documents/:id': { scoped: true, params: freshDocument, body: { title: 'Matrix document renamed', category: 'other' } },
  'POST /api/Documents/:id/versions': { scoped: true, params: freshDocument, body: async (f, _customer, role) => ({ fileId: await freshUpload(f, role) }) },
  'DELETE /api/Documents/:id': { scoped: true, params: freshDocument },
};
