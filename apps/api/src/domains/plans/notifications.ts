import { perLanguage } from '../../lib/i18n.js';
import type { MessageCatalogue, NotificationKindDefinition } from '../../modules/domain-module.js';

/*
 * Notification kinds of quarterly plans (issue 11) and their texts. Who hears what: announcements.ts.
 * - plan_published: the customer's users (routed by the customer's settings): a plan was published
 *   or a revision of it.
 * - plan_customer_activity: the account manager: a customer user acknowledged or commented.
 * - plan_occurrence_overdue: the account manager: a visit is still open 7 days after its date.
 */

export const planNotificationKinds: readonly NotificationKindDefinition[] = [
  {
    kind: 'plan_published',
    audience: 'customer',
    label: perLanguage('server/plans:kinds.plan_published.label'),
    customerRouting: {
      // Residents and tenants hear about the plan when the customer turns it on for them.
      defaultRoles: ['Property Manager', 'Board Member', 'Landscape Committee'],
      label: perLanguage('server/plans:kinds.plan_published.customerRouting.label'),
    },
  },
  {
    kind: 'plan_customer_activity',
    audience: 'staff',
    label: perLanguage('server/plans:kinds.plan_customer_activity.label'),
  },
  {
    kind: 'plan_occurrence_overdue',
    audience: 'staff',
    label: perLanguage('server/plans:kinds.plan_occurrence_overdue.label'),
  },
];

export const planMessages = {
  'plan.published': perLanguage('server/plans:messages.plan.published'),
  'plan.revised': perLanguage('server/plans:messages.plan.revised'),
  'plan.acknowledged': perLanguage('server/plans:messages.plan.acknowledged'),
  'plan.comment': perLanguage('server/plans:messages.plan.comment'),
  'plan.overdue': perLanguage('server/plans:messages.plan.overdue'),
} satisfies Record<string, MessageCatalogue>;
