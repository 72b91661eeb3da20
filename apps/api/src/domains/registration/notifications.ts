import { perLanguage } from '../../lib/i18n.js';
import type { MessageCatalogue, NotificationKindDefinition } from '../../modules/domain-module.js';

/** A resident registered with the customer's code and waits for approval (issue 4). */
export const PENDING_KIND = 'portal_registration_pending';

export const registrationNotificationKinds: readonly NotificationKindDefinition[] = [
  {
    kind: PENDING_KIND,
    audience: 'customer',
    // Not in people's own settings: the customer's routing decides who gets it.
    userSetting: false,
    customerRouting: {
      defaultRoles: ['Property Manager'],
      label: perLanguage('server/registration:kinds.portal_registration_pending.customerRouting.label'),
    },
    label: perLanguage('server/registration:kinds.portal_registration_pending.label'),
  },
];

export const registrationMessages = {
  'portal.registrationPending': perLanguage('server/registration:messages.portal.registrationPending'),
} satisfies Record<string, MessageCatalogue>;
