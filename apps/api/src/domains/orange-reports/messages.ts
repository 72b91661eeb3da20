import type { CustomerRole, Language } from '@grove/shared';
import { perLanguage } from '../../lib/i18n.js';

/*
 * Orange-report notification texts and kinds (issue 10); the texts are keys of the catalogue
 * (decision 035). Kept free of imports from the app (lib/i18n.ts imports none) so the notification
 * centre can read them without an import cycle.
 */

type Text = { title: string; text: string };
type Copy = Record<Language, Text>;

export const ORANGE_REPORT_MESSAGES = {
  'orangeReport.submitted': perLanguage('server/orange-reports:messages.orangeReport.submitted'),
  'orangeReport.returned': perLanguage('server/orange-reports:messages.orangeReport.returned'),
  'orangeReport.approvedAuthor': perLanguage('server/orange-reports:messages.orangeReport.approvedAuthor'),
  'orangeReport.published': perLanguage('server/orange-reports:messages.orangeReport.published'),
  'orangeReport.resolved': perLanguage('server/orange-reports:messages.orangeReport.resolved'),
  'orangeReport.acknowledged': perLanguage('server/orange-reports:messages.orangeReport.acknowledged'),
  'orangeReport.proposalRequested': perLanguage('server/orange-reports:messages.orangeReport.proposalRequested'),
  'orangeReport.declined': perLanguage('server/orange-reports:messages.orangeReport.declined'),
  'orangeReport.comment': perLanguage('server/orange-reports:messages.orangeReport.comment'),
} as const satisfies Record<string, Copy>;

export type OrangeReportMessageKey = keyof typeof ORANGE_REPORT_MESSAGES;

/** The kinds, as the module manifest will list them (settings labels, defaults, customer routing). */
export const ORANGE_REPORT_KINDS = {
  submitted: 'orange_report_submitted',
  reviewed: 'orange_report_reviewed',
  published: 'orange_report_published',
  customerResponse: 'orange_report_customer_response',
} as const;

/** Customer-side roles that receive published reports until the customer's settings say otherwise. */
export const PUBLISHED_DEFAULT_ROLES: readonly CustomerRole[] = ['Property Manager', 'Board Member', 'Landscape Committee'];

/** The kinds with their settings labels and customer routing (module manifest). */
export const orangeReportNotificationKinds = [
  {
    kind: ORANGE_REPORT_KINDS.submitted,
    audience: 'staff',
    label: perLanguage<Text>('server/orange-reports:kinds.submitted.label'),
  },
  {
    kind: ORANGE_REPORT_KINDS.reviewed,
    audience: 'staff',
    label: perLanguage<Text>('server/orange-reports:kinds.reviewed.label'),
  },
  {
    kind: ORANGE_REPORT_KINDS.customerResponse,
    audience: 'staff',
    label: perLanguage<Text>('server/orange-reports:kinds.customerResponse.label'),
  },
  {
    kind: ORANGE_REPORT_KINDS.published,
    audience: 'customer',
    label: perLanguage<Text>('server/orange-reports:kinds.published.label'),
    customerRouting: {
      defaultRoles: PUBLISHED_DEFAULT_ROLES,
      label: perLanguage('server/orange-reports:kinds.published.customerRouting.label'),
    },
  },
] as const;
