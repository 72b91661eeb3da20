import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { isCustomerRole, type Page, type PortalUser, type PortalUserDetail, type PortalUserListQuery, type PortalUserStatus } from '@grove/shared';
import { pageOffset } from '../../lib/paging.js';
import type { Db } from '../../db/client.js';
import { customerUsers, users } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { getMembershipPreferences } from '../notifications/index.js';

/*
 * Reading a customer's portal users. The status shown is derived:
 *   pending_approval  the link waits for approval (self-registered resident);
 *   disabled          the link is disabled, or the account is deactivated;
 *   invited           linked, but no password set yet; or asked to join and not answered yet;
 *   active            otherwise.
 *
 * What a customer's own managers see of a person (issue 9 §5): the email always; names once the
 * person belongs to the customer (not while a join request waits); phone and last sign-in only
 * for active members. Staff see everything.
 */

export type PortalViewer = 'staff' | 'customer';

export const statusExpression: SQL<PortalUserStatus> = sql<PortalUserStatus>`case
  when ${customerUsers.status} = 'pending_approval' then 'pending_approval'
  when ${customerUsers.status} = 'requested' then 'invited'
  when ${customerUsers.status} = 'disabled' or not ${users.active} then 'disabled'
  when ${users.passwordHash} is null then 'invited'
  else 'active' end`;

const isRequest = sql`${customerUsers.status} = 'requested'`;
const isActiveMember = sql`(${statusExpression}) = 'active'`;

function columnsFor(viewer: PortalViewer) {
  const hidden = viewer === 'customer';
  return {
    userId: users.id,
    firstName: hidden ? sql<string>`case when ${isRequest} then '' else ${users.firstName} end` : users.firstName,
    lastName: hidden ? sql<string>`case when ${isRequest} then '' else ${users.lastName} end` : users.lastName,
    email: users.email,
    phone: hidden ? sql<string | null>`case when ${isActiveMember} then ${users.phone} end` : users.phone,
    roles: customerUsers.roles,
    status: statusExpression,
    unit: customerUsers.unit,
    lastLoginAt: hidden ? sql<Date | null>`case when ${isActiveMember} then ${users.lastLoginAt} end`.mapWith(users.lastLoginAt) : users.lastLoginAt,
    createdAt: customerUsers.createdAt,
  };
}

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

function sortsFor(viewer: PortalViewer): Record<PortalUserListQuery['sort'], SQL[]> {
  const columns = columnsFor(viewer);
  const last = sql`lower(${columns.lastName}) collate "C"`;
  const first = sql`lower(${columns.firstName}) collate "C"`;
  return {
    name: [asc(last), asc(first), asc(users.id)],
    '-name': [desc(last), desc(first), desc(users.id)],
    email: [asc(sql`lower(${users.email}) collate "C"`), asc(users.id)],
    '-email': [desc(sql`lower(${users.email}) collate "C"`), desc(users.id)],
    lastLoginAt: [sql`${columns.lastLoginAt} asc nulls first`, asc(users.id)],
    '-lastLoginAt': [sql`${columns.lastLoginAt} desc nulls last`, desc(users.id)],
    createdAt: [asc(customerUsers.createdAt), asc(users.id)],
    '-createdAt': [desc(customerUsers.createdAt), desc(users.id)],
  };
}

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listPortalUsers(db: Db, customerId: string, query: PortalUserListQuery, viewer: PortalViewer = 'staff'): Promise<Page<PortalUser>> {
  const conditions: SQL[] = [eq(customerUsers.customerId, customerId)];
  if (query.search) {
    const pattern = likePattern(query.search);
    const byName = or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))!;
    // Hidden names must not be findable either.
    conditions.push(or(ilike(users.email, pattern), ilike(customerUsers.unit, pattern), viewer === 'customer' ? and(sql`not ${isRequest}`, byName)! : byName)!);
  }
  if (query.status) conditions.push(sql`${statusExpression} = ${query.status}`);
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select(columnsFor(viewer))
      .from(customerUsers)
      .innerJoin(users, eq(users.id, customerUsers.userId))
      .where(where)
      .orderBy(...sortsFor(viewer)[query.sort])
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(customerUsers).innerJoin(users, eq(users.id, customerUsers.userId)).where(where),
  ]);
  return { data: (rows as Row[]).map(toPortalUser), total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

/** One portal user of the customer; 404 when the person is not linked to it. */
export async function getPortalUser(db: Pick<Db, 'select'>, customerId: string, userId: string, viewer: PortalViewer = 'staff'): Promise<PortalUser> {
  const [row] = await db
    .select(columnsFor(viewer))
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(and(eq(customerUsers.customerId, customerId), eq(customerUsers.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  return toPortalUser(row);
}

/** The raw link (status as stored), for the write rules. */
export async function loadLink(db: Pick<Db, 'select'>, customerId: string, userId: string) {
  const [link] = await db
    .select()
    .from(customerUsers)
    .where(and(eq(customerUsers.customerId, customerId), eq(customerUsers.userId, userId)))
    .limit(1);
  if (!link) throw notFound();
  return link;
}

/** The person with the notification choices of this membership (issue 9 §5: per membership). */
export async function getPortalUserDetail(
  db: Db,
  customerId: string,
  userId: string,
  viewer: PortalViewer = 'staff',
  language?: string,
): Promise<PortalUserDetail> {
  const user = await getPortalUser(db, customerId, userId, viewer);
  return { ...user, notifications: await getMembershipPreferences(db, customerId, { id: userId, roles: user.roles }, language) };
}
