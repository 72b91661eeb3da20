import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ACCESS, hasStaffRole } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerUsers } from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { forbidden, notFound } from '../../http/errors.js';
import { customerIdInScope, isCustomerInScope } from '../scope/index.js';
import { messageThreadMembers, messageThreads } from './tables.js';

/*
 * Who may see and write which conversation:
 * - staff: every thread of a customer in their scope (internal notes included);
 * - customer users: Property Managers and Board Members *of that customer* (their role at the
 *   customer, decision 007), and only threads they take part in. A customer user of the customer
 *   without one of those roles gets 403; anyone else (out of scope) 404.
 */

export type Caller = Pick<AuthUser, 'id' | 'roles' | 'regionId' | 'branchId'>;

/** Customer-side roles that may use messages at a customer (spec §6 "customer messages"). */
export const MESSAGING_ROLES: readonly string[] = ACCESS.customerMessages;

export function isStaff(user: Pick<AuthUser, 'roles'>): boolean {
  return hasStaffRole(user.roles);
}

/** SQL: the user's (an id or a column) active link to the customer (an id expression or a column) holds a messaging role. */
export function messagingLinkCondition(user: string | AnyColumn, customer: SQL | AnyColumn): SQL {
  return sql`exists (select 1 from ${customerUsers} where ${customerUsers.customerId} = ${customer} and ${customerUsers.userId} = ${user} and ${customerUsers.status} = 'active' and ${customerUsers.roles} && array['Property Manager', 'Board Member']::text[])`;
}

/**
 * Staff: the customer is in scope. Customer users: linked with a messaging role there. Throws 404
 * outside scope and 403 for a customer user of the customer without such a role.
 */
export async function assertMayMessageCustomer(db: Db, user: Caller, customerId: string): Promise<void> {
  if (!(await isCustomerInScope(db, user, customerId))) throw notFound();
  if (isStaff(user)) return;
  const [link] = await db
    .select({ roles: customerUsers.roles })
    .from(customerUsers)
    .where(and(eq(customerUsers.customerId, customerId), eq(customerUsers.userId, user.id), eq(customerUsers.status, 'active')));
  if (!link?.roles.some((role) => MESSAGING_ROLES.includes(role))) throw forbidden('Messages are open to Property Managers and Board Members of this property');
}

/** Threads the user may see, as a condition on message_threads. */
export function visibleThreadCondition(user: Caller): SQL {
  if (isStaff(user)) return customerIdInScope(user, messageThreads.customerId);
  return and(
    sql`exists (select 1 from ${messageThreadMembers} where ${messageThreadMembers.threadId} = ${messageThreads.id} and ${messageThreadMembers.userId} = ${user.id} and ${messageThreadMembers.participant})`,
    messagingLinkCondition(user.id, messageThreads.customerId),
  )!;
}
