import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  hasStaffRole,
  type DocumentCategory,
  type DocumentCreate,
  type DocumentDetail,
  type DocumentFile,
  type DocumentListQuery,
  type DocumentSummary,
  type DocumentUpdate,
  type DocumentVersionCreate,
  type DocumentVisibility,
  type Page,
} from '@grove/shared';
import type { Db, Tx } from '../../db/client.js';
import { customers, files, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { cappedCount, pageTotal } from '../../lib/paging.js';
import { attachFiles, contentUrl, releaseOwnerFiles, setOwnerFilesStaffOnly, type AttachFilesInput } from '../files/index.js';
import { assertCustomerInScope, customerIdInScope, isCustomerInScope } from '../scope/index.js';
import { allowedActions, assertMay, isStaffUser, maySee } from './policy.js';
import { documentVersions, documents } from './tables.js';

/** `files.owner_type` of every version's file. */
export const DOCUMENT_OWNER = 'document';

type Caller = Pick<AuthUser, 'id' | 'roles' | 'regionId' | 'branchId'>;

const uploader = alias(users, 'uploader');
const fullName = (table: { firstName: AnyColumn; lastName: AnyColumn }) => sql<string>`trim(concat_ws(' ', ${table.firstName}, ${table.lastName}))`;

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type FileFields = Pick<typeof files.$inferSelect, 'id' | 'originalName' | 'mimeType' | 'sizeBytes' | 'variants'>;

function toFile(file: FileFields): DocumentFile {
  return {
    id: file.id,
    name: file.originalName,
    mimeType: file.mimeType,
    size: file.sizeBytes,
    url: contentUrl(file.id),
    ...(file.variants.thumb ? { thumbnailUrl: contentUrl(file.id, 'thumb') } : {}),
    ...(file.variants.web ? { webUrl: contentUrl(file.id, 'web') } : {}),
  };
}

const fileColumns = { id: files.id, originalName: files.originalName, mimeType: files.mimeType, sizeBytes: files.sizeBytes, variants: files.variants };
const personColumns = { id: uploader.id, name: fullName(uploader), roles: uploader.roles };

type Person = { id: string; name: string; roles: string[] } | null;
function toPerson(person: Person): DocumentSummary['uploadedBy'] {
  return person ? { id: person.id, name: person.name, staff: hasStaffRole(person.roles) } : null;
}

const SORTS: Record<DocumentListQuery['sort'], SQL[]> = {
  updated: [asc(documents.updatedAt), asc(documents.id)],
  '-updated': [desc(documents.updatedAt), desc(documents.id)],
  title: [asc(sql`lower(${documents.title})`), asc(documents.id)],
  '-title': [desc(sql`lower(${documents.title})`), desc(documents.id)],
  category: [asc(documents.category), asc(sql`lower(${documents.title})`)],
  '-category': [desc(documents.category), asc(sql`lower(${documents.title})`)],
};

function summarySelect(db: Db) {
  return db
    .select({
      doc: documents,
      customerName: customers.name,
      file: fileColumns,
      uploader: personColumns,
    })
    .from(documents)
    .innerJoin(customers, eq(customers.id, documents.customerId))
    .innerJoin(files, eq(files.id, documents.currentFileId))
    .leftJoin(uploader, eq(uploader.id, files.uploadedBy));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summarySelect>['where']>>[number];

function toSummary(row: SummaryRow): DocumentSummary {
  return {
    id: row.doc.id,
    customerId: row.doc.customerId,
    customerName: row.customerName,
    title: row.doc.title,
    category: row.doc.category as DocumentCategory,
    visibility: row.doc.visibility,
    version: row.doc.version,
    file: toFile(row.file),
    uploadedBy: toPerson(row.uploader),
    createdAt: row.doc.createdAt.toISOString(),
    updatedAt: row.doc.updatedAt.toISOString(),
  };
}

/** Documents in the caller's scope; customer-side users never get staff-only ones. */
export async function listDocuments(db: Db, user: Caller, query: DocumentListQuery): Promise<Page<DocumentSummary>> {
  const conditions: SQL[] = [customerIdInScope(user, documents.customerId)];
  if (query.customerId) conditions.push(eq(documents.customerId, query.customerId));
  if (!isStaffUser(user)) conditions.push(eq(documents.visibility, 'customer'));
  else if (query.visibility) conditions.push(eq(documents.visibility, query.visibility));
  if (query.category) conditions.push(eq(documents.category, query.category));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(sql`(${ilike(documents.title, pattern)} or ${ilike(files.originalName, pattern)})`);
  }
  const where = and(...conditions);
  const [counted, rows] = await Promise.all([
    // Every document has its current file (not null, a foreign key): the join is only for the search.
    cappedCount(db, query.search ? db.select({ one: sql`1` }).from(documents).innerJoin(files, eq(files.id, documents.currentFileId)).where(where).$dynamic() : db.select({ one: sql`1` }).from(documents).where(where).$dynamic()),
    summarySelect(db)
      .where(where)
      .orderBy(...SORTS[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  return { data: rows.map(toSummary), ...pageTotal(query, rows.length, rows.length === query.pageSize, counted), page: query.page, pageSize: query.pageSize };
}

/** The document row if the caller may see it: its customer in scope and, for customer users, visible to them. Else 404. */
export async function loadVisibleDocument(db: Pick<Db, 'select'>, user: Caller, id: string) {
  const [doc] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  if (!doc || !maySee(user, doc.visibility)) throw notFound();
  if (!(await isCustomerInScope(db as Db, user, doc.customerId))) throw notFound();
  return doc;
}

/**
 * "May this user see files of this record?" for the file service: a document's files (every
 * version) follow the document. Exported for the module's file-visibility hook.
 */
export async function mayReadDocumentFiles(db: Db, user: Caller, documentId: string): Promise<boolean> {
  try {
    await loadVisibleDocument(db, user, documentId);
    return true;
  } catch {
    return false;
  }
}

export async function getDocument(db: Db, user: Caller, id: string): Promise<DocumentDetail> {
  const doc = await loadVisibleDocument(db, user, id);
  const [row] = await summarySelect(db).where(eq(documents.id, doc.id)).limit(1);
  if (!row) throw notFound();
  const versions = await db
    .select({ version: documentVersions, file: fileColumns, uploader: personColumns })
    .from(documentVersions)
    .innerJoin(files, eq(files.id, documentVersions.fileId))
    .leftJoin(uploader, eq(uploader.id, documentVersions.uploadedBy))
    .where(eq(documentVersions.documentId, doc.id))
    .orderBy(desc(documentVersions.version));
  return {
    ...toSummary(row),
    description: doc.description,
    versions: versions.map((v) => ({
      id: v.version.id,
      version: v.version.version,
      note: v.version.note,
      file: toFile(v.file),
      uploadedBy: toPerson(v.uploader),
      createdAt: v.version.createdAt.toISOString(),
    })),
    allowedActions: allowedActions(user, doc),
  };
}

/** attachFiles names its field `fileIds`; these bodies have one `fileId`. */
async function attachUpload(db: Db, tx: Tx, input: AttachFilesInput): Promise<void> {
  try {
    await attachFiles(db, tx, input);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400 && error.errors?.fileIds) throw badRequest({ fileId: error.errors.fileIds });
    throw error;
  }
}

/** A new document with its first version; the upload is attached in the same transaction. */
export async function createDocument(db: Db, user: Caller, input: DocumentCreate & { visibility: DocumentVisibility }): Promise<DocumentDetail> {
  await assertCustomerInScope(db, user, input.customerId);
  // What a customer user uploads is always visible to their customer (and to staff).
  const visibility: DocumentVisibility = isStaffUser(user) ? input.visibility : 'customer';
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await attachUpload(db, tx, {
      fileIds: [input.fileId],
      customerId: input.customerId,
      ownerType: DOCUMENT_OWNER,
      ownerId: id,
      userId: user.id,
      staffOnly: visibility === 'staff',
    });
    await tx.insert(documents).values({
      id,
      customerId: input.customerId,
      title: input.title,
      category: input.category,
      visibility,
      description: input.description || null,
      version: 1,
      currentFileId: input.fileId.toLowerCase(),
      createdBy: user.id,
    });
    await tx.insert(documentVersions).values({ documentId: id, version: 1, fileId: input.fileId.toLowerCase(), uploadedBy: user.id });
  });
  return getDocument(db, user, id);
}

export async function updateDocument(db: Db, user: Caller, id: string, input: DocumentUpdate): Promise<DocumentDetail> {
  const doc = await loadVisibleDocument(db, user, id);
  assertMay(user, doc, 'edit');
  const visibility = input.visibility ?? (doc.visibility);
  if (visibility !== doc.visibility) assertMay(user, doc, 'changeVisibility');
  await db.transaction(async (tx) => {
    await tx
      .update(documents)
      .set({ title: input.title, category: input.category, description: input.description || null, visibility, updatedAt: sql`now()` })
      .where(eq(documents.id, doc.id));
    if (visibility !== doc.visibility) await setOwnerFilesStaffOnly(tx, DOCUMENT_OWNER, doc.id, visibility === 'staff');
  });
  return getDocument(db, user, id);
}

/** Replaces the file: a new version on top, the old ones kept (and still downloadable). */
export async function addVersion(db: Db, user: Caller, id: string, input: DocumentVersionCreate): Promise<DocumentDetail> {
  const doc = await loadVisibleDocument(db, user, id);
  assertMay(user, doc, 'replace');
  const fileId = input.fileId.toLowerCase();
  await db.transaction(async (tx) => {
    // The row lock orders concurrent replacements: each gets the next number.
    const [locked] = await tx.select({ version: documents.version, visibility: documents.visibility }).from(documents).where(eq(documents.id, doc.id)).for('update');
    if (!locked) throw notFound();
    const version = locked.version + 1;
    await attachUpload(db, tx, {
      fileIds: [fileId],
      customerId: doc.customerId,
      ownerType: DOCUMENT_OWNER,
      ownerId: doc.id,
      userId: user.id,
      staffOnly: locked.visibility === 'staff',
    });
    await tx.insert(documentVersions).values({ documentId: doc.id, version, fileId, note: input.note || null, uploadedBy: user.id });
    await tx.update(documents).set({ version, currentFileId: fileId, updatedAt: sql`now()` }).where(eq(documents.id, doc.id));
  });
  return getDocument(db, user, id);
}

/** Deletes the document and its versions; the files are released for the cleanup job. */
export async function deleteDocument(db: Db, user: Caller, id: string): Promise<void> {
  if (!isStaffUser(user)) throw forbidden('You cannot change this document');
  const doc = await loadVisibleDocument(db, user, id);
  assertMay(user, doc, 'delete');
  await db.transaction(async (tx) => {
    await tx.delete(documents).where(eq(documents.id, doc.id));
    await releaseOwnerFiles(tx, DOCUMENT_OWNER, doc.id);
  });
}
