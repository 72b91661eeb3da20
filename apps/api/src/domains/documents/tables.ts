import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DOCUMENT_VISIBILITIES } from '@grove/shared';
import { customers, files, users } from '../../db/schema.js';
import { enumText, oneOf } from '../../db/typed-columns.js';

/** A customer's document; its file is the newest row of `document_versions`. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    category: text('category').notNull(),
    /** `staff` or `customer` (DOCUMENT_VISIBILITIES). */
    visibility: enumText('visibility', DOCUMENT_VISIBILITIES).notNull(),
    description: text('description'),
    /** Number of the newest version (1 for a new document). */
    version: integer('version').notNull().default(1),
    currentFileId: uuid('current_file_id')
      .notNull()
      .references(() => files.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_customer_idx').on(t.customerId, t.updatedAt),
    // The list's default order (`-updated`, then id; read backwards; decision 037).
    index('documents_updated_idx').on(t.updatedAt, t.id),
    oneOf('documents_visibility_check', t.visibility, DOCUMENT_VISIBILITIES),
  ],
);

/** Every file a document has had, oldest first: replacing a file adds a row, nothing is overwritten. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    note: text('note'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_versions_document_version_key').on(t.documentId, t.version)],
);
