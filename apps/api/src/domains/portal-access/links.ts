import { and, eq, notInArray, sql } from 'drizzle-orm';
import { ROLES, isCustomerRole, isStaffRole } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerUsers, users } from '../../db/schema.js';

/*
 * Per-customer roles (docs/decisions/007-per-customer-roles.md): each customer link holds the
 * customer-side roles of the person at that customer; users.roles holds the user's staff roles plus
 * the union of the roles of their links that are not disabled. The token's `role` is that union, so
 * route access (spec §6) works as before; per-customer decisions (who manages portal users) read
 * the link.
 */

type Executor = Pick<Db, 'select' | 'update'>;

/**
 * Rewrites users.roles as staff roles ∪ roles of the links that are not disabled nor an
 * unanswered join request; returns whether it changed.
 */
export async function recomputeUserRoles(tx: Executor, userId: string): Promise<{ before: string[]; after: string[]; changed: boolean }> {
  const [user] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, userId)).limit(1);
  const before = user?.roles ?? [];
  const links = await tx
    .select({ roles: customerUsers.roles })
    .from(customerUsers)
    .where(and(eq(customerUsers.userId, userId), notInArray(customerUsers.status, ['disabled', 'requested'])));
  const held = new Set<string>([...before.filter(isStaffRole), ...links.flatMap((link) => link.roles.filter(isCustomerRole))]);
  const after = ROLES.filter((role) => held.has(role));
  const changed = after.length !== before.length || after.some((role, i) => role !== before[i]);
  if (changed) await tx.update(users).set({ roles: after, updatedAt: sql`now()` }).where(eq(users.id, userId));
  return { before, after, changed };
}

export { activeLinkRoles } from '../customers/index.js';
