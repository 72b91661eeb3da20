import type { MessageCatalogue, NotificationKindDefinition } from '../../modules/domain-module.js';

/* Notification kinds of invoices and their texts. Who hears what: announcements.ts. */

export const invoiceNotificationKinds: readonly NotificationKindDefinition[] = [
  {
    kind: 'invoice_issued',
    audience: 'customer',
    onlyRoles: ['Property Manager', 'Board Member'],
    label: {
      en: { title: 'Invoices', text: 'A new invoice for your property is issued.' },
      zh: { title: '发票', text: '您的物业开具了新发票时。' },
      es: { title: 'Facturas', text: 'Se emite una nueva factura de su propiedad.' },
      ja: { title: '請求書', text: '物件の新しい請求書が発行されたとき。' },
      de: { title: 'Rechnungen', text: 'Eine neue Rechnung für Ihr Objekt wird ausgestellt.' },
      fr: { title: 'Factures', text: 'Une nouvelle facture de votre site est émise.' },
    },
    customerRouting: {
      defaultRoles: ['Property Manager', 'Board Member'],
      label: {
        en: 'New invoices',
        zh: '新发票',
        es: 'Facturas nuevas',
        ja: '新しい請求書',
        de: 'Neue Rechnungen',
        fr: 'Nouvelles factures',
      },
    },
  },
];

export const invoiceMessages = {
  'invoice.issued': {
    en: { title: 'New invoice {{number}} for {{customer}}', text: 'Invoice {{number}} over {{amount}} is due on {{due}}.' },
    zh: { title: '{{customer}} 的新发票 {{number}}', text: '发票 {{number}}，金额 {{amount}}，到期日 {{due}}。' },
    es: { title: 'Nueva factura {{number}} para {{customer}}', text: 'La factura {{number}} por {{amount}} vence el {{due}}.' },
    ja: { title: '{{customer}} の新しい請求書 {{number}}', text: '請求書 {{number}}（{{amount}}）の支払期日は {{due}} です。' },
    de: { title: 'Neue Rechnung {{number}} für {{customer}}', text: 'Rechnung {{number}} über {{amount}} ist am {{due}} fällig.' },
    fr: { title: 'Nouvelle facture {{number}} pour {{customer}}', text: 'La facture {{number}} de {{amount}} est à régler le {{due}}.' },
  },
} satisfies Record<string, MessageCatalogue>;
