import { eq } from 'drizzle-orm';
import { LANGUAGES, type Language } from '@grove/shared';
import { customers, users } from '../../db/schema.js';
import { customerUsersReceiving, notify, type LocalizedText, type Notifier, type Recipient } from '../notifications/index.js';

/*
 * Who hears what about a plan (issue 11; each person's settings may still mute a kind):
 * - published, or a revision published → the customer's users (plan_published), through the
 *   customer's routing of kinds to its roles;
 * - a customer user acknowledged or commented → the account manager (plan_customer_activity);
 * - a visit still open 7 days after its date → the account manager (plan_occurrence_overdue).
 * The actor never notifies themselves.
 */

interface PlanRef {
  id: string;
  customerId: string;
  name: string;
  startDate: string;
  endDate: string;
  version: number;
}

interface ActorRef {
  id: string;
}

const INTL: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', es: 'es-ES', ja: 'ja-JP', de: 'de-DE', fr: 'fr-FR' };

/** A calendar day in each reader's language. */
export function localizedDay(day: string): LocalizedText {
  const date = new Date(`${day}T12:00:00Z`);
  return Object.fromEntries(
    LANGUAGES.map((lang) => [lang, new Intl.DateTimeFormat(INTL[lang], { dateStyle: 'medium', timeZone: 'UTC' }).format(date)]),
  ) as LocalizedText;
}

/** Staff and customer users open the same plan in their own views. */
export function planLink(plan: Pick<PlanRef, 'id' | 'customerId'>) {
  return (recipient: Recipient) =>
    recipient.isStaff ? `/customers/${plan.customerId}/plans/${plan.id}/view` : `/customerView/${plan.customerId}/plans/${plan.id}/view`;
}

async function customerFacts(tx: Notifier, customerId: string) {
  const [row] = await tx.select({ name: customers.name, accountManagerId: customers.accountManagerId }).from(customers).where(eq(customers.id, customerId));
  return { name: row?.name ?? '', accountManagerId: row?.accountManagerId ?? null };
}

async function actorName(tx: Notifier, actor: ActorRef): Promise<string> {
  const [row] = await tx.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, actor.id));
  return `${row?.first ?? ''} ${row?.last ?? ''}`.trim() || 'Grove';
}

export async function announcePublished(tx: Notifier, plan: PlanRef, actor: ActorRef, revision: boolean): Promise<void> {
  const customer = await customerFacts(tx, plan.customerId);
  const receivers = await customerUsersReceiving(tx, plan.customerId, 'plan_published');
  await notify(tx, {
    userIds: receivers.filter((id) => id !== actor.id),
    type: 'plan_published',
    titleKey: revision ? 'plan.revised' : 'plan.published',
    params: {
      plan: plan.name,
      customer: customer.name,
      actor: await actorName(tx, actor),
      start: localizedDay(plan.startDate),
      end: localizedDay(plan.endDate),
      version: plan.version,
    },
    link: planLink(plan),
    customerId: plan.customerId,
  });
}

async function tellAccountManager(tx: Notifier, plan: PlanRef, actor: ActorRef | null, type: string, titleKey: 'plan.acknowledged' | 'plan.comment' | 'plan.overdue', params: Record<string, string | number | LocalizedText>) {
  const customer = await customerFacts(tx, plan.customerId);
  if (!customer.accountManagerId || customer.accountManagerId === actor?.id) return;
  await notify(tx, {
    userIds: [customer.accountManagerId],
    type,
    titleKey,
    params: { plan: plan.name, customer: customer.name, version: plan.version, ...params },
    link: planLink(plan),
    customerId: plan.customerId,
  });
}

export async function announceAcknowledged(tx: Notifier, plan: PlanRef, actor: ActorRef): Promise<void> {
  await tellAccountManager(tx, plan, actor, 'plan_customer_activity', 'plan.acknowledged', { actor: await actorName(tx, actor) });
}

export async function announceComment(tx: Notifier, plan: PlanRef, actor: ActorRef, text: string): Promise<void> {
  const excerpt = text.length > 160 ? `${text.slice(0, 157)}…` : text;
  await tellAccountManager(tx, plan, actor, 'plan_customer_activity', 'plan.comment', { actor: await actorName(tx, actor), excerpt });
}

export async function announceOverdue(tx: Notifier, plan: PlanRef, visit: { service: string; date: string }): Promise<void> {
  await tellAccountManager(tx, plan, null, 'plan_occurrence_overdue', 'plan.overdue', { service: visit.service, date: localizedDay(visit.date) });
}
