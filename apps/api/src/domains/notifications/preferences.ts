import { and, eq, inArray, sql } from 'drizzle-orm';
import { hasCustomerRole, hasStaffRole, validationText, type NotificationPreference, type NotificationPreferenceChoice } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { membershipNotificationPreferences, notificationPreferences } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { toLanguage } from '../../mail/language.js';
import { notificationKind, notificationKinds } from '../../modules/catalog.js';
import type { NotificationChoice } from '../../modules/domain-module.js';

export type Choice = NotificationChoice;

/** The choice while a user has not chosen: the kind's own default (modules' notificationKinds), else everything on. */
export function defaultChoice(kind: string, roles: readonly string[]): Choice {
  return notificationKind(kind)?.defaultChoice?.(roles) ?? { inApp: true, email: true };
}

/** The kinds a user's settings show: staff kinds for staff, customer kinds for customer users. */
export function kindsFor(roles: readonly string[]): string[] {
  const staff = hasStaffRole(roles);
  const customer = hasCustomerRole(roles);
  return notificationKinds()
    .filter((kind) => kind.userSetting !== false && (kind.audience === 'staff' ? staff : customer))
    .filter((kind) => !kind.onlyRoles || roles.some((role) => (kind.onlyRoles as readonly string[]).includes(role)))
    .map((kind) => kind.kind);
}

/** Refuses kinds no module declares (400 on the row's kind), as validation would. */
function assertKnownKinds(choices: readonly NotificationPreferenceChoice[], field: string): void {
  const index = choices.findIndex((choice) => !notificationKind(choice.kind));
  if (index >= 0) throw badRequest({ [`${field}.${index}.kind`]: [validationText('invalid')] });
}

/** A preference row as the settings screens get it: with the kind's audience and its label in the reader's language. */
function preference(kind: string, choice: Choice, language: string | undefined): NotificationPreference {
  const definition = notificationKind(kind)!;
  const label = definition.label[toLanguage(language)];
  return { kind, inApp: choice.inApp, email: choice.email, audience: definition.audience, title: label.title, description: label.text };
}

/**
 * Stored or default choices of several users for one kind. For a notification about a customer's
 * record, the choices a customer's managers set for that membership win over the person's own.
 */
export async function choicesFor(
  db: Pick<Db, 'select'>,
  users: readonly { id: string; roles: readonly string[] }[],
  kind: string,
  customerId?: string | null,
): Promise<Map<string, Choice>> {
  const result = new Map<string, Choice>();
  if (users.length === 0) return result;
  const ids = users.map((u) => u.id);
  const stored = await db
    .select({ userId: notificationPreferences.userId, inApp: notificationPreferences.inApp, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.kind, kind), inArray(notificationPreferences.userId, ids)));
  const membership = customerId
    ? await db
        .select({ userId: membershipNotificationPreferences.userId, inApp: membershipNotificationPreferences.inApp, email: membershipNotificationPreferences.email })
        .from(membershipNotificationPreferences)
        .where(and(eq(membershipNotificationPreferences.customerId, customerId), eq(membershipNotificationPreferences.kind, kind), inArray(membershipNotificationPreferences.userId, ids)))
    : [];
  const byUser = new Map(stored.map((row) => [row.userId, row]));
  const byMembership = new Map(membership.map((row) => [row.userId, row]));
  for (const user of users) {
    const row = byMembership.get(user.id) ?? byUser.get(user.id);
    result.set(user.id, row ? { inApp: row.inApp, email: row.email } : defaultChoice(kind, user.roles));
  }
  return result;
}

/** The choices that apply to a person's notifications about one customer (membership, else their own, else default). */
export async function getMembershipPreferences(
  db: Pick<Db, 'select'>,
  customerId: string,
  user: { id: string; roles: readonly string[] },
  language?: string,
): Promise<NotificationPreference[]> {
  const own = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
  const membership = await db
    .select()
    .from(membershipNotificationPreferences)
    .where(and(eq(membershipNotificationPreferences.customerId, customerId), eq(membershipNotificationPreferences.userId, user.id)));
  const byKind = new Map<string, Choice>(own.map((row) => [row.kind, row]));
  for (const row of membership) byKind.set(row.kind, row);
  return kindsFor(user.roles).map((kind) => {
    const row = byKind.get(kind);
    return preference(kind, row ? { inApp: row.inApp, email: row.email } : defaultChoice(kind, user.roles), language);
  });
}

/** Saves choices for one membership only (a customer's managers); other customers and the person's own stay. */
export async function saveMembershipPreferences(
  db: Pick<Db, 'insert'>,
  customerId: string,
  user: { id: string; roles: readonly string[] },
  choices: readonly NotificationPreferenceChoice[],
): Promise<void> {
  assertKnownKinds(choices, 'notifications');
  const allowed = new Set<string>(kindsFor(user.roles));
  const rows = [...new Map(choices.filter((choice) => allowed.has(choice.kind)).map((choice) => [choice.kind, choice])).values()];
  if (rows.length === 0) return;
  await db
    .insert(membershipNotificationPreferences)
    .values(rows.map((choice) => ({ customerId, userId: user.id, kind: choice.kind, inApp: choice.inApp, email: choice.email })))
    .onConflictDoUpdate({
      target: [membershipNotificationPreferences.customerId, membershipNotificationPreferences.userId, membershipNotificationPreferences.kind],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, updatedAt: sql`now()` },
    });
}

export async function getPreferences(db: Db, user: { id: string; roles: readonly string[]; language?: string }): Promise<NotificationPreference[]> {
  const stored = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
  const byKind = new Map(stored.map((row) => [row.kind, row]));
  return kindsFor(user.roles).map((kind) => {
    const row = byKind.get(kind);
    return preference(kind, row ? { inApp: row.inApp, email: row.email } : defaultChoice(kind, user.roles), user.language);
  });
}

/** Saves the listed kinds (upsert); kinds outside the user's audience are ignored. */
export async function savePreferences(
  db: Db,
  user: { id: string; roles: readonly string[]; language?: string },
  choices: readonly NotificationPreferenceChoice[],
): Promise<NotificationPreference[]> {
  assertKnownKinds(choices, 'data');
  const allowed = new Set<string>(kindsFor(user.roles));
  // One row per kind (the last choice wins), so the upsert never touches a row twice.
  const rows = [...new Map(choices.filter((choice) => allowed.has(choice.kind)).map((choice) => [choice.kind, choice])).values()];
  if (rows.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(rows.map((choice) => ({ userId: user.id, kind: choice.kind, inApp: choice.inApp, email: choice.email })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, updatedAt: sql`now()` },
      });
  }
  return getPreferences(db, user);
}
