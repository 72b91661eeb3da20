import { and, eq, sql } from 'drizzle-orm';
import { isCustomerRole, type CustomerRole } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerSettings, customerUsers, users } from '../../db/schema.js';
import { toLanguage } from '../../mail/language.js';
import { customerRoutedKinds, notificationKind } from '../../modules/catalog.js';

/*
 * The customer's routing of notification kinds to its customer-side roles (customer settings). It
 * is a gate before each user's own preferences (preferences.ts): a kind reaches a customer user
 * when one of their roles AT THIS CUSTOMER is routed to it, and their preference for the kind is
 * on. Which kinds are routed, and to whom by default, each module says (`customerRouting` of its
 * notification kinds); kinds the customer cannot route (staff kinds) always pass.
 */

type Reader = Pick<Db, 'select'>;

/** Every routed kind with its stored roles, or the kind's default roles. */
export function notificationRolesOf(stored: Record<string, string[]> | null | undefined): Record<string, CustomerRole[]> {
  return Object.fromEntries(
    customerRoutedKinds().map(({ kind, defaultRoles }) => {
      const roles = stored?.[kind];
      return [kind, Array.isArray(roles) ? roles.filter(isCustomerRole) : [...defaultRoles]];
    }),
  );
}

export function isRoutedKind(kind: string): boolean {
  return customerRoutedKinds().some((routed) => routed.kind === kind);
}

async function storedRoles(db: Reader, customerId: string): Promise<Record<string, string[]> | null> {
  const [row] = await db.select({ roles: customerSettings.notificationRoles }).from(customerSettings).where(eq(customerSettings.customerId, customerId)).limit(1);
  return row?.roles ?? null;
}

/** Whether the customer's settings let `role` receive `kind`. */
export async function customerRoleReceives(db: Reader, customerId: string, role: string, kind: string): Promise<boolean> {
  if (!isRoutedKind(kind)) return true;
  const roles: readonly string[] = notificationRolesOf(await storedRoles(db, customerId))[kind] ?? [];
  return roles.includes(role);
}

/** Active users actively linked to the customer whose roles there are routed to `kind`. */
export async function customerUsersReceiving(db: Reader, customerId: string, kind: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id, roles: customerUsers.roles })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(and(eq(customerUsers.customerId, customerId), eq(customerUsers.status, 'active'), eq(users.active, true)))
    .orderBy(sql`${users.id}`);
  if (!isRoutedKind(kind)) return rows.map((row) => row.id);
  const routed: readonly string[] = notificationRolesOf(await storedRoles(db, customerId))[kind] ?? [];
  return rows.filter((row) => row.roles.some((role) => routed.includes(role))).map((row) => row.id);
}

/** The routed kinds in order, titled in a language (for the customer settings screen). */
export function routedKindTitles(language: string | undefined): { kind: string; title: string }[] {
  const lang = toLanguage(language);
  return customerRoutedKinds().map(({ kind }) => ({ kind, title: notificationKind(kind)!.customerRouting!.label[lang] }));
}
