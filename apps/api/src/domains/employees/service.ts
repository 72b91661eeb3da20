import { and, arrayContains, arrayOverlaps, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  EMPLOYEE_CUSTOMERS_SHOWN,
  STAFF_ROLES,
  isStaffRole,
  type Employee,
  type EmployeeListQuery,
  type Page,
} from '@grove/shared';
import { pageOffset } from '../../lib/paging.js';
import type { Db } from '../../db/client.js';
import { branches, customerTeam, customers, files, regions, users } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { customerScopeCondition, type ScopeUser } from '../scope/index.js';

/*
 * The team directory: people holding a staff role, with the customers they serve (account manager
 * or team member). Only customers the caller may see are named or counted, so the directory never
 * reveals customers outside the caller's scope.
 */

const staffOnly = arrayOverlaps(users.roles, [...STAFF_ROLES]);

const columns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  title: users.title,
  roles: users.roles,
  email: users.email,
  phone: users.phone,
  photoFileId: users.photoFileId,
  regionId: users.regionId,
  regionName: regions.name,
  branchId: users.branchId,
  branchName: branches.name,
  active: users.active,
  invited: sql<boolean>`${users.passwordHash} is null`,
  lastLoginAt: users.lastLoginAt,
};

const lastFirst = (dir: typeof asc) => [dir(sql`lower(${users.lastName}) collate "C"`), dir(sql`lower(${users.firstName}) collate "C"`), dir(users.id)];
const SORTS: Record<EmployeeListQuery['sort'], SQL[]> = {
  name: lastFirst(asc),
  '-name': lastFirst(desc),
  title: [sql`lower(${users.title}) collate "C" asc nulls last`, ...lastFirst(asc)],
  '-title': [sql`lower(${users.title}) collate "C" desc nulls last`, ...lastFirst(asc)],
  branch: [sql`${branches.name} collate "C" asc nulls last`, ...lastFirst(asc)],
  '-branch': [sql`${branches.name} collate "C" desc nulls last`, ...lastFirst(asc)],
};

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(query: Omit<EmployeeListQuery, 'page' | 'pageSize' | 'sort'>): SQL | undefined {
  const parts: SQL[] = [staffOnly, eq(users.active, query.active)];
  if (query.search) {
    const pattern = likePattern(query.search);
    parts.push(
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        ilike(users.email, pattern),
        ilike(users.title, pattern),
      )!,
    );
  }
  if (query.branchId) parts.push(eq(users.branchId, query.branchId));
  if (query.regionId) parts.push(eq(users.regionId, query.regionId));
  if (query.role) parts.push(arrayContains(users.roles, [query.role]));
  return and(...parts);
}

type Row = Omit<Employee, 'customers' | 'customerCount' | 'lastLoginAt' | 'roles'> & { roles: string[]; lastLoginAt: Date | null };

/** Customers (in the viewer's scope) each of `userIds` serves, by name. */
async function servedCustomers(db: Db, viewer: ScopeUser, userIds: string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const served = new Map<string, Map<string, string>>();
  if (userIds.length === 0) return new Map();
  const scope = customerScopeCondition(viewer);
  const [onTeam, managed] = await Promise.all([
    db
      .select({ userId: customerTeam.userId, id: customers.id, name: customers.name })
      .from(customerTeam)
      .innerJoin(customers, eq(customers.id, customerTeam.customerId))
      .where(and(inArray(customerTeam.userId, userIds), scope)),
    db
      .select({ userId: sql<string>`${customers.accountManagerId}`, id: customers.id, name: customers.name })
      .from(customers)
      .where(and(inArray(customers.accountManagerId, userIds), scope)),
  ]);
  for (const row of [...onTeam, ...managed]) {
    const list = served.get(row.userId) ?? new Map<string, string>();
    list.set(row.id, row.name);
    served.set(row.userId, list);
  }
  return new Map(
    [...served].map(([userId, list]) => [userId, [...list].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'en'))]),
  );
}

function toEmployees(rows: Row[], served: Map<string, { id: string; name: string }[]>): Employee[] {
  return rows.map((row) => {
    const list = served.get(row.id) ?? [];
    return {
      ...row,
      roles: row.roles.filter(isStaffRole),
      lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
      customers: list.slice(0, EMPLOYEE_CUSTOMERS_SHOWN),
      customerCount: list.length,
    };
  });
}

function baseQuery(db: Db) {
  return db.select(columns).from(users).leftJoin(regions, eq(regions.id, users.regionId)).leftJoin(branches, eq(branches.id, users.branchId));
}

export async function listEmployees(db: Db, viewer: ScopeUser, query: EmployeeListQuery): Promise<Page<Employee>> {
  const where = conditions(query);
  const [rows, totals] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(...SORTS[query.sort])
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const served = await servedCustomers(db, viewer, rows.map((row) => row.id));
  return { data: toEmployees(rows, served), total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

/** A staff member (active or not); 404 for customer-side users and unknown ids. */
export async function getEmployee(db: Db, viewer: ScopeUser, id: string): Promise<Employee> {
  const [row] = await baseQuery(db).where(and(eq(users.id, id), staffOnly)).limit(1);
  if (!row) throw notFound();
  return toEmployees([row], await servedCustomers(db, viewer, [id]))[0]!;
}

export const STAFF_PHOTO_OWNER = 'staff_photo';

/** Photo uploads become staff photos (owner `staff_photo`, no customer: the employees module lets all staff read them). */
export async function attachStaffPhoto(tx: Pick<Db, 'update'>, photoFileId: string, uploaderId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .update(files)
    .set({ ownerType: STAFF_PHOTO_OWNER, ownerId: userId, attachedAt: sql`now()` })
    .where(and(eq(files.id, photoFileId), eq(files.uploadedBy, uploaderId), eq(files.kind, 'photo'), isNull(files.attachedAt), isNull(files.customerId)))
    .returning({ id: files.id });
  return rows.length === 1;
}
