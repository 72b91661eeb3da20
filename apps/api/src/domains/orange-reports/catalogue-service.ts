import { and, asc, eq, getTableColumns, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  validationText,
  type LocalizedNamesOut,
  type OrangeReportService,
  type OrangeReportServiceCreate,
  type OrangeReportServiceUpdate,
  type OrangeServiceCategory,
} from '@grove/shared';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { orangeReportServices } from './tables.js';

/*
 * The catalogue of services (issue 10). Deleting is for mistakes: a service any record uses answers
 * 409 and is retired instead, so old reports keep naming what was recommended.
 */

type Reader = Pick<Db, 'select'>;
type Row = typeof orangeReportServices.$inferSelect & { inUse: boolean };

/** Whether a report recommends the service. Other domains' references surface as foreign-key 409s on delete. */
const inUseSql = sql<boolean>`exists (select 1 from orange_report_recommendations r where r.service_id = orange_report_services.id)`;

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

function normalizeNames(names: OrangeReportServiceCreate['names']): LocalizedNamesOut {
  return { en: names.en, zh: names.zh ?? null, es: names.es ?? null, ja: names.ja ?? null, de: names.de ?? null, fr: names.fr ?? null };
}

export function toService(row: Row): OrangeReportService {
  return {
    id: row.id,
    names: row.names,
    description: row.description,
    category: row.category,
    unit: row.unit,
    unitPriceCents: row.unitPriceCents,
    sortOrder: row.sortOrder,
    retired: row.retiredAt !== null,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    inUse: row.inUse,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface CatalogueQuery {
  includeRetired?: boolean;
  search?: string;
  category?: OrangeServiceCategory;
  /** Only these services (retired ones included when asked). */
  ids?: readonly string[];
}

/** Catalogue services in display order (category order is the web's; here sort order, then English name). */
export async function listServices(db: Reader, query: CatalogueQuery = {}): Promise<OrangeReportService[]> {
  const where: SQL[] = [];
  if (!query.includeRetired) where.push(isNull(orangeReportServices.retiredAt));
  if (query.category) where.push(eq(orangeReportServices.category, query.category));
  if (query.ids) {
    if (query.ids.length === 0) return [];
    where.push(inArray(orangeReportServices.id, [...query.ids]));
  }
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    where.push(or(sql`${orangeReportServices.names}::text ilike ${pattern}`, ilike(orangeReportServices.description, pattern))!);
  }
  const rows = await db
    .select({ ...getTableColumns(orangeReportServices), inUse: inUseSql })
    .from(orangeReportServices)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(orangeReportServices.sortOrder), asc(orangeReportServices.nameEn));
  return rows.map(toService);
}

export async function getService(db: Reader, id: string): Promise<OrangeReportService> {
  const [row] = await db
    .select({ ...getTableColumns(orangeReportServices), inUse: inUseSql })
    .from(orangeReportServices)
    .where(eq(orangeReportServices.id, id));
  if (!row) throw notFound();
  return toService(row);
}

const duplicateName = () => badRequest({ 'names.en': ['A service with this name already exists.'] });

export async function createService(db: Db, input: OrangeReportServiceCreate): Promise<OrangeReportService> {
  const names = normalizeNames(input.names);
  try {
    const [row] = await db
      .insert(orangeReportServices)
      .values({
        names,
        nameEn: names.en,
        description: input.description ?? '',
        category: input.category,
        unit: input.unit,
        unitPriceCents: input.unitPriceCents ?? null,
        sortOrder: input.sortOrder ?? sql`coalesce((select max(sort_order) from orange_report_services), 0) + 10`,
      })
      .returning({ id: orangeReportServices.id });
    return getService(db, row!.id);
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw duplicateName();
    throw error;
  }
}

export async function updateService(db: Db, id: string, input: OrangeReportServiceUpdate): Promise<OrangeReportService> {
  const names = input.names ? normalizeNames(input.names) : undefined;
  try {
    const [row] = await db
      .update(orangeReportServices)
      .set({
        ...(names ? { names, nameEn: names.en } : {}),
        description: input.description,
        category: input.category,
        unit: input.unit,
        unitPriceCents: input.unitPriceCents,
        sortOrder: input.sortOrder,
        ...(input.retired === undefined ? {} : { retiredAt: input.retired ? sql`coalesce(retired_at, now())` : null }),
        updatedAt: sql`now()`,
      })
      .where(eq(orangeReportServices.id, id))
      .returning({ id: orangeReportServices.id });
    if (!row) throw notFound();
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw duplicateName();
    throw error;
  }
  return getService(db, id);
}

const IN_USE = 'This service is used and cannot be deleted. Retire it instead: it leaves the pickers and records that use it keep it.';

export async function deleteService(db: Db, id: string): Promise<void> {
  const service = await getService(db, id);
  if (service.inUse) throw conflict(IN_USE);
  try {
    await db.delete(orangeReportServices).where(eq(orangeReportServices.id, id));
  } catch (error) {
    // A report, plan or proposal references it (foreign key): keep it.
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw conflict(IN_USE);
    throw error;
  }
}

/**
 * Active catalogue services by id, for records that recommend or quote them (reports here; plans
 * and proposals through index.ts). Unknown or retired ids are reported on `field` as 400.
 */
export async function activeServicesByIds(db: Reader, ids: readonly string[], field = 'serviceId'): Promise<Map<string, OrangeReportService>> {
  const unique = [...new Set(ids)];
  const found = await listServices(db, { ids: unique });
  const map = new Map(found.map((service) => [service.id, service]));
  const missing = unique.filter((id) => !map.has(id));
  if (missing.length) throw badRequest({ [field]: [validationText('invalid')] });
  return map;
}
