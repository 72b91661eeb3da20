import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from '../roles.js';
import { nameText } from '../text-rules.js';
import { idSchema, pageQuerySchema } from './common.js';

/*
 * The staff file library (issue 12): nested folders of company files (safety sheets, training,
 * brand assets, templates). Files are uploaded through `/api/Files/uploadFile` and then added to a
 * folder. A folder may be limited to some staff roles; its subfolders inherit the limit.
 *
 *   GET    /api/folders                               → { data: FolderSummary[] } top-level folders
 *   GET    /api/folders/tree                          → { data: FolderTreeItem[] } every folder the caller sees (pickers)
 *   GET    /api/folders/search?search=&page=          → LibrarySearchResult (folders and files by name)
 *   GET    /api/folders/{id}                          → FolderDetail (path, subfolders, permissions)
 *   GET    /api/folders/{id}/files?page=&sort=&search= → Page<LibraryFile>
 *   POST   /api/folders                               FolderCreate → FolderDetail (201)
 *   PUT    /api/folders/{id}                          FolderUpdate → FolderDetail (rename, roles)
 *   POST   /api/folders/{id}/move                     FolderMove → FolderDetail
 *   DELETE /api/folders/{id}?confirm=true             → 204; 409 when not empty and not confirmed
 *   POST   /api/folders/{id}/files                    LibraryFilesAdd → { data: LibraryFile[] } (201)
 *   PUT    /api/folders/{id}/files/{fileId}           LibraryFileRename → LibraryFile
 *   POST   /api/folders/{id}/files/{fileId}/move      LibraryFileMove → LibraryFile
 *   DELETE /api/folders/{id}/files/{fileId}           → 204
 * All staff only; folders the caller's roles may not see answer 404.
 */

export const LIBRARY_LIMITS = { folderName: 120, fileName: 200, filesPerAdd: 50, depth: 8 } as const;

/** Staff roles that manage the library: set who may see a folder, change anyone's folders and files. */
export const LIBRARY_MANAGER_ROLES: readonly StaffRole[] = [
  'Executive',
  'System Admin',
  'Executive Team',
  'Regional Director',
  'Regional Manager',
  'Branch Manager',
];

/** Sees every folder whatever its limits, so no folder can be locked away from everyone. */
export const LIBRARY_ADMIN_ROLE: StaffRole = 'System Admin';

const staffRoleSchema = z.enum(STAFF_ROLES);
const allowedRolesSchema = z
  .array(staffRoleSchema)
  .max(STAFF_ROLES.length)
  .transform((roles) => [...new Set(roles)]);

export const folderIdParamsSchema = z.object({ id: idSchema });
export const libraryFileParamsSchema = z.object({ id: idSchema, fileId: idSchema });

export const FOLDER_ACTIONS = ['rename', 'move', 'delete', 'setRoles', 'upload'] as const;
export type FolderAction = (typeof FOLDER_ACTIONS)[number];

export const folderSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  parentId: z.uuid().nullable(),
  /** Roles this folder itself is limited to; empty: every staff role that sees its parent. */
  allowedRoles: z.array(staffRoleSchema),
  /** Limited here or by a folder above. */
  restricted: z.boolean(),
  folderCount: z.number().int(),
  fileCount: z.number().int(),
  updatedAt: z.string(),
});
export type FolderSummary = z.infer<typeof folderSummarySchema>;

export const folderPathItemSchema = z.object({ id: z.uuid(), name: z.string() });
export type FolderPathItem = z.infer<typeof folderPathItemSchema>;

export const folderDetailSchema = folderSummarySchema.extend({
  /** Ancestors from the top, without the folder itself. */
  path: z.array(folderPathItemSchema),
  /** Roles limited by folders above (the intersection), empty when none. */
  inheritedRoles: z.array(staffRoleSchema),
  folders: z.array(folderSummarySchema),
  allowedActions: z.array(z.enum(FOLDER_ACTIONS)),
});
export type FolderDetail = z.infer<typeof folderDetailSchema>;

export const folderTreeItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  parentId: z.uuid().nullable(),
  /** Names from the top down to this folder, e.g. "Safety / Data sheets". */
  pathNames: z.array(z.string()),
  /** Whether the caller may add files here and move things into it. */
  canAdd: z.boolean(),
});
export type FolderTreeItem = z.infer<typeof folderTreeItemSchema>;

export const folderListSchema = z.object({
  data: z.array(folderSummarySchema),
  /** Whether the caller may create top-level folders. */
  canCreate: z.boolean(),
});
export type FolderList = z.infer<typeof folderListSchema>;

export const folderCreateSchema = z.object({
  name: nameText(LIBRARY_LIMITS.folderName),
  parentId: idSchema.nullable().optional(),
  allowedRoles: allowedRolesSchema.optional(),
});
export type FolderCreate = z.input<typeof folderCreateSchema>;

export const folderUpdateSchema = z.object({
  name: nameText(LIBRARY_LIMITS.folderName),
  /** Only library managers may change it; omit to keep. */
  allowedRoles: allowedRolesSchema.optional(),
});
export type FolderUpdate = z.input<typeof folderUpdateSchema>;

export const folderMoveSchema = z.object({ parentId: idSchema.nullable() });
export type FolderMove = z.infer<typeof folderMoveSchema>;

export const folderDeleteQuerySchema = z.object({ confirm: z.enum(['true', 'false']).optional() });

export const libraryFileSchema = z.object({
  id: z.uuid(),
  folderId: z.uuid(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  fileId: z.uuid(),
  url: z.string(),
  thumbnailUrl: z.string().optional(),
  webUrl: z.string().optional(),
  uploadedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.string(),
  canChange: z.boolean(),
});
export type LibraryFile = z.infer<typeof libraryFileSchema>;

export const LIBRARY_FILE_SORTS = ['name', '-name', 'created', '-created', 'size', '-size'] as const;

export const libraryFileListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(LIBRARY_FILE_SORTS).default('name'),
});
export type LibraryFileListQuery = z.infer<typeof libraryFileListQuerySchema>;

export const librarySearchQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().min(1).max(200),
});

export const librarySearchFileSchema = libraryFileSchema.extend({ folderName: z.string() });
export type LibrarySearchFile = z.infer<typeof librarySearchFileSchema>;

export const librarySearchResultSchema = z.object({
  folders: z.array(folderSummarySchema.extend({ path: z.array(folderPathItemSchema) })),
  files: z.object({
    data: z.array(librarySearchFileSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type LibrarySearchResult = z.infer<typeof librarySearchResultSchema>;

export const libraryFilesAddSchema = z.object({
  fileIds: z.array(idSchema).min(1).max(LIBRARY_LIMITS.filesPerAdd),
});
export type LibraryFilesAdd = z.infer<typeof libraryFilesAddSchema>;

export const libraryFileRenameSchema = z.object({ name: nameText(LIBRARY_LIMITS.fileName) });
export type LibraryFileRename = z.infer<typeof libraryFileRenameSchema>;

export const libraryFileMoveSchema = z.object({ folderId: idSchema });
export type LibraryFileMove = z.infer<typeof libraryFileMoveSchema>;
