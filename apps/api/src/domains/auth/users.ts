import { and, eq, or, sql } from 'drizzle-orm';
import { formatRoles, hasCustomerRole, parseRoles, type SessionUser, type UserProfile } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerUsers, users } from '../../db/schema.js';
import { prepared } from '../../db/prepared.js';
import { toLanguage } from '../../mail/language.js';
import { managedPortalCustomerIds } from '../customers/index.js';

/** Usernames are stored lower-cased, so sign-in matches them case-insensitively. */
export function normalizeUsername(value: string): string {
  return value.trim().toLowerCase();
}

export async function findUserByUsername(db: Db, username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, normalizeUsername(username))).limit(1);
  return row ?? null;
}

/** Forgot/reset name the account by email: its username, or its email in any case. */
export async function findUserByEmail(db: Db, email: string) {
  const lowered = normalizeUsername(email);
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.username, lowered), sql`lower(${users.email}) = ${lowered}`))
    .limit(1);
  return row ?? null;
}

/** The user object sent with every token; reloaded on refresh so role changes show at once. */
export async function loadSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  const profile = await loadProfile(db, userId);
  if (!profile) return null;
  const { phone: _phone, title: _title, lastLoginAt: _lastLoginAt, photoFileId: _photoFileId, ...sessionUser } = profile;
  return sessionUser;
}

/** The profile's columns of one user: `GET /api/Users/me` runs it on every app start and refresh (decision 033). */
const profileRow = (db: Db) =>
  prepared(db, 'auth_profile_row', (db, name) =>
    db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        roles: users.roles,
        language: users.language,
        phone: users.phone,
        title: users.title,
        lastLoginAt: users.lastLoginAt,
        timeZone: users.timeZone,
        photoFileId: users.photoFileId,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );

export async function loadProfile(db: Db, userId: string): Promise<UserProfile | null> {
  const [user] = await profileRow(db).execute({ id: userId });
  if (!user) return null;
  const roles = parseRoles(user.roles);
  // Only customer-side users act for customers; staff reach customers through the scope policy.
  const links = hasCustomerRole(roles)
    ? await db
        .select({ customerId: customerUsers.customerId })
        .from(customerUsers)
        .where(and(eq(customerUsers.userId, userId), eq(customerUsers.status, 'active')))
        .orderBy(customerUsers.customerId)
    : [];
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: formatRoles(roles),
    roles,
    language: toLanguage(user.language),
    customerIds: links.map((link) => link.customerId),
    portalCustomerIds: links.length ? await managedPortalCustomerIds(db, userId) : [],
    phone: user.phone,
    title: user.title,
    lastLoginAt: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
    timeZone: user.timeZone,
    photoFileId: user.photoFileId,
  };
}
