import { and, eq, sql } from 'drizzle-orm';
import { hasStaffRole, validationText, type CustomerTeamAdd, type CustomerTeamMember } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerTeam, users } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/index.js';
import { loadTeam } from './service.js';

/*
 * The customer's team (`addYnMember`). Being on it is what puts the customer in scope of Account
 * Managers, Crew Leaders and Business Development, so changes are audited.
 */

interface Actor {
  id: string;
  ip: string;
}

/** Adds an active staff member, or changes their team role when already on the team. */
export async function addTeamMember(db: Db, actor: Actor, customerId: string, input: CustomerTeamAdd): Promise<CustomerTeamMember[]> {
  const [user] = await db.select({ roles: users.roles, active: users.active }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user || !user.active || !hasStaffRole(user.roles)) throw badRequest({ userId: [validationText('invalid')] });
  await db.transaction(async (tx) => {
    await tx
      .insert(customerTeam)
      .values({ customerId, userId: input.userId, teamRole: input.teamRole })
      .onConflictDoUpdate({ target: [customerTeam.customerId, customerTeam.userId], set: { teamRole: sql`excluded.team_role` } });
    await recordAudit(tx, { action: 'customer.team_member_added', actorId: actor.id, subjectUserId: input.userId, ip: actor.ip, detail: { customerId, teamRole: input.teamRole } });
  });
  return loadTeam(db, customerId);
}

export async function removeTeamMember(db: Db, actor: Actor, customerId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .delete(customerTeam)
      .where(and(eq(customerTeam.customerId, customerId), eq(customerTeam.userId, userId)))
      .returning({ userId: customerTeam.userId });
    if (rows.length === 0) throw notFound();
    await recordAudit(tx, { action: 'customer.team_member_removed', actorId: actor.id, subjectUserId: userId, ip: actor.ip, detail: { customerId } });
  });
}
