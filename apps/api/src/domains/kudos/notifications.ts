import { perLanguage } from '../../lib/i18n.js';
import type { MessageCatalogue, NotificationKindDefinition } from '../../modules/domain-module.js';

/** kudos_received: staff thanked by a customer (or whose crew was), and their branch managers. */
export const kudosNotificationKinds: readonly NotificationKindDefinition[] = [
  {
    kind: 'kudos_received',
    audience: 'staff',
    label: perLanguage('server/kudos:kinds.kudos_received.label'),
  },
];

// {{category}} is localized; {{recipient}} is a name or "the whole crew".
export const kudosMessages = {
  'kudos.forYou': perLanguage('server/kudos:messages.kudos.forYou'),
  'kudos.forCrew': perLanguage('server/kudos:messages.kudos.forCrew'),
  'kudos.forColleague': perLanguage('server/kudos:messages.kudos.forColleague'),
} satisfies Record<string, MessageCatalogue>;
