import { and, eq, sql } from 'drizzle-orm';
import {
  INVITATION_TTL_DAYS,
  hasStaffRole,
  type PortalUser,
  type PortalUserCreate,
  type PortalUserCreated,
  type PortalUserDetail,
  type PortalUserUpdate,
} from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerUsers, customers, users } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { toLanguage } from '../../mail/language.js';
import { queueEmail } from '../../mail/email-topic.js';
import { recordAudit } from '../audit/audit.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { findUserByEmail, normalizeUsername } from '../auth/users.js';
import { isUniqueViolation } from '../customers/unique-violation.js';
import { savePreferences } from '../notifications/preferences.js';
import { addedToCustomerEmail, portalInvitationEmail, registrationApprovedEmail } from './emails.js';
import { invitationLink, signInLink } from './invitations.js';
import { recomputeUserRoles } from './links.js';
import { getPortalUser, getPortalUserDetail } from './service.js';

/*
 * Changing a customer's portal users. The caller is already known to manage the customer
 * (policy.ts). Role and status changes are audited and end the user's sessions (a removed right
 * must not live on in a token); linking and approving only add rights, so sessions stay.
 */

export interface PortalContext {
  db: Db;
  baseUrl: string;
  actor: { id: string; ip: string };
  customerId: string;
}

export const STAFF_EMAIL_TEXT = 'This email belongs to a Grove staff account and cannot be a portal user.';
export const ALREADY_LINKED_TEXT = 'This person is already a portal user of this customer.';
export const INACTIVE_ACCOUNT_TEXT = 'The account of this email is deactivated. Ask Grove to reactivate it.';
export const SELF_CHANGE_TEXT = 'You cannot change your own access.';
export const NOT_INVITED_TEXT = 'Only users who have not set a password yet can get a new invitation.';
export const NOT_PENDING_TEXT = 'Only registrations waiting for approval can be approved.';
export const APPROVE_FIRST_TEXT = 'This registration waits for approval: approve it instead.';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function customerName(db: Pick<Db, 'select'>, customerId: string): Promise<string> {
  const [row] = await db.select({ name: customers.name }).from(customers).where(eq(customers.id, customerId)).limit(1);
  return row?.name ?? '';
}

async function actorName(db: Pick<Db, 'select'>, actorId: string): Promise<string> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, actorId)).limit(1);
  return row ? `${row.firstName} ${row.lastName}`.trim() : 'Grove';
}

/** Issues a fresh invitation code and queues its email, in the caller's transaction. */
async function queueInvitation(ctx: PortalContext, tx: Tx, user: { id: string; email: string; firstName: string; language: string }): Promise<void> {
  const link = await invitationLink(tx, ctx.baseUrl, user);
  const content = portalInvitationEmail(toLanguage(user.language), {
    name: user.firstName,
    customer: await customerName(tx, ctx.customerId),
    inviter: await actorName(tx, ctx.actor.id),
    link,
    days: INVITATION_TTL_DAYS,
  });
  await queueEmail(tx, { ...content, to: user.email, kind: 'portal_invitation', sensitive: true });
}

/**
 * Invites a new person, or links the existing account of the email (one person, several
 * customers): the account keeps its names and password and gets an "added to" email (or a new
 * invitation if it never set a password).
 */
export async function createPortalUser(ctx: PortalContext, input: PortalUserCreate, inviterLanguage: string): Promise<PortalUserCreated> {
  const { db } = ctx;
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    if (hasStaffRole(existing.roles)) throw conflict(STAFF_EMAIL_TEXT);
    if (!existing.active) throw conflict(INACTIVE_ACCOUNT_TEXT);
    try {
      await db.transaction(async (tx) => {
        await tx.insert(customerUsers).values({ customerId: ctx.customerId, userId: existing.id, roles: input.roles, unit: input.unit || null, status: 'active' });
        const roles = await recomputeUserRoles(tx, existing.id);
        await recordAudit(tx, {
          action: 'portal_access.user_linked',
          actorId: ctx.actor.id,
          subjectUserId: existing.id,
          ip: ctx.actor.ip,
          detail: { customerId: ctx.customerId, roles: input.roles, userRolesBefore: roles.before, userRolesAfter: roles.after },
        });
        if (existing.passwordHash) {
          const content = addedToCustomerEmail(toLanguage(existing.language), {
            name: existing.firstName,
            customer: await customerName(tx, ctx.customerId),
            inviter: await actorName(tx, ctx.actor.id),
            link: signInLink(ctx.baseUrl),
          });
          await queueEmail(tx, { ...content, to: existing.email, kind: 'portal_added' });
        } else {
          await queueInvitation(ctx, tx, existing);
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(ALREADY_LINKED_TEXT);
      throw error;
    }
    return { ...(await getPortalUser(db, ctx.customerId, existing.id)), linkedExisting: true };
  }

  const email = input.email.trim();
  let created: typeof users.$inferSelect;
  try {
    created = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: normalizeUsername(email),
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone || null,
          roles: input.roles,
          language: toLanguage(inviterLanguage),
        })
        .returning();
      await tx.insert(customerUsers).values({ customerId: ctx.customerId, userId: user!.id, roles: input.roles, unit: input.unit || null, status: 'active' });
      await recordAudit(tx, { action: 'user.created', actorId: ctx.actor.id, subjectUserId: user!.id, ip: ctx.actor.ip, detail: { customerId: ctx.customerId, roles: input.roles } });
      await queueInvitation(ctx, tx, user!);
      return user!;
    });
  } catch (error) {
    // Someone created the same email meanwhile: the form can simply be sent again to link it.
    if (isUniqueViolation(error)) throw conflict(ALREADY_LINKED_TEXT);
    throw error;
  }
  return { ...(await getPortalUser(db, ctx.customerId, created.id)), linkedExisting: false };
}

export async function resendInvitation(ctx: PortalContext, userId: string): Promise<PortalUser> {
  const current = await getPortalUser(ctx.db, ctx.customerId, userId);
  if (current.status !== 'invited') throw conflict(NOT_INVITED_TEXT);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  await ctx.db.transaction(async (tx) => {
    await queueInvitation(ctx, tx, user!);
    await recordAudit(tx, { action: 'portal_access.invitation_resent', actorId: ctx.actor.id, subjectUserId: userId, ip: ctx.actor.ip, detail: { customerId: ctx.customerId } });
  });
  return current;
}

type LinkStatus = 'active' | 'disabled';

/** Sets the link's status; disabling ends the user's sessions. */
async function setLinkStatus(ctx: PortalContext, userId: string, status: LinkStatus, tx: Parameters<Parameters<Db['transaction']>[0]>[0]): Promise<void> {
  await tx
    .update(customerUsers)
    .set({ status })
    .where(and(eq(customerUsers.customerId, ctx.customerId), eq(customerUsers.userId, userId)));
  await recomputeUserRoles(tx, userId);
  if (status === 'disabled') await revokeUserSessions(tx, userId, 'portal_access_disabled');
  await recordAudit(tx, {
    action: status === 'disabled' ? 'portal_access.disabled' : 'portal_access.enabled',
    actorId: ctx.actor.id,
    subjectUserId: userId,
    ip: ctx.actor.ip,
    detail: { customerId: ctx.customerId },
  });
}

function assertNotSelf(ctx: PortalContext, userId: string): void {
  if (ctx.actor.id === userId) throw conflict(SELF_CHANGE_TEXT);
}

/** Disables the link (a pending registration is refused this way too). */
export async function disablePortalUser(ctx: PortalContext, userId: string): Promise<PortalUser> {
  assertNotSelf(ctx, userId);
  await getPortalUser(ctx.db, ctx.customerId, userId);
  await ctx.db.transaction((tx) => setLinkStatus(ctx, userId, 'disabled', tx));
  return getPortalUser(ctx.db, ctx.customerId, userId);
}

export async function enablePortalUser(ctx: PortalContext, userId: string): Promise<PortalUser> {
  assertNotSelf(ctx, userId);
  const current = await getPortalUser(ctx.db, ctx.customerId, userId);
  if (current.status === 'pending_approval') throw conflict(APPROVE_FIRST_TEXT);
  await ctx.db.transaction((tx) => setLinkStatus(ctx, userId, 'active', tx));
  return getPortalUser(ctx.db, ctx.customerId, userId);
}

/** A pending resident becomes active (the account can sign in from now on) and is told by email. */
export async function approvePortalUser(ctx: PortalContext, userId: string): Promise<PortalUser> {
  const current = await getPortalUser(ctx.db, ctx.customerId, userId);
  if (current.status !== 'pending_approval') throw conflict(NOT_PENDING_TEXT);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(customerUsers)
      .set({ status: 'active', approvedAt: sql`now()` })
      .where(and(eq(customerUsers.customerId, ctx.customerId), eq(customerUsers.userId, userId)));
    await tx.update(users).set({ active: true, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await recomputeUserRoles(tx, userId);
    await recordAudit(tx, { action: 'portal_access.approved', actorId: ctx.actor.id, subjectUserId: userId, ip: ctx.actor.ip, detail: { customerId: ctx.customerId } });
    const content = registrationApprovedEmail(toLanguage(user!.language), { name: user!.firstName, customer: await customerName(tx, ctx.customerId), link: signInLink(ctx.baseUrl) });
    await queueEmail(tx, { ...content, to: user!.email, kind: 'portal_registration_approved' });
  });
  return getPortalUser(ctx.db, ctx.customerId, userId);
}

/** Roles, status, unit and notification choices; only the fields given change. */
export async function updatePortalUser(ctx: PortalContext, userId: string, input: PortalUserUpdate): Promise<PortalUserDetail> {
  const { db } = ctx;
  const current = await getPortalUser(db, ctx.customerId, userId);
  const rolesChange = input.roles && (input.roles.length !== current.roles.length || input.roles.some((role) => !current.roles.includes(role)));
  const statusChange = input.status && input.status !== (current.status === 'invited' ? 'active' : current.status);
  if ((rolesChange || statusChange) && ctx.actor.id === userId) throw conflict(SELF_CHANGE_TEXT);
  if (statusChange && input.status === 'active' && current.status === 'pending_approval') throw conflict(APPROVE_FIRST_TEXT);

  await db.transaction(async (tx) => {
    if (input.unit !== undefined) {
      await tx
        .update(customerUsers)
        .set({ unit: input.unit || null })
        .where(and(eq(customerUsers.customerId, ctx.customerId), eq(customerUsers.userId, userId)));
    }
    if (rolesChange) {
      await tx
        .update(customerUsers)
        .set({ roles: input.roles! })
        .where(and(eq(customerUsers.customerId, ctx.customerId), eq(customerUsers.userId, userId)));
      const union = await recomputeUserRoles(tx, userId);
      await revokeUserSessions(tx, userId, 'roles_changed');
      await recordAudit(tx, {
        action: 'user.roles_changed',
        actorId: ctx.actor.id,
        subjectUserId: userId,
        ip: ctx.actor.ip,
        detail: { customerId: ctx.customerId, before: current.roles, after: input.roles, userRolesBefore: union.before, userRolesAfter: union.after },
      });
    }
    if (statusChange) await setLinkStatus(ctx, userId, input.status!, tx);
  });
  if (input.notifications?.length) {
    const [account] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, userId)).limit(1);
    if (!account) throw notFound();
    await savePreferences(db, { id: userId, roles: account.roles }, input.notifications);
  }
  return getPortalUserDetail(db, ctx.customerId, userId);
}
