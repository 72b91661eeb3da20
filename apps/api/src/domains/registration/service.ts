import { and, eq } from 'drizzle-orm';
import { REGISTRATION_CODE_INVALID_TEXT, type ResidentRegistration } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerSettings, customerUsers, customers, users } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { toLanguage } from '../../mail/language.js';
import { queueEmail } from '../../mail/email-topic.js';
import { recordAudit } from '../audit/index.js';
import { assertStrongPassword, passwordUserInputs } from '../auth/index.js';
import { hashPassword } from '../auth/index.js';
import { findUserByEmail, normalizeUsername } from '../auth/index.js';
import { customerUsersReceiving, notify } from '../notifications/index.js';
import { normalizeRegistrationCode } from '../customers/index.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { PENDING_KIND } from './notifications.js';

import { registrationExistingAccountEmail } from '../portal-access/index.js';
import { signInLink } from '../portal-access/index.js';

/*
 * Resident self-registration with a customer's registration code (`/resident-user-validation`).
 * - Wrong code, or self-registration off: 400 with a field error on `code`.
 * - New email: an account that cannot sign in yet (users.active = false) linked to the customer as
 *   `pending_approval` with the chosen role; the customer's users routed to
 *   `portal_registration_pending` (Property Managers by default) are notified, or its account
 *   manager when it has none. Approval (portal access) activates it and emails the resident.
 * - Email that already has an account: the same answer as a new registration (no enumeration), no
 *   new account and no change to the existing one; the owner gets an email explaining what to do.
 * The password is hashed on both paths, so the answer takes about as long either way.
 */

export interface RegistrationDeps {
  db: Db;
}

async function customerOfCode(db: Db, code: string): Promise<{ id: string; name: string; accountManagerId: string | null } | null> {
  const normalized = normalizeRegistrationCode(code);
  if (!normalized) return null;
  const [row] = await db
    .select({ id: customers.id, name: customers.name, accountManagerId: customers.accountManagerId })
    .from(customerSettings)
    .innerJoin(customers, eq(customers.id, customerSettings.customerId))
    .where(and(eq(customerSettings.registrationCode, normalized), eq(customerSettings.selfRegistrationEnabled, true)))
    .limit(1);
  return row ?? null;
}

async function tellExistingOwner(deps: RegistrationDeps, baseUrl: string, customer: { name: string }, email: string): Promise<void> {
  const owner = await findUserByEmail(deps.db, email);
  if (!owner) return;
  const content = registrationExistingAccountEmail(toLanguage(owner.language), { name: owner.firstName, customer: customer.name, link: signInLink(baseUrl) });
  await queueEmail(deps.db, { ...content, to: owner.email, kind: 'portal_registration_existing' });
}

export async function registerResident(deps: RegistrationDeps, input: ResidentRegistration, baseUrl: string, ip: string): Promise<void> {
  const { db } = deps;
  const customer = await customerOfCode(db, input.code);
  if (!customer) throw badRequest({ code: [REGISTRATION_CODE_INVALID_TEXT] }, REGISTRATION_CODE_INVALID_TEXT);
  assertStrongPassword(input.password, passwordUserInputs(input));
  const passwordHash = await hashPassword(input.password);

  if (await findUserByEmail(db, input.email)) {
    await tellExistingOwner(deps, baseUrl, customer, input.email);
    return;
  }
  const name = `${input.firstName} ${input.lastName}`;
  try {
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: normalizeUsername(input.email),
          email: input.email.trim(),
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone || null,
          roles: [input.role],
          active: false,
          language: toLanguage(input.language),
        })
        .returning({ id: users.id });
      await tx.insert(customerUsers).values({ customerId: customer.id, userId: user!.id, roles: [input.role], unit: input.unit, status: 'pending_approval' });
      await recordAudit(tx, { action: 'user.registered', subjectUserId: user!.id, ip, detail: { customerId: customer.id, role: input.role } });
      const managers = await customerUsersReceiving(tx, customer.id, PENDING_KIND);
      const recipients = managers.length ? managers : customer.accountManagerId ? [customer.accountManagerId] : [];
      await notify(tx, {
        userIds: recipients,
        type: PENDING_KIND,
        titleKey: 'portal.registrationPending',
        params: { customer: customer.name, name, unit: input.unit },
        link: (recipient) => (recipient.isStaff ? `/customers/${customer.id}/manage-portal-access` : `/customerView/${customer.id}/manage-portal-access`),
        customerId: customer.id,
      });
    });
  } catch (error) {
    // The same email registered at the same moment: answer as for an existing account.
    if (isUniqueViolation(error)) return;
    throw error;
  }
}
