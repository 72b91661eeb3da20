import { eq } from 'drizzle-orm';
import { emailSchema, validationText, type Language } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';
import { isStrongPassword, passwordUserInputs } from './password-strength.js';
import { hashPassword } from './passwords.js';
import { normalizeUsername } from './users.js';

export class AdminAccountError extends Error {}

export interface NewAdmin {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  language?: Language;
}

/** Creates an active System Admin (the `create-admin` command); refuses weak passwords and taken emails. */
export async function createSystemAdmin(db: Db, input: NewAdmin): Promise<{ id: string; username: string }> {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AdminAccountError(`--email: ${validationText('invalid')}`);
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (!firstName || !lastName) throw new AdminAccountError(`--first and --last: ${validationText('required')}`);
  if (!isStrongPassword(input.password, passwordUserInputs({ email: email.data, firstName, lastName }))) {
    throw new AdminAccountError(`password: ${validationText('passwordWeak')} (at least 8 characters; a few unrelated words work well)`);
  }
  const username = normalizeUsername(email.data);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
    if (taken) throw new AdminAccountError(`A user with the email ${username} already exists.`);
    const [row] = await tx
      .insert(users)
      .values({ username, email: username, firstName, lastName, passwordHash, roles: ['System Admin'], language: input.language ?? 'en' })
      .returning({ id: users.id });
    await recordAudit(tx, { action: 'user.created', subjectUserId: row!.id, detail: { via: 'create-admin', roles: ['System Admin'] } });
    return { id: row!.id, username };
  });
}
