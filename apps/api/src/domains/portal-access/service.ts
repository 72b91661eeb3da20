import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { isCustomerRole, type Page, type PortalUser, type PortalUserDetail, type PortalUserListQuery, type PortalUserStatus } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerUsers, users } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { getPreferences } from '../notifications/preferences.js';

/*
 * Reading a customer's portal users. The status shown is derived:
 *   pending_approval  the link waits for approval (self-registered resident);
 *   disabled          the link is disabled, or the account is deactivated;
 *   invited           linked, but no password set yet;
 *   active            otherwise.
 */

export const statusExpression: SQL<PortalUserStatus> = sql<PortalUserStatus>`case
  when ${customerUsers.status} = 'pending_approval' then 'pending_approval'
  when ${customerUsers.status} = 'disabled' or not ${users.active} then 'disabled'
  when ${users.passwordHash} is null then 'invited'
  else 'active' end`;

const columns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  roles: customerUsers.roles,
  status: statusExpression,
  unit: customerUsers.unit,
  lastLoginAt: users.lastLoginAt,
  createdAt: customerUsers.createdAt,
};

interface Row {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  roles: string[];
  status: PortalUserStatus;
  unit: string | null;
  lastLoginAt: Date | null;
  createdAt: Date;
}

function toPortalUser(row: Row): PortalUser {
  return {
    ...row,
    roles: row.roles.filter(isCustomerRole),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const byName = [asc(sql`lower(${users.lastName}) collate "C"`), asc(sql`lower(${users.firstName}) collate "C"`), asc(users.id)];
const SORTS: Record<PortalUserListQuery['sort'], SQL[]> = {
  name: byName,
  '-name': [desc(sql`lower(${users.lastName}) collate "C"`), desc(sql`lower(${users.firstName}) collate "C"`), desc(users.id)],
  email: [asc(sql`lower(${users.email}) collate "C"`), asc(users.id)],
  '-email': [desc(sql`lower(${users.email}) collate "C"`), desc(users.id)],
  lastLoginAt: [sql`${users.lastLoginAt} asc nulls first`, asc(users.id)],
  '-lastLoginAt': [sql`${users.lastLoginAt} desc nulls last`, desc(users.id)],
  createdAt: [asc(customerUsers.createdAt), asc(users.id)],
  '-createdAt': [desc(customerUsers.createdAt), desc(users.id)],
};

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listPortalUsers(db: Db, customerId: string, query: PortalUserListQuery): Promise<Page<PortalUser>> {
  const conditions: SQL[] = [eq(customerUsers.customerId, customerId)];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.email, pattern),
        ilike(customerUsers.unit, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      )!,
    );
  }
  if (query.status) conditions.push(sql`${statusExpression} = ${query.status}`);
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(customerUsers)
      .innerJoin(users, eq(users.id, customerUsers.userId))
      .where(where)
      .orderBy(...SORTS[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(customerUsers).innerJoin(users, eq(users.id, customerUsers.userId)).where(where),
  ]);
  return { data: (rows as Row[]).map(toPortalUser), total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

/** One portal user of the customer; 404 when the person is not linked to it. */
export async function getPortalUser(db: Pick<Db, 'select'>, customerId: string, userId: string): Promise<PortalUser> {
  const [row] = await db
    .select(columns)
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(and(eq(customerUsers.customerId, customerId), eq(customerUsers.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  return toPortalUser(row);
}

export async function getPortalUserDetail(db: Db, customerId: string, userId: string): Promise<PortalUserDetail> {
  const user = await getPortalUser(db, customerId, userId);
  const [account] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, userId)).limit(1);
  return { ...user, notifications: await getPreferences(db, { id: userId, roles: account?.roles ?? [] }) };
}
