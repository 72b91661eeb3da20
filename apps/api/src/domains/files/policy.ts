import { hasStaffRole } from '@grove/shared';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { fileOwnerOf } from '../../modules/catalog.js';
import type { AttachedFile, ModuleUser } from '../../modules/domain-module.js';
import { isCustomerInScope } from '../scope/index.js';
import type { FileRow } from './upload-service.js';

/**
 * Who may see a file: its uploader while it is unattached; once attached, whoever the module that
 * owns the record says may see that record's files (`files.canSeeFiles` of the module claiming the
 * file's owner type). A file whose owner type no module claims is served to no one. Everyone else
 * gets 404, as if it did not exist.
 */
export async function assertCanReadFile(
  db: Db,
  user: Pick<AuthUser, 'id' | 'roles' | 'regionId' | 'branchId'>,
  file: Pick<FileRow, 'uploadedBy' | 'attachedAt' | 'customerId' | 'staffOnly' | 'ownerType' | 'ownerId'>,
): Promise<void> {
  if (!file.attachedAt) {
    if (file.uploadedBy === user.id) return;
    throw notFound();
  }
  const owner = file.ownerType && file.ownerId ? fileOwnerOf(file.ownerType) : undefined;
  if (!owner) throw notFound();
  const attached: AttachedFile = { ownerType: file.ownerType!, ownerId: file.ownerId!, customerId: file.customerId, staffOnly: file.staffOnly };
  if (!(await owner.canSeeFiles(db, user, attached))) throw notFound();
}

/**
 * The usual answer for records of a customer, for modules to use in `canSeeFiles`: whoever has the
 * customer in scope (the shared scope rules); files attached as staff-only (e.g. to an internal
 * note) and files of records of no customer: staff only.
 */
export async function customerRecordFileVisible(db: Db, user: ModuleUser, file: AttachedFile): Promise<boolean> {
  if (file.staffOnly && !hasStaffRole(user.roles)) return false;
  if (!file.customerId) return hasStaffRole(user.roles);
  return isCustomerInScope(db, user, file.customerId);
}

