import { and, asc, eq, sql } from 'drizzle-orm';
import { isCustomerRole, type JoinRequest } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerUsers, customers, users } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/index.js';
import { recomputeUserRoles } from './links.js';

/*
 * Join requests (issue 9 §5): a customer-side manager who adds an existing account only asks. The
 * person sees the request after signing in and accepts (the membership becomes active) or declines
 * (it is removed). Nothing of the person is shown to that customer before they accept.
 */

export async function listJoinRequests(db: Db, userId: string): Promise<JoinRequest[]> {
  const inviter = sql<string | null>`(select trim(${users.firstName} || ' ' || ${users.lastName}) from ${users} where ${users.id} = ${customerUsers.invitedById})`;
  const rows = await db
    .select({ customerId: customers.id, customerName: customers.name, roles: customerUsers.roles, invitedBy: inviter, createdAt: customerUsers.createdAt })
    .from(customerUsers)
    .innerJoin(customers, eq(customers.id, customerUsers.customerId))
    .where(and(eq(customerUsers.userId, userId), eq(customerUsers.status, 'requested')))
    .orderBy(asc(customerUsers.createdAt), asc(customers.id));
  return rows.map((row) => ({ ...row, roles: row.roles.filter(isCustomerRole), createdAt: row.createdAt.toISOString() }));
}

/** Accepts (→ active member) or declines (→ removed) the request of `customerId`; 404 without one. */
export async function answerJoinRequest(db: Db, actor: { id: string; ip: string }, customerId: string, accept: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const mine = and(eq(customerUsers.customerId, customerId), eq(customerUsers.userId, actor.id), eq(customerUsers.status, 'requested'));
    const changed = accept
      ? await tx.update(customerUsers).set({ status: 'active', approvedAt: sql`now()` }).where(mine).returning({ userId: customerUsers.userId })
      : await tx.delete(customerUsers).where(mine).returning({ userId: customerUsers.userId });
    if (changed.length === 0) throw notFound();
    await recomputeUserRoles(tx, actor.id);
    await recordAudit(tx, {
      action: accept ? 'portal_access.join_accepted' : 'portal_access.join_declined',
      actorId: actor.id,
      subjectUserId: actor.id,
      ip: actor.ip,
      detail: { customerId },
    });
  });
}
