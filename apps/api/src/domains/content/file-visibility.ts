import { hasStaffRole } from '@grove/shared';
import type { FileOwnership } from '../../modules/domain-module.js';
import { CONTENT_IMAGE_OWNER, mayRead, staffFinds } from './service.js';

/**
 * An item's image: staff who find the item in their list (drafts too; decision 041); a customer-side
 * user while the item is live and for them.
 */
export const contentFiles: FileOwnership = {
  ownerTypes: [CONTENT_IMAGE_OWNER],
  async canSeeFiles(db, user, file) {
    if (hasStaffRole(user.roles)) return staffFinds(db, user, file.ownerId);
    return mayRead(db, user.id, file.ownerId);
  },
};
