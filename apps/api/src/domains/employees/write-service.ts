import { eq, sql } from 'drizzle-orm';
import {
  INVITATION_TTL_DAYS,
  hasCustomerRole,
  isStaffRole,
  validationText,
  type Employee,
  type EmployeeCreate,
  type EmployeeUpdate,
} from '@grove/shared';
import type { Db } from '../../db/client.js';
import { branches, users } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { toLanguage } from '../../mail/language.js';
import { queueEmail } from '../../mail/email-topic.js';
import { recordAudit } from '../audit/index.js';
import { revokeUserSessions } from '../auth/index.js';
import { findUserByEmail, normalizeUsername } from '../auth/index.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { invitationLink } from '../portal-access/index.js';
import type { ScopeUser } from '../scope/index.js';
import { staffInvitationEmail } from './emails.js';
import { attachStaffPhoto, getEmployee } from './service.js';

/*
 * System Admin manages staff records. Roles are staff roles only; role changes and deactivation are
 * audited and end the person's sessions at once. An admin cannot remove their own System Admin
 * role or deactivate themselves (someone must be left to manage the portal).
 */

export interface EmployeeContext {
  db: Db;
  baseUrl: string;
  actor: ScopeUser & { ip: string };
}

export const EMAIL_TAKEN_TEXT = 'An account with this email already exists.';
export const SELF_LOCKOUT_TEXT = 'You cannot remove your own System Admin role or deactivate yourself.';
export const NOT_INVITED_STAFF_TEXT = 'This person has already set a password.';

const invalid = () => [validationText('invalid')];

/** Region and branch must agree; a branch alone brings its region. */
async function placement(db: Db, regionId: string | null | undefined, branchId: string | null | undefined): Promise<{ regionId: string | null; branchId: string | null }> {
  if (!branchId) return { regionId: regionId ?? null, branchId: null };
  const [branch] = await db.select({ regionId: branches.regionId }).from(branches).where(eq(branches.id, branchId)).limit(1);
  if (!branch || (regionId && regionId !== branch.regionId)) throw badRequest({ branchId: invalid() });
  return { regionId: branch.regionId, branchId };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Issues a fresh invitation code and queues its email, in the caller's transaction. */
async function queueStaffInvitation(ctx: EmployeeContext, tx: Tx, user: { id: string; email: string; firstName: string; language: string }): Promise<void> {
  const [inviter] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, ctx.actor.id));
  const link = await invitationLink(tx, ctx.baseUrl, user);
  const content = staffInvitationEmail(toLanguage(user.language), {
    name: user.firstName,
    inviter: inviter ? `${inviter.firstName} ${inviter.lastName}` : 'Grove',
    link,
    days: INVITATION_TTL_DAYS,
  });
  await queueEmail(tx, { ...content, to: user.email, kind: 'staff_invitation', sensitive: true });
}

export async function createEmployee(ctx: EmployeeContext, input: EmployeeCreate, language: string): Promise<Employee> {
  const { db } = ctx;
  if (await findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN_TEXT);
  const where = await placement(db, input.regionId, input.branchId);
  let created: typeof users.$inferSelect;
  try {
    created = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: normalizeUsername(input.email),
          email: input.email.trim(),
          firstName: input.firstName,
          lastName: input.lastName,
          title: input.title || null,
          phone: input.phone || null,
          roles: input.roles,
          ...where,
          language: toLanguage(language),
        })
        .returning();
      if (input.photoFileId) {
        if (!(await attachStaffPhoto(tx, input.photoFileId, ctx.actor.id, user!.id))) throw badRequest({ photoFileId: invalid() });
        await tx.update(users).set({ photoFileId: input.photoFileId }).where(eq(users.id, user!.id));
      }
      await recordAudit(tx, { action: 'user.created', actorId: ctx.actor.id, subjectUserId: user!.id, ip: ctx.actor.ip, detail: { roles: input.roles } });
      await queueStaffInvitation(ctx, tx, user!);
      return user!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_TEXT);
    throw error;
  }
  return getEmployee(db, ctx.actor, created.id);
}

async function loadStaff(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  // Customer-side accounts are managed in portal access, not here.
  if (!user || !user.roles.some(isStaffRole)) throw notFound();
  return user;
}

export async function updateEmployee(ctx: EmployeeContext, id: string, input: EmployeeUpdate): Promise<Employee> {
  const { db, actor } = ctx;
  const user = await loadStaff(db, id);
  if (id === actor.id && ((input.roles && !input.roles.includes('System Admin')) || input.active === false)) throw conflict(SELF_LOCKOUT_TEXT);
  const moved = input.regionId !== undefined || input.branchId !== undefined;
  const where = moved
    ? await placement(db, input.regionId === undefined ? user.regionId : input.regionId, input.branchId === undefined ? user.branchId : input.branchId)
    : null;
  // A person who is also a customer user keeps those roles (portal access manages them).
  const roles = input.roles ? [...input.roles, ...user.roles.filter((role) => hasCustomerRole([role]))] : undefined;
  const rolesChanged = roles !== undefined && (roles.length !== user.roles.length || roles.some((role) => !user.roles.includes(role)));
  const deactivated = input.active === false && user.active;
  const reactivated = input.active === true && !user.active;

  await db.transaction(async (tx) => {
    if (input.photoFileId && input.photoFileId !== user.photoFileId && !(await attachStaffPhoto(tx, input.photoFileId, actor.id, id))) {
      throw badRequest({ photoFileId: invalid() });
    }
    await tx
      .update(users)
      .set({
        ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
        ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
        ...(input.title !== undefined ? { title: input.title || null } : {}),
        ...(input.phone !== undefined ? { phone: input.phone || null } : {}),
        ...(input.photoFileId !== undefined ? { photoFileId: input.photoFileId } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
        ...(roles ? { roles } : {}),
        ...(where ?? {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id));
    if (rolesChanged) {
      await recordAudit(tx, { action: 'user.roles_changed', actorId: actor.id, subjectUserId: id, ip: actor.ip, detail: { before: user.roles, after: roles } });
    }
    if (deactivated) await recordAudit(tx, { action: 'user.deactivated', actorId: actor.id, subjectUserId: id, ip: actor.ip });
    if (reactivated) await recordAudit(tx, { action: 'user.reactivated', actorId: actor.id, subjectUserId: id, ip: actor.ip });
    // A new region/branch changes what the person sees: treat it like a role change.
    const scopeMoved = where !== null && (where.branchId !== user.branchId || where.regionId !== user.regionId);
    if (rolesChanged || deactivated || scopeMoved) await revokeUserSessions(tx, id, deactivated ? 'deactivated' : 'roles_changed');
  });
  return getEmployee(db, actor, id);
}

export async function deactivateEmployee(ctx: EmployeeContext, id: string): Promise<Employee> {
  return updateEmployee(ctx, id, { active: false });
}

export async function resendStaffInvitation(ctx: EmployeeContext, id: string): Promise<Employee> {
  const user = await loadStaff(ctx.db, id);
  if (user.passwordHash || !user.active) throw conflict(NOT_INVITED_STAFF_TEXT);
  await ctx.db.transaction((tx) => queueStaffInvitation(ctx, tx, user));
  return getEmployee(ctx.db, ctx.actor, id);
}
