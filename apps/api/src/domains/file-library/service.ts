import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import {
  LIBRARY_LIMITS,
  validationText,
  type FolderCreate,
  type FolderDetail,
  type FolderList,
  type FolderSummary,
  type FolderTreeItem,
  type FolderUpdate,
  type LibraryFile,
  type LibraryFileListQuery,
  type LibrarySearchResult,
  type Page,
  type StaffRole,
} from '@grove/shared';
import type { Db, Tx } from '../../db/client.js';
import { files, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { attachFiles, contentUrl, releaseOwnerFiles } from '../files/index.js';
import { FolderTree, type FolderNode } from './folder-tree.js';
import { assertFolderAction, assertMayChangeFile, assertMaySetRoles, folderActions, isLibraryManager, mayChangeFile } from './policy.js';
import { libraryFiles, libraryFolders } from './tables.js';

/** `files.owner_type` of library files (owner id: the `library_files` row). */
export const LIBRARY_FILE_OWNER = 'library_file';

type Caller = Pick<AuthUser, 'id' | 'roles'>;
type Executor = Pick<Db, 'select'>;

const DUPLICATE_NAME = 'A folder with this name already exists here.';

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function loadTree(db: Executor): Promise<FolderTree> {
  const rows = await db
    .select({
      id: libraryFolders.id,
      parentId: libraryFolders.parentId,
      name: libraryFolders.name,
      allowedRoles: libraryFolders.allowedRoles,
      createdBy: libraryFolders.createdBy,
      updatedAt: libraryFolders.updatedAt,
    })
    .from(libraryFolders);
  return new FolderTree(rows);
}

/** The folder if the caller may see it, else 404. */
function visibleFolder(tree: FolderTree, user: Caller, id: string): FolderNode {
  const folder = tree.get(id.toLowerCase());
  if (!folder || !tree.canSee(user, folder.id)) throw notFound();
  return folder;
}

async function fileCounts(db: Executor, folderIds: readonly string[]): Promise<Map<string, number>> {
  if (folderIds.length === 0) return new Map();
  const rows = await db
    .select({ folderId: libraryFiles.folderId, n: count() })
    .from(libraryFiles)
    .where(inArray(libraryFiles.folderId, [...folderIds]))
    .groupBy(libraryFiles.folderId);
  return new Map(rows.map((row) => [row.folderId, row.n]));
}

function summaries(tree: FolderTree, user: Caller, nodes: readonly FolderNode[], counts: Map<string, number>): FolderSummary[] {
  return nodes
    .filter((node) => tree.canSee(user, node.id))
    .map((node) => ({
      id: node.id,
      name: node.name,
      parentId: node.parentId,
      allowedRoles: node.allowedRoles as StaffRole[],
      restricted: tree.effectiveRoles(node.id) !== null,
      folderCount: tree.children(node.id).filter((child) => tree.canSee(user, child.id)).length,
      fileCount: counts.get(node.id) ?? 0,
      updatedAt: node.updatedAt.toISOString(),
    }));
}

export async function listTopFolders(db: Db, user: Caller): Promise<FolderList> {
  const tree = await loadTree(db);
  const top = tree.children(null);
  return { data: summaries(tree, user, top, await fileCounts(db, top.map((n) => n.id))), canCreate: true };
}

/** Every folder the caller sees, in tree order (parents before children, siblings by name). */
export async function folderTree(db: Db, user: Caller): Promise<FolderTreeItem[]> {
  const tree = await loadTree(db);
  const out: FolderTreeItem[] = [];
  const walk = (parentId: string | null, names: string[]) => {
    for (const node of tree.children(parentId)) {
      if (!tree.canSee(user, node.id)) continue;
      const pathNames = [...names, node.name];
      out.push({ id: node.id, name: node.name, parentId: node.parentId, pathNames, canAdd: folderActions(user, node).includes('upload') });
      walk(node.id, pathNames);
    }
  };
  walk(null, []);
  return out;
}

export async function getFolder(db: Db, user: Caller, id: string): Promise<FolderDetail> {
  const tree = await loadTree(db);
  const folder = visibleFolder(tree, user, id);
  const children = tree.children(folder.id);
  const counts = await fileCounts(db, [folder.id, ...children.map((n) => n.id)]);
  const [self] = summaries(tree, user, [folder], counts);
  return {
    ...self!,
    path: tree.path(folder.id).slice(0, -1).map((node) => ({ id: node.id, name: node.name })),
    inheritedRoles: (tree.inheritedRoles(folder.id) ?? []) as StaffRole[],
    folders: summaries(tree, user, children, counts),
    allowedActions: folderActions(user, folder),
  };
}

/** Only managers set limits, and a limit leaving out every role of the caller would hide the folder from them at once. */
function assertRolesKeepCaller(user: Caller, allowedRoles: readonly string[]): void {
  assertMaySetRoles(user);
  const probe = new FolderTree([{ id: 'probe', parentId: null, name: '', allowedRoles: [...allowedRoles], createdBy: null, updatedAt: new Date() }]);
  if (!probe.canSee(user, 'probe')) throw conflict('You would no longer see this folder: keep one of your roles in the list.');
}

function assertDepth(tree: FolderTree, parentId: string | null, height: number): void {
  const depth = (parentId ? tree.depth(parentId) : 0) + height;
  if (depth > LIBRARY_LIMITS.depth) {
    throw badRequest({ parentId: [validationText('invalid')] }, `Folders can be nested at most ${LIBRARY_LIMITS.depth} levels deep.`);
  }
}

export async function createFolder(db: Db, user: Caller, input: FolderCreate): Promise<FolderDetail> {
  const tree = await loadTree(db);
  const parentId = input.parentId ? visibleFolder(tree, user, input.parentId).id : null;
  const allowedRoles = input.allowedRoles ?? [];
  if (allowedRoles.length > 0) assertRolesKeepCaller(user, allowedRoles);
  assertDepth(tree, parentId, 1);
  const id = randomUUID();
  try {
    await db.insert(libraryFolders).values({ id, parentId, name: input.name, allowedRoles, createdBy: user.id });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_NAME);
    throw error;
  }
  return getFolder(db, user, id);
}

export async function updateFolder(db: Db, user: Caller, id: string, input: FolderUpdate): Promise<FolderDetail> {
  const tree = await loadTree(db);
  const folder = visibleFolder(tree, user, id);
  if (input.name !== folder.name) assertFolderAction(user, folder, 'rename');
  const rolesChanged = input.allowedRoles !== undefined && [...input.allowedRoles].sort().join(',') !== [...folder.allowedRoles].sort().join(',');
  if (rolesChanged) assertRolesKeepCaller(user, input.allowedRoles ?? []);
  try {
    await db
      .update(libraryFolders)
      .set({ name: input.name, ...(rolesChanged ? { allowedRoles: input.allowedRoles } : {}), updatedAt: sql`now()` })
      .where(eq(libraryFolders.id, folder.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_NAME);
    throw error;
  }
  return getFolder(db, user, folder.id);
}

export async function moveFolder(db: Db, user: Caller, id: string, parentId: string | null): Promise<FolderDetail> {
  return db.transaction(async (tx) => {
    // One mover at a time: two crossing moves could otherwise build a cycle.
    await tx.execute(sql`lock table ${libraryFolders} in share row exclusive mode`);
    const tree = await loadTree(tx);
    const folder = visibleFolder(tree, user, id);
    assertFolderAction(user, folder, 'move');
    const target = parentId ? visibleFolder(tree, user, parentId) : null;
    if (target && tree.isWithin(target.id, folder.id)) {
      throw badRequest({ parentId: [validationText('invalid')] }, 'A folder cannot be moved into itself or one of its subfolders.');
    }
    assertDepth(tree, target?.id ?? null, tree.height(folder.id));
    try {
      await tx.update(libraryFolders).set({ parentId: target?.id ?? null, updatedAt: sql`now()` }).where(eq(libraryFolders.id, folder.id));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(DUPLICATE_NAME);
      throw error;
    }
    return folder.id;
  }).then((movedId) => getFolder(db, user, movedId));
}

/**
 * Deletes a folder. An empty one: whoever may delete it. One with contents: only with `confirm`,
 * only library managers, and only when the caller sees everything inside (no hidden subfolder goes
 * with it unseen). Files go to the cleanup job.
 */
export async function deleteFolder(db: Db, user: Caller, id: string, confirm: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${libraryFolders} in share row exclusive mode`);
    const tree = await loadTree(tx);
    const folder = visibleFolder(tree, user, id);
    assertFolderAction(user, folder, 'delete');
    const subtree = tree.subtree(folder.id);
    const ids = subtree.map((node) => node.id);
    const items = await tx.select({ id: libraryFiles.id }).from(libraryFiles).where(inArray(libraryFiles.folderId, ids));
    const empty = subtree.length === 1 && items.length === 0;
    if (!empty) {
      if (!confirm) {
        throw conflict(`This folder is not empty (${subtree.length - 1} folders, ${items.length} files inside). Confirm to delete it with everything in it.`);
      }
      if (!isLibraryManager(user)) throw forbidden('Only library managers can delete a folder that is not empty');
      if (subtree.some((node) => !tree.canSee(user, node.id))) throw conflict('This folder holds folders you cannot see, so it cannot be deleted by you.');
    }
    for (const item of items) await releaseOwnerFiles(tx, LIBRARY_FILE_OWNER, item.id);
    if (items.length) await tx.delete(libraryFiles).where(inArray(libraryFiles.folderId, ids));
    // Deepest first (children reference their parent).
    for (const node of [...subtree].sort((a, b) => tree.depth(b.id) - tree.depth(a.id))) {
      await tx.delete(libraryFolders).where(eq(libraryFolders.id, node.id));
    }
  });
}

// ── Files ──────────────────────────────────────────────────────────────────────────────────────

const fileSelect = {
  item: libraryFiles,
  file: { id: files.id, mimeType: files.mimeType, sizeBytes: files.sizeBytes, variants: files.variants },
  uploader: { id: users.id, name: sql<string>`trim(concat_ws(' ', ${users.firstName}, ${users.lastName}))` },
};

type FileRow = {
  item: typeof libraryFiles.$inferSelect;
  file: { id: string; mimeType: string; sizeBytes: number; variants: Record<string, string> };
  uploader: { id: string; name: string } | null;
};

function toLibraryFile(user: Caller, row: FileRow): LibraryFile {
  return {
    id: row.item.id,
    folderId: row.item.folderId,
    name: row.item.name,
    mimeType: row.file.mimeType,
    size: row.file.sizeBytes,
    fileId: row.file.id,
    url: contentUrl(row.file.id),
    ...(row.file.variants.thumb ? { thumbnailUrl: contentUrl(row.file.id, 'thumb') } : {}),
    ...(row.file.variants.web ? { webUrl: contentUrl(row.file.id, 'web') } : {}),
    uploadedBy: row.uploader,
    createdAt: row.item.createdAt.toISOString(),
    canChange: mayChangeFile(user, row.item),
  };
}

const FILE_SORTS: Record<LibraryFileListQuery['sort'], SQL[]> = {
  name: [asc(sql`lower(${libraryFiles.name})`), asc(libraryFiles.id)],
  '-name': [desc(sql`lower(${libraryFiles.name})`), desc(libraryFiles.id)],
  created: [asc(libraryFiles.createdAt), asc(libraryFiles.id)],
  '-created': [desc(libraryFiles.createdAt), desc(libraryFiles.id)],
  size: [asc(files.sizeBytes), asc(libraryFiles.id)],
  '-size': [desc(files.sizeBytes), desc(libraryFiles.id)],
};

async function pageOfFiles(db: Db, user: Caller, where: SQL | undefined, sort: SQL[], page: number, pageSize: number): Promise<Page<LibraryFile>> {
  const [total] = await db.select({ n: count() }).from(libraryFiles).innerJoin(files, eq(files.id, libraryFiles.fileId)).where(where);
  const rows = await db
    .select(fileSelect)
    .from(libraryFiles)
    .innerJoin(files, eq(files.id, libraryFiles.fileId))
    .leftJoin(users, eq(users.id, libraryFiles.uploadedBy))
    .where(where)
    .orderBy(...sort)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { data: rows.map((row) => toLibraryFile(user, row)), total: total?.n ?? 0, page, pageSize };
}

export async function listFolderFiles(db: Db, user: Caller, folderId: string, query: LibraryFileListQuery): Promise<Page<LibraryFile>> {
  const folder = visibleFolder(await loadTree(db), user, folderId);
  const conditions: SQL[] = [eq(libraryFiles.folderId, folder.id)];
  if (query.search) conditions.push(ilike(libraryFiles.name, likePattern(query.search)));
  return pageOfFiles(db, user, and(...conditions), FILE_SORTS[query.sort], query.page, query.pageSize);
}

/** Folders (first 20) and files (paged) whose name holds the text, in folders the caller sees. */
export async function searchLibrary(db: Db, user: Caller, query: { search: string; page: number; pageSize: number }): Promise<LibrarySearchResult> {
  const tree = await loadTree(db);
  const visible = tree.visibleIds(user);
  const needle = query.search.toLocaleLowerCase();
  const matching = visible
    .map((id) => tree.get(id)!)
    .filter((node) => node.name.toLocaleLowerCase().includes(needle))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, 20);
  const counts = await fileCounts(db, matching.map((n) => n.id));
  const folders = summaries(tree, user, matching, counts).map((summary) => ({
    ...summary,
    path: tree.path(summary.id).slice(0, -1).map((node) => ({ id: node.id, name: node.name })),
  }));
  if (visible.length === 0) return { folders, files: { data: [], total: 0, page: query.page, pageSize: query.pageSize } };
  const page = await pageOfFiles(
    db,
    user,
    and(inArray(libraryFiles.folderId, visible), ilike(libraryFiles.name, likePattern(query.search))),
    FILE_SORTS.name,
    query.page,
    query.pageSize,
  );
  return { folders, files: { ...page, data: page.data.map((file) => ({ ...file, folderName: tree.get(file.folderId)?.name ?? '' })) } };
}

async function attachOne(db: Db, tx: Tx, user: Caller, fileId: string, itemId: string): Promise<void> {
  try {
    await attachFiles(db, tx, { fileIds: [fileId], customerId: null, ownerType: LIBRARY_FILE_OWNER, ownerId: itemId, userId: user.id });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) throw badRequest({ fileIds: [validationText('invalid')] });
    throw error;
  }
}

/** Adds uploads (made for no customer) to a folder, all or none. */
export async function addFiles(db: Db, user: Caller, folderId: string, fileIds: readonly string[]): Promise<LibraryFile[]> {
  const folder = visibleFolder(await loadTree(db), user, folderId);
  assertFolderAction(user, folder, 'upload');
  const unique = [...new Set(fileIds.map((id) => id.toLowerCase()))];
  const itemIds = await db.transaction(async (tx) => {
    const names = await tx.select({ id: files.id, name: files.originalName }).from(files).where(inArray(files.id, unique));
    const nameOf = new Map(names.map((row) => [row.id, row.name]));
    const ids: string[] = [];
    for (const fileId of unique) {
      const itemId = randomUUID();
      await attachOne(db, tx, user, fileId, itemId);
      await tx.insert(libraryFiles).values({ id: itemId, folderId: folder.id, fileId, name: nameOf.get(fileId) ?? 'file', uploadedBy: user.id });
      ids.push(itemId);
    }
    await tx.update(libraryFolders).set({ updatedAt: sql`now()` }).where(eq(libraryFolders.id, folder.id));
    return ids;
  });
  const page = await pageOfFiles(db, user, inArray(libraryFiles.id, itemIds), FILE_SORTS.name, 1, LIBRARY_LIMITS.filesPerAdd);
  return page.data;
}

async function loadFile(db: Db, user: Caller, folderId: string, itemId: string) {
  const tree = await loadTree(db);
  const folder = visibleFolder(tree, user, folderId);
  const [item] = await db
    .select()
    .from(libraryFiles)
    .where(and(eq(libraryFiles.id, itemId.toLowerCase()), eq(libraryFiles.folderId, folder.id)))
    .limit(1);
  if (!item) throw notFound();
  return { tree, folder, item };
}

async function oneFile(db: Db, user: Caller, itemId: string): Promise<LibraryFile> {
  const page = await pageOfFiles(db, user, eq(libraryFiles.id, itemId), FILE_SORTS.name, 1, 1);
  if (!page.data[0]) throw notFound();
  return page.data[0];
}

export async function renameFile(db: Db, user: Caller, folderId: string, itemId: string, name: string): Promise<LibraryFile> {
  const { item } = await loadFile(db, user, folderId, itemId);
  assertMayChangeFile(user, item);
  await db.update(libraryFiles).set({ name }).where(eq(libraryFiles.id, item.id));
  return oneFile(db, user, item.id);
}

export async function moveFile(db: Db, user: Caller, folderId: string, itemId: string, targetId: string): Promise<LibraryFile> {
  const { tree, item } = await loadFile(db, user, folderId, itemId);
  assertMayChangeFile(user, item);
  const target = visibleFolder(tree, user, targetId);
  assertFolderAction(user, target, 'upload');
  await db.update(libraryFiles).set({ folderId: target.id }).where(eq(libraryFiles.id, item.id));
  return oneFile(db, user, item.id);
}

export async function deleteFile(db: Db, user: Caller, folderId: string, itemId: string): Promise<void> {
  const { item } = await loadFile(db, user, folderId, itemId);
  assertMayChangeFile(user, item);
  await db.transaction(async (tx) => {
    await tx.delete(libraryFiles).where(eq(libraryFiles.id, item.id));
    await releaseOwnerFiles(tx, LIBRARY_FILE_OWNER, item.id);
  });
}

/**
 * "May this user see files of this record?" for the file service: a library file is readable by
 * staff who see its folder (role limits included). Exported for the module's file-visibility hook.
 */
export async function mayReadLibraryFile(db: Db, user: Caller, itemId: string): Promise<boolean> {
  const [item] = await db.select({ folderId: libraryFiles.folderId }).from(libraryFiles).where(eq(libraryFiles.id, itemId)).limit(1);
  if (!item) return false;
  return (await loadTree(db)).canSee(user, item.folderId);
}
