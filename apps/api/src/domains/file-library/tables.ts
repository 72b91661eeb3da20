import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { files, users } from '../../db/schema.js';

/** Staff library folders, nested through `parent_id` (null: top level). */
export const libraryFolders = pgTable(
  'library_folders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    parentId: uuid('parent_id').references((): AnyPgColumn => libraryFolders.id),
    name: text('name').notNull(),
    /** Staff roles this folder is limited to; empty: no limit of its own. */
    allowedRoles: text('allowed_roles').array().notNull().default(sql`'{}'::text[]`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Sibling names are unique regardless of case; the nil uuid stands for the top level.
    uniqueIndex('library_folders_sibling_name_key').on(sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`lower(${t.name})`),
    index('library_folders_parent_idx').on(t.parentId),
  ],
);

/** A file of the library: the stored file (file service) plus where it is and what it is called. */
export const libraryFiles = pgTable(
  'library_files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => libraryFolders.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    name: text('name').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('library_files_folder_idx').on(t.folderId), uniqueIndex('library_files_file_key').on(t.fileId)],
);
