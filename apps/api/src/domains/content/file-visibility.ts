import { hasStaffRole } from '@grove/shared';
import type { FileOwnership } from '../../modules/domain-module.js';
import { CONTENT_IMAGE_OWNER, mayRead } from './service.js';

/** An item's image: staff always (drafts too); a customer-side user while the item is live and for them. */
export const contentFiles: FileOwnership = {
  ownerTypes: [CONTENT_IMAGE_OWNER],
  async canSeeFiles(db, user, file) {
    if (hasStaffRole(user.roles)) return true;
    return mayRead(db, user.id, file.ownerId);
  },
};
