import { eq, sql } from 'drizzle-orm';
import type { CustomerSettings, CustomerSettingsUpdate } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerSettings } from '../../db/schema.js';
import { isRoutedKind, notificationRolesOf, routedKindTitles } from '../notifications/index.js';
import { formatRegistrationCode, newRegistrationCode } from './registration-codes.js';
import { isUniqueViolation } from '../../lib/db-errors.js';

type SettingsRow = typeof customerSettings.$inferSelect;
type Reader = Pick<Db, 'select'>;

/** The stored settings of a customer, or null (the defaults apply). */
export async function loadSettingsRow(db: Reader, customerId: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(customerSettings).where(eq(customerSettings.customerId, customerId)).limit(1);
  return row ?? null;
}

/** `language`: of the reader, for the titles of the routed notification kinds. */
export async function getCustomerSettings(db: Db, customerId: string, canEdit: boolean, language?: string): Promise<CustomerSettings> {
  const row = await loadSettingsRow(db, customerId);
  return {
    customerId,
    selfRegistrationEnabled: row?.selfRegistrationEnabled ?? false,
    registrationCode: formatRegistrationCode(row?.registrationCode ?? null),
    boardMembersManagePortal: row?.boardMembersManagePortal ?? false,
    notificationRoles: notificationRolesOf(row?.notificationRoles),
    notificationKinds: routedKindTitles(language),
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
export async function updateCustomerSettings(db: Db, customerId: string, input: CustomerSettingsUpdate, language?: string): Promise<CustomerSettings> {
  const current = await loadSettingsRow(db, customerId);
  const values: Partial<typeof customerSettings.$inferInsert> = {};
  if (input.selfRegistrationEnabled !== undefined) values.selfRegistrationEnabled = input.selfRegistrationEnabled;
  if (input.boardMembersManagePortal !== undefined) values.boardMembersManagePortal = input.boardMembersManagePortal;
  if (input.notificationRoles) {
    const merged: Record<string, string[]> = { ...(current?.notificationRoles ?? {}) };
    // Kinds no module routes are ignored.
    for (const [kind, roles] of Object.entries(input.notificationRoles)) if (isRoutedKind(kind)) merged[kind] = [...new Set(roles)];
    values.notificationRoles = merged;
  }
  const needsCode = input.selfRegistrationEnabled === true && !current?.registrationCode;
  await writeSettings(db, customerId, values, needsCode);
  return getCustomerSettings(db, customerId, true, language);
}

/** A new registration code; the old one stops working at once. */
export async function rotateRegistrationCode(db: Db, customerId: string, language?: string): Promise<CustomerSettings> {
  await writeSettings(db, customerId, {}, true);
  return getCustomerSettings(db, customerId, true, language);
}
