import { LIBRARY_MANAGER_ROLES, type FolderAction } from '@grove/shared';
import type { AuthUser } from '../../http/authenticate.js';
import { forbidden } from '../../http/errors.js';
import type { FolderNode } from './folder-tree.js';

/*
 * The file library is staff-only (the route access key); within it:
 * - seeing a folder: every role limit from the top down to it lets the caller in (FolderTree.canSee);
 *   folders the caller cannot see are 404, like records outside scope;
 * - library managers (LIBRARY_MANAGER_ROLES) may do everything to folders they see, and alone may
 *   set role limits and delete folders that still hold something;
 * - other staff may create folders, upload, and rename, move or delete what they created.
 */

type Actor = Pick<AuthUser, 'id' | 'roles'>;

export function isLibraryManager(user: Pick<AuthUser, 'roles'>): boolean {
  return user.roles.some((role) => (LIBRARY_MANAGER_ROLES as readonly string[]).includes(role));
}

export function folderActions(user: Actor, folder: Pick<FolderNode, 'createdBy'>): FolderAction[] {
  if (isLibraryManager(user)) return ['rename', 'move', 'delete', 'setRoles', 'upload'];
  return folder.createdBy === user.id ? ['rename', 'move', 'delete', 'upload'] : ['upload'];
}

export function assertFolderAction(user: Actor, folder: Pick<FolderNode, 'createdBy'>, action: FolderAction): void {
  if (!folderActions(user, folder).includes(action)) throw forbidden('You cannot change this folder');
}

export function assertMaySetRoles(user: Actor): void {
  if (!isLibraryManager(user)) throw forbidden('Only library managers can choose who sees a folder');
}

export function mayChangeFile(user: Actor, file: { uploadedBy: string | null }): boolean {
  return isLibraryManager(user) || file.uploadedBy === user.id;
}

export function assertMayChangeFile(user: Actor, file: { uploadedBy: string | null }): void {
  if (!mayChangeFile(user, file)) throw forbidden('You cannot change this file');
}
