import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_AUDIENCE,
  NOTIFICATION_KIND_ROLES,
  hasCustomerRole,
  hasStaffRole,
  type NotificationKind,
  type NotificationPreference,
} from '@grove/shared';
import type { Db } from '../../db/client.js';
import { membershipNotificationPreferences, notificationPreferences } from '../../db/schema.js';

export interface Choice {
  inApp: boolean;
  email: boolean;
}

/**
 * Defaults when a user has not chosen: everything on, except updates about requests other people
 * filed at the property (`service_request_property_update`), which only Property Managers get
 * unless they turn it on (issue 5: "the customer's users whose settings ask for it").
 */
export function defaultChoice(kind: string, roles: readonly string[]): Choice {
  if (kind === 'service_request_property_update') {
    const on = roles.includes('Property Manager');
    return { inApp: on, email: on };
  }
  return { inApp: true, email: true };
}

/** The kinds a user's settings show: staff kinds for staff, customer kinds for customer users. */
export function kindsFor(roles: readonly string[]): NotificationKind[] {
  const staff = hasStaffRole(roles);
  const customer = hasCustomerRole(roles);
  return NOTIFICATION_KINDS.filter((kind) => {
    const only = NOTIFICATION_KIND_ROLES[kind];
    if (only && !roles.some((role) => only.includes(role))) return false;
    return NOTIFICATION_KIND_AUDIENCE[kind] === 'staff' ? staff : customer;
  });
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
export async function getMembershipPreferences(db: Pick<Db, 'select'>, customerId: string, user: { id: string; roles: readonly string[] }): Promise<NotificationPreference[]> {
  const own = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
  const membership = await db
    .select()
    .from(membershipNotificationPreferences)
    .where(and(eq(membershipNotificationPreferences.customerId, customerId), eq(membershipNotificationPreferences.userId, user.id)));
  const byKind = new Map<string, Choice>(own.map((row) => [row.kind, row]));
  for (const row of membership) byKind.set(row.kind, row);
  return kindsFor(user.roles).map((kind) => {
    const row = byKind.get(kind);
    return { kind, ...(row ? { inApp: row.inApp, email: row.email } : defaultChoice(kind, user.roles)) };
  });
}

/** Saves choices for one membership only (a customer's managers); other customers and the person's own stay. */
export async function saveMembershipPreferences(
  db: Pick<Db, 'insert'>,
  customerId: string,
  user: { id: string; roles: readonly string[] },
  choices: readonly NotificationPreference[],
): Promise<void> {
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

export async function getPreferences(db: Db, user: { id: string; roles: readonly string[] }): Promise<NotificationPreference[]> {
  const stored = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
  const byKind = new Map(stored.map((row) => [row.kind, row]));
  return kindsFor(user.roles).map((kind) => {
    const row = byKind.get(kind);
    return { kind, ...(row ? { inApp: row.inApp, email: row.email } : defaultChoice(kind, user.roles)) };
  });
}

/** Saves the listed kinds (upsert); kinds outside the user's audience are ignored. */
export async function savePreferences(
  db: Db,
  user: { id: string; roles: readonly string[] },
  choices: readonly NotificationPreference[],
): Promise<NotificationPreference[]> {
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
