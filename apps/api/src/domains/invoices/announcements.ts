import { and, eq, sql } from 'drizzle-orm';
import { INVOICE_VIEWER_ROLES, LANGUAGES, type Language } from '@grove/shared';
import { customerUsers, customers } from '../../db/schema.js';
import { customerUsersReceiving, notify, type LocalizedText, type Notifier } from '../notifications/index.js';
import type { invoices } from './tables.js';

/*
 * Who hears what about an invoice: once issued, the customer's users who see invoices (Property
 * Managers and Board Members, decision 021) whose customer routing and own settings keep
 * `invoice_issued` on. The actor never notifies themselves.
 */

const INTL: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', es: 'es-ES', ja: 'ja-JP', de: 'de-DE', fr: 'fr-FR' };

function localized(format: (locale: string) => string): LocalizedText {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, format(INTL[lang])])) as LocalizedText;
}

export function localizedMoney(cents: number): LocalizedText {
  return localized((locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100));
}

export function localizedDay(day: string): LocalizedText {
  const date = new Date(`${day}T12:00:00Z`);
  return localized((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date));
}

const VIEWER_ROLES_SQL = sql.raw(`array[${INVOICE_VIEWER_ROLES.map((r) => `'${r}'`).join(',')}]::text[]`);

export async function announceIssued(tx: Notifier, invoice: typeof invoices.$inferSelect, actorId: string): Promise<void> {
  const [customer] = await tx.select({ name: customers.name }).from(customers).where(eq(customers.id, invoice.customerId));
  const routed = new Set(await customerUsersReceiving(tx, invoice.customerId, 'invoice_issued'));
  const viewers = await tx
    .select({ id: customerUsers.userId })
    .from(customerUsers)
    .where(and(eq(customerUsers.customerId, invoice.customerId), eq(customerUsers.status, 'active'), sql`${customerUsers.roles} && ${VIEWER_ROLES_SQL}`));
  await notify(tx, {
    userIds: viewers.map((row) => row.id).filter((id) => routed.has(id) && id !== actorId),
    type: 'invoice_issued',
    titleKey: 'invoice.issued',
    params: { number: invoice.number, customer: customer?.name ?? '', amount: localizedMoney(invoice.totalCents), due: localizedDay(invoice.dueDate) },
    link: (recipient) =>
      recipient.isStaff ? `/customers/${invoice.customerId}/invoices?open=${invoice.id}` : `/customerView/${invoice.customerId}/invoices?open=${invoice.id}`,
    customerId: invoice.customerId,
  });
}
