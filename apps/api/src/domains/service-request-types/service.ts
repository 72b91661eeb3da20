import { asc, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type {
  ServiceRequestPriority,
  ServiceRequestPriorityCreate,
  ServiceRequestPriorityUpdate,
  ServiceRequestType,
  ServiceRequestTypeCreate,
  ServiceRequestTypeUpdate,
  } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { serviceRequestPriorities, serviceRequestTypes } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

// Spelled out: in a single-table select Drizzle leaves columns unqualified, and the subquery's own `id` would win.
const typeInUse = sql<boolean>`exists (select 1 from service_requests r where r.type_id = service_request_types.id)`;
const priorityInUse = sql<boolean>`exists (select 1 from service_requests r where r.priority_id = service_request_priorities.id)`;

type TypeRow = typeof serviceRequestTypes.$inferSelect & { inUse: boolean };
type PriorityRow = typeof serviceRequestPriorities.$inferSelect & { inUse: boolean };

function toType(row: TypeRow): ServiceRequestType {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    sortOrder: row.sortOrder,
    retired: row.retiredAt !== null,
    retiredAt: iso(row.retiredAt),
    inUse: row.inUse,
  };
}

function toPriority(row: PriorityRow): ServiceRequestPriority {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    rank: row.rank,
    responseTargetHours: row.responseTargetHours,
    resolutionTargetHours: row.resolutionTargetHours,
    clock: row.clock,
    retired: row.retiredAt !== null,
    retiredAt: iso(row.retiredAt),
    inUse: row.inUse,
  };
}

/** The PostgreSQL SQLSTATE of a failed query (drivers put it on the error or on its `cause`). */
function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

const retiredChange = (retired: boolean | undefined) =>
  retired === undefined ? {} : { retiredAt: retired ? sql`coalesce(retired_at, now())` : null };

// ── Types ───────────────────────────────────────────────────────────────────────────────────────

export async function listTypes(db: Db, includeRetired: boolean): Promise<ServiceRequestType[]> {
  const rows = await db
    .select({ ...getTableColumns(serviceRequestTypes), inUse: typeInUse })
    .from(serviceRequestTypes)
    .where(includeRetired ? undefined : isNull(serviceRequestTypes.retiredAt))
    .orderBy(asc(serviceRequestTypes.sortOrder), asc(serviceRequestTypes.name));
  return rows.map(toType);
}

async function getType(db: Db, id: string): Promise<ServiceRequestType> {
  const [row] = await db
    .select({ ...getTableColumns(serviceRequestTypes), inUse: typeInUse })
    .from(serviceRequestTypes)
    .where(eq(serviceRequestTypes.id, id));
  if (!row) throw notFound();
  return toType(row);
}

export async function createType(db: Db, input: ServiceRequestTypeCreate): Promise<ServiceRequestType> {
  try {
    const [row] = await db
      .insert(serviceRequestTypes)
      .values({
        code: input.code,
        name: input.name,
        sortOrder: input.sortOrder ?? sql`coalesce((select max(sort_order) from service_request_types), 0) + 10`,
      })
      .returning({ id: serviceRequestTypes.id });
    return getType(db, row!.id);
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw badRequest({ code: ['A type with this code already exists.'] });
    throw error;
  }
}

export async function updateType(db: Db, id: string, input: ServiceRequestTypeUpdate): Promise<ServiceRequestType> {
  const [row] = await db
    .update(serviceRequestTypes)
    .set({ name: input.name, sortOrder: input.sortOrder, ...retiredChange(input.retired), updatedAt: sql`now()` })
    .where(eq(serviceRequestTypes.id, id))
    .returning({ id: serviceRequestTypes.id });
  if (!row) throw notFound();
  return getType(db, id);
}

/** Deleting is for mistakes only: a type any request uses answers 409 (retire it instead). */
export async function deleteType(db: Db, id: string): Promise<void> {
  const type = await getType(db, id);
  const message = 'This type is used by service requests and cannot be deleted. Retire it instead.';
  if (type.inUse) throw conflict(message);
  try {
    await db.delete(serviceRequestTypes).where(eq(serviceRequestTypes.id, id));
  } catch (error) {
    // A request filed between the check and the delete: the foreign key keeps it consistent.
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw conflict(message);
    throw error;
  }
}

// ── Priorities ──────────────────────────────────────────────────────────────────────────────────

export async function listPriorities(db: Db, includeRetired: boolean): Promise<ServiceRequestPriority[]> {
  const rows = await db
    .select({ ...getTableColumns(serviceRequestPriorities), inUse: priorityInUse })
    .from(serviceRequestPriorities)
    .where(includeRetired ? undefined : isNull(serviceRequestPriorities.retiredAt))
    .orderBy(desc(serviceRequestPriorities.rank), asc(serviceRequestPriorities.name));
  return rows.map(toPriority);
}

async function getPriority(db: Db, id: string): Promise<ServiceRequestPriority> {
  const [row] = await db
    .select({ ...getTableColumns(serviceRequestPriorities), inUse: priorityInUse })
    .from(serviceRequestPriorities)
    .where(eq(serviceRequestPriorities.id, id));
  if (!row) throw notFound();
  return toPriority(row);
}

export async function createPriority(db: Db, input: ServiceRequestPriorityCreate): Promise<ServiceRequestPriority> {
  try {
    const [row] = await db
      .insert(serviceRequestPriorities)
      .values({
        code: input.code,
        name: input.name,
        rank: input.rank,
        responseTargetHours: input.responseTargetHours,
        resolutionTargetHours: input.resolutionTargetHours,
        clock: input.clock ?? 'business',
      })
      .returning({ id: serviceRequestPriorities.id });
    return getPriority(db, row!.id);
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw badRequest({ code: ['A priority with this code already exists.'] });
    throw error;
  }
}

export async function updatePriority(db: Db, id: string, input: ServiceRequestPriorityUpdate): Promise<ServiceRequestPriority> {
  const current = await getPriority(db, id);
  const response = input.responseTargetHours ?? current.responseTargetHours;
  const resolution = input.resolutionTargetHours ?? current.resolutionTargetHours;
  if (resolution < response) throw badRequest({ resolutionTargetHours: ['This field is not valid.'] });
  await db
    .update(serviceRequestPriorities)
    .set({
      name: input.name,
      rank: input.rank,
      responseTargetHours: input.responseTargetHours,
      resolutionTargetHours: input.resolutionTargetHours,
      clock: input.clock,
      ...retiredChange(input.retired),
      updatedAt: sql`now()`,
    })
    .where(eq(serviceRequestPriorities.id, id));
  return getPriority(db, id);
}

export async function deletePriority(db: Db, id: string): Promise<void> {
  const priority = await getPriority(db, id);
  const message = 'This priority is used by service requests and cannot be deleted. Retire it instead.';
  if (priority.inUse) throw conflict(message);
  try {
    await db.delete(serviceRequestPriorities).where(eq(serviceRequestPriorities.id, id));
  } catch (error) {
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw conflict(message);
    throw error;
  }
}
