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
import { conflict, forbidden } from '../../http/errors.js';
import { toLanguage } from '../../mail/language.js';
import { queueEmail } from '../../mail/email-topic.js';
import { recordAudit } from '../audit/index.js';
import { revokeUserSessions } from '../auth/index.js';
import { findUserByEmail, normalizeUsername } from '../auth/index.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { saveMembershipPreferences } from '../notifications/index.js';
import { addedToCustomerEmail, joinRequestEmail, portalInvitationEmail, registrationApprovedEmail } from './emails.js';
import { invitationLink, signInLink } from './invitations.js';
import { recomputeUserRoles } from './links.js';
import { assertMayTouch, can, type PortalManager } from './policy.js';
import { getPortalUser, getPortalUserDetail, loadLink, type PortalViewer } from './service.js';

/*
 * Changing a customer's portal users. The caller is already known to manage the customer
 * (policy.ts). What they change is the person's membership of this customer and nothing else
 * (issue 9 §5, docs/decisions/012-portal-access-isolation.md):
 *   - an existing account added by a customer-side manager gets a join request, which the person
 *     accepts after signing in (join-requests.ts); staff link it at once;
 *   - disabling, enabling and role changes touch this membership only and end no session: rights
 *     are read from the database on every request, so a removed right is gone at once;
 *   - notification choices are saved for this membership only;
 *   - invitations are per customer (a new one never cancels another customer's);
 *   - only System Admin disables an account everywhere (which does end its sessions).
 * Changes are audited.
 */

export interface PortalContext {
  db: Db;
  baseUrl: string;
  actor: { id: string; ip: string; roles: readonly string[]; language?: string };
  customerId: string;
  /** As what the caller manages this customer (Board Members have limits). */
  manager: PortalManager;
}

export const STAFF_EMAIL_TEXT = 'This email belongs to a Grove staff account and cannot be a portal user.';
export const ALREADY_LINKED_TEXT = 'This person is already a portal user of this customer.';
export const INACTIVE_ACCOUNT_TEXT = 'The account of this email is deactivated. Ask Grove to reactivate it.';
export const SELF_CHANGE_TEXT = 'You cannot change your own access.';
export const NOT_INVITED_TEXT = 'Only users who have not set a password yet can get a new invitation.';
export const NOT_PENDING_TEXT = 'Only registrations waiting for approval can be approved.';
export const APPROVE_FIRST_TEXT = 'This registration waits for approval: approve it instead.';
export const NOT_ANSWERED_TEXT = 'This person has not accepted the request to join yet.';
export const SYSTEM_ADMIN_ONLY_TEXT = 'Only a System Admin can disable an account everywhere.';

const viewerOf = (ctx: PortalContext): PortalViewer => (ctx.manager === 'staff' ? 'staff' : 'customer');
const view = (ctx: PortalContext, userId: string) => getPortalUser(ctx.db, ctx.customerId, userId, viewerOf(ctx));

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function customerName(db: Pick<Db, 'select'>, customerId: string): Promise<string> {
  const [row] = await db.select({ name: customers.name }).from(customers).where(eq(customers.id, customerId)).limit(1);
  return row?.name ?? '';
}

async function actorName(db: Pick<Db, 'select'>, actorId: string): Promise<string> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, actorId)).limit(1);
  return row ? `${row.firstName} ${row.lastName}`.trim() : 'Grove';
}

/** Issues a fresh invitation code for this customer and queues its email, in the caller's transaction. */
async function queueInvitation(ctx: PortalContext, tx: Tx, user: { id: string; email: string; firstName: string; language: string }): Promise<void> {
  const link = await invitationLink(tx, ctx.baseUrl, user, ctx.customerId);
  const content = portalInvitationEmail(toLanguage(user.language), {
    name: user.firstName,
    customer: await customerName(tx, ctx.customerId),
    inviter: await actorName(tx, ctx.actor.id),
    link,
    days: INVITATION_TTL_DAYS,
  });
  await queueEmail(tx, { ...content, to: user.email, kind: 'portal_invitation', sensitive: true });
}

async function queueJoinRequest(ctx: PortalContext, tx: Tx, user: { email: string; firstName: string; language: string }): Promise<void> {
  const content = joinRequestEmail(toLanguage(user.language), {
    name: user.firstName,
    customer: await customerName(tx, ctx.customerId),
    inviter: await actorName(tx, ctx.actor.id),
    link: signInLink(ctx.baseUrl),
  });
  await queueEmail(tx, { ...content, to: user.email, kind: 'portal_join_request' });
}

/**
 * Invites a new person, or adds the existing account of the email (one person, several
 * customers). Staff link the account at once (it gets an "added to" email, or an invitation if it
 * never set a password); a customer-side manager's addition is a join request the person answers
 * after signing in, and until then the customer sees only the email and "invited".
 */
export async function createPortalUser(ctx: PortalContext, input: PortalUserCreate, inviterLanguage: string): Promise<PortalUserCreated> {
  const { db } = ctx;
  assertMayTouch(ctx.manager, [], input.roles);
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    if (hasStaffRole(existing.roles)) throw conflict(STAFF_EMAIL_TEXT);
    if (!existing.active) throw conflict(INACTIVE_ACCOUNT_TEXT);
    const asRequest = ctx.manager !== 'staff';
    try {
      await db.transaction(async (tx) => {
        await tx.insert(customerUsers).values({
          customerId: ctx.customerId,
          userId: existing.id,
          roles: input.roles,
          unit: input.unit || null,
          status: asRequest ? 'requested' : 'active',
          invitedById: ctx.actor.id,
        });
        const roles = await recomputeUserRoles(tx, existing.id);
        await recordAudit(tx, {
          action: asRequest ? 'portal_access.join_requested' : 'portal_access.user_linked',
          actorId: ctx.actor.id,
          subjectUserId: existing.id,
          ip: ctx.actor.ip,
          detail: { customerId: ctx.customerId, roles: input.roles, userRolesBefore: roles.before, userRolesAfter: roles.after },
        });
        if (asRequest) await queueJoinRequest(ctx, tx, existing);
        else if (existing.passwordHash) {
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
    // A join request is not a link yet: the customer learns nothing about the account.
    return { ...(await view(ctx, existing.id)), linkedExisting: !asRequest };
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
      await tx
        .insert(customerUsers)
        .values({ customerId: ctx.customerId, userId: user!.id, roles: input.roles, unit: input.unit || null, status: 'active', invitedById: ctx.actor.id });
      await recordAudit(tx, { action: 'user.created', actorId: ctx.actor.id, subjectUserId: user!.id, ip: ctx.actor.ip, detail: { customerId: ctx.customerId, roles: input.roles } });
      await queueInvitation(ctx, tx, user!);
      return user!;
    });
  } catch (error) {
    // Someone created the same email meanwhile: the form can simply be sent again to add it.
    if (isUniqueViolation(error)) throw conflict(ALREADY_LINKED_TEXT);
    throw error;
  }
  return { ...(await view(ctx, created.id)), linkedExisting: false };
}

/** A new invitation link for this customer (no password yet), or the join request again. */
export async function resendInvitation(ctx: PortalContext, userId: string): Promise<PortalUser> {
  const link = await loadLink(ctx.db, ctx.customerId, userId);
  assertMayTouch(ctx.manager, link.roles);
  const current = await view(ctx, userId);
  if (current.status !== 'invited') throw conflict(NOT_INVITED_TEXT);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  await ctx.db.transaction(async (tx) => {
    if (link.status === 'requested') await queueJoinRequest(ctx, tx, user!);
    else await queueInvitation(ctx, tx, user!);
    await recordAudit(tx, { action: 'portal_access.invitation_resent', actorId: ctx.actor.id, subjectUserId: userId, ip: ctx.actor.ip, detail: { customerId: ctx.customerId } });
  });
  return current;
}

type LinkStatus = 'active' | 'disabled';

/** Sets this membership's status; the person's other customers and sessions stay as they are. */
async function setLinkStatus(ctx: PortalContext, userId: string, status: LinkStatus, tx: Tx): Promise<void> {
  await tx
    .update(customerUsers)
    .set({ status })
    .where(and(eq(customerUsers.customerId, ctx.customerId), eq(customerUsers.userId, userId)));
  await recomputeUserRoles(tx, userId);
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

/**
 * Removes access to this customer (a pending registration is refused this way too). An
 * unanswered join request is withdrawn instead: the person was never a member.
 */
export async function disablePortalUser(ctx: PortalContext, userId: string): Promise<PortalUser> {
  assertNotSelf(ctx, userId);
  const link = await loadLink(ctx.db, ctx.customerId, userId);
  assertMayTouch(ctx.manager, link.roles);
  if (link.status === 'requested') {
    const before = await view(ctx, userId);
    await ctx.db.transaction(async (tx) => {
      await tx.delete(customerUsers).where(and(eq(customerUsers.customerId, ctx.customerId), eq(customerUsers.userId, userId)));
      await recordAudit(tx, { action: 'portal_access.join_withdrawn', actorId: ctx.actor.id, subjectUserId: userId, ip: ctx.actor.ip, detail: { customerId: ctx.customerId } });
    });
    return { ...before, status: 'disabled' };
  }
  await ctx.db.transaction((tx) => setLinkStatus(ctx, userId, 'disabled', tx));
  return view(ctx, userId);
}

export async function enablePortalUser(ctx: PortalContext, userId: string): Promise<PortalUser> {
  assertNotSelf(ctx, userId);
  const link = await loadLink(ctx.db, ctx.customerId, userId);
  assertMayTouch(ctx.manager, link.roles);
  if (link.status === 'pending_approval') throw conflict(APPROVE_FIRST_TEXT);
  if (link.status === 'requested') throw conflict(NOT_ANSWERED_TEXT);
  await ctx.db.transaction((tx) => setLinkStatus(ctx, userId, 'active', tx));
  return view(ctx, userId);
}

/** A pending resident becomes active (the account can sign in from now on) and is told by email. */
export async function approvePortalUser(ctx: PortalContext, userId: string): Promise<PortalUser> {
  const link = await loadLink(ctx.db, ctx.customerId, userId);
  assertMayTouch(ctx.manager, link.roles);
  if (link.status !== 'pending_approval') throw conflict(NOT_PENDING_TEXT);
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
  return view(ctx, userId);
}

/** Roles, status, unit and notification choices of this membership; only the fields given change. */
export async function updatePortalUser(ctx: PortalContext, userId: string, input: PortalUserUpdate): Promise<PortalUserDetail> {
  const { db } = ctx;
  const link = await loadLink(db, ctx.customerId, userId);
  const current = await view(ctx, userId);
  const rolesChange = input.roles && (input.roles.length !== current.roles.length || input.roles.some((role) => !current.roles.includes(role)));
  const statusChange = input.status && input.status !== (current.status === 'invited' ? 'active' : current.status);
  if ((rolesChange || statusChange) && ctx.actor.id === userId) throw conflict(SELF_CHANGE_TEXT);
  if (rolesChange || statusChange) assertMayTouch(ctx.manager, link.roles, input.roles ?? []);
  if (statusChange && input.status === 'active' && link.status === 'pending_approval') throw conflict(APPROVE_FIRST_TEXT);
  if (statusChange && link.status === 'requested') throw conflict(NOT_ANSWERED_TEXT);

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
      await recordAudit(tx, {
        action: 'user.roles_changed',
        actorId: ctx.actor.id,
        subjectUserId: userId,
        ip: ctx.actor.ip,
        detail: { customerId: ctx.customerId, before: current.roles, after: input.roles, userRolesBefore: union.before, userRolesAfter: union.after },
      });
    }
    if (statusChange) await setLinkStatus(ctx, userId, input.status!, tx);
    if (input.notifications?.length) {
      await saveMembershipPreferences(tx, ctx.customerId, { id: userId, roles: input.roles ?? current.roles }, input.notifications);
    }
  });
  return getPortalUserDetail(db, ctx.customerId, userId, viewerOf(ctx), ctx.actor.language);
}

/**
 * System Admin only: the account is deactivated for every customer and all its sessions end
 * (`enabled: false`), or reactivated. Customer managers can only remove access to their customer.
 */
export async function setAccountActive(ctx: PortalContext, userId: string, enabled: boolean): Promise<PortalUser> {
  if (!can(ctx.actor, 'setAccountActive')) throw forbidden(SYSTEM_ADMIN_ONLY_TEXT);
  assertNotSelf(ctx, userId);
  await loadLink(ctx.db, ctx.customerId, userId);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ active: enabled, updatedAt: sql`now()` }).where(eq(users.id, userId));
    if (!enabled) await revokeUserSessions(tx, userId, 'account_disabled');
    await recordAudit(tx, {
      action: enabled ? 'user.account_enabled' : 'user.account_disabled',
      actorId: ctx.actor.id,
      subjectUserId: userId,
      ip: ctx.actor.ip,
      detail: { customerId: ctx.customerId },
    });
  });
  return view(ctx, userId);
}
