import { and, eq, sql } from 'drizzle-orm';
import { CUSTOMER_NOTIFICATION_KINDS, type CustomerNotificationKind } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerUsers, users } from '../../db/schema.js';
import { loadSettingsRow, notificationRolesOf } from './settings-service.js';

/*
 * The customer's routing of notification kinds to its customer-side roles (customer settings). It
 * is a gate before each user's own preferences (notifications/preferences.ts): a kind reaches a
 * customer user when one of their roles AT THIS CUSTOMER is routed to it, and their preference for
 * the kind is on. Kinds the customer cannot route (staff kinds) always pass.
 */

type Reader = Pick<Db, 'select'>;

function isRoutable(kind: string): kind is CustomerNotificationKind {
  return (CUSTOMER_NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

/** Whether the customer's settings let `role` receive `kind`. */
export async function customerRoleReceives(db: Reader, customerId: string, role: string, kind: string): Promise<boolean> {
  if (!isRoutable(kind)) return true;
  const roles: readonly string[] = notificationRolesOf(await loadSettingsRow(db, customerId))[kind];
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
  if (!isRoutable(kind)) return rows.map((row) => row.id);
  const routed: readonly string[] = notificationRolesOf(await loadSettingsRow(db, customerId))[kind];
  return rows.filter((row) => row.roles.some((role) => routed.includes(role))).map((row) => row.id);
}
