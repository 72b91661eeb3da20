import { and, eq } from 'drizzle-orm';
import type { CheckUserExistsResponse } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerUsers } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import { findUserByEmail } from '../auth/index.js';
import type { ScopeUser } from '../scope/index.js';
import { assertPortalManager, can } from './policy.js';

/**
 * `GET /api/Users/CheckUserExists`. It reveals whether an email has an account, so it answers only
 * those who may add that person anyway: staff managing the given customer's portal (scope 404,
 * right 403), and System Admin without a customer (the new-employee form). A customer's own
 * managers learn only whether the person already belongs to their customer (issue 9 §5: another
 * customer's people are not theirs to look up). Anyone else gets 403 without an answer.
 */
export async function checkUserExists(db: Db, user: ScopeUser, query: { email: string; customerId?: string | undefined }): Promise<CheckUserExistsResponse> {
  const manager = query.customerId ? await assertPortalManager(db, user, query.customerId) : null;
  if (!query.customerId && !can(user, 'lookUpAnyEmail')) throw forbidden();
  const existing = await findUserByEmail(db, query.email);
  if (!existing) return { exists: false, linkedToCustomer: false };
  if (!query.customerId) return { exists: true, linkedToCustomer: false };
  const [link] = await db
    .select({ userId: customerUsers.userId })
    .from(customerUsers)
    .where(and(eq(customerUsers.customerId, query.customerId), eq(customerUsers.userId, existing.id)))
    .limit(1);
  if (manager !== 'staff') return { exists: Boolean(link), linkedToCustomer: Boolean(link) };
  return { exists: true, linkedToCustomer: Boolean(link) };
}
