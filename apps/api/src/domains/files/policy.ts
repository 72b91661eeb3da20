import { hasStaffRole } from '@grove/shared';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { isCustomerInScope } from '../scope/customer-scope.js';
import type { FileRow } from './upload-service.js';

/**
 * Who may see a file: its uploader while it is unattached; once attached to a customer's record,
 * whoever has that customer in scope (the shared scope rules); once attached to a record of no
 * customer (staff photos, the staff file library), staff only. Everyone else gets 404, as if it
 * did not exist. Files of staff-only records (internal notes) are never served to customer users.
 */
export async function assertCanReadFile(
  db: Db,
  user: Pick<AuthUser, 'id' | 'roles' | 'regionId' | 'branchId'>,
  file: Pick<FileRow, 'uploadedBy' | 'attachedAt' | 'customerId' | 'staffOnly'>,
): Promise<void> {
  if (!file.attachedAt) {
    if (file.uploadedBy === user.id) return;
    throw notFound();
  }
  if (file.staffOnly && !hasStaffRole(user.roles)) throw notFound();
  if (!file.customerId) {
    if (hasStaffRole(user.roles)) return;
    throw notFound();
  }
  if (!(await isCustomerInScope(db, user, file.customerId))) throw notFound();
}
