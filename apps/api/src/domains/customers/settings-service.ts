import { eq, sql } from 'drizzle-orm';
import {
  CUSTOMER_NOTIFICATION_KINDS,
  DEFAULT_CUSTOMER_NOTIFICATION_ROLES,
  isCustomerRole,
  type CustomerNotificationKind,
  type CustomerRole,
  type CustomerSettings,
  type CustomerSettingsUpdate,
} from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerSettings } from '../../db/schema.js';
import { formatRegistrationCode, newRegistrationCode } from './registration-codes.js';
import { isUniqueViolation } from './unique-violation.js';

type SettingsRow = typeof customerSettings.$inferSelect;
type Reader = Pick<Db, 'select'>;

/** The stored settings of a customer, or null (the defaults apply). */
export async function loadSettingsRow(db: Reader, customerId: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(customerSettings).where(eq(customerSettings.customerId, customerId)).limit(1);
  return row ?? null;
}

/** Every kind with its stored roles, or the default roles of the kind. */
export function notificationRolesOf(row: Pick<SettingsRow, 'notificationRoles'> | null): Record<CustomerNotificationKind, CustomerRole[]> {
  const stored = row?.notificationRoles ?? {};
  return Object.fromEntries(
    CUSTOMER_NOTIFICATION_KINDS.map((kind) => {
      const roles = stored[kind];
      return [kind, Array.isArray(roles) ? roles.filter(isCustomerRole) : [...DEFAULT_CUSTOMER_NOTIFICATION_ROLES[kind]]];
    }),
  ) as Record<CustomerNotificationKind, CustomerRole[]>;
}

export async function getCustomerSettings(db: Db, customerId: string, canEdit: boolean): Promise<CustomerSettings> {
  const row = await loadSettingsRow(db, customerId);
  return {
    customerId,
    selfRegistrationEnabled: row?.selfRegistrationEnabled ?? false,
    registrationCode: formatRegistrationCode(row?.registrationCode ?? null),
    boardMembersManagePortal: row?.boardMembersManagePortal ?? false,
    notificationRoles: notificationRolesOf(row),
    canEdit,
  };
}

/** Upserts the settings row; a new code is drawn again in the (unlikely) case it is taken. */
async function writeSettings(db: Db, customerId: string, values: Partial<typeof customerSettings.$inferInsert>, drawCode: boolean): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const code = drawCode ? { registrationCode: newRegistrationCode() } : {};
    try {
      await db
        .insert(customerSettings)
        .values({ customerId, ...values, ...code })
        .onConflictDoUpdate({ target: customerSettings.customerId, set: { ...values, ...code, updatedAt: sql`now()` } });
      return;
    } catch (error) {
      if (!drawCode || attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
}

/**
 * Saves the fields given. Turning self-registration on draws a code when the customer has none;
 * turning it off keeps the code (it simply stops working) so turning it back on reuses it.
 */
export async function updateCustomerSettings(db: Db, customerId: string, input: CustomerSettingsUpdate): Promise<CustomerSettings> {
  const current = await loadSettingsRow(db, customerId);
  const values: Partial<typeof customerSettings.$inferInsert> = {};
  if (input.selfRegistrationEnabled !== undefined) values.selfRegistrationEnabled = input.selfRegistrationEnabled;
  if (input.boardMembersManagePortal !== undefined) values.boardMembersManagePortal = input.boardMembersManagePortal;
  if (input.notificationRoles) {
    const merged: Record<string, string[]> = { ...(current?.notificationRoles ?? {}) };
    for (const [kind, roles] of Object.entries(input.notificationRoles)) merged[kind] = [...new Set(roles)];
    values.notificationRoles = merged;
  }
  const needsCode = input.selfRegistrationEnabled === true && !current?.registrationCode;
  await writeSettings(db, customerId, values, needsCode);
  return getCustomerSettings(db, customerId, true);
}

/** A new registration code; the old one stops working at once. */
export async function rotateRegistrationCode(db: Db, customerId: string): Promise<CustomerSettings> {
  await writeSettings(db, customerId, {}, true);
  return getCustomerSettings(db, customerId, true);
}
