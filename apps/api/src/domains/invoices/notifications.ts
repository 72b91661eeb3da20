import { perLanguage } from '../../lib/i18n.js';
import type { MessageCatalogue, NotificationKindDefinition } from '../../modules/domain-module.js';

/* Notification kinds of invoices and their texts. Who hears what: announcements.ts. */

export const invoiceNotificationKinds: readonly NotificationKindDefinition[] = [
  {
    kind: 'invoice_issued',
    audience: 'customer',
    onlyRoles: ['Property Manager', 'Board Member'],
    label: perLanguage('server/invoices:kinds.invoice_issued.label'),
    customerRouting: {
      defaultRoles: ['Property Manager', 'Board Member'],
      label: perLanguage('server/invoices:kinds.invoice_issued.customerRouting.label'),
    },
  },
];

export const invoiceMessages = {
  'invoice.issued': perLanguage('server/invoices:messages.invoice.issued'),
} satisfies Record<string, MessageCatalogue>;
