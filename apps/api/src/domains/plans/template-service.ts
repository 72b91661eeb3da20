import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  planTemplateCopySchema,
  planTemplateCreateSchema,
  planTemplateInputSchema,
  planTemplateListQuerySchema} from '@grove/shared';
import {
  validationText,
  type Page,
  type PlanTemplate,
  type PlanTemplateSummary
} from '@grove/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { customers, regions, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { badRequest, notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/index.js';
import { assertCustomerInScope, isCustomerInScope } from '../scope/index.js';
import { assertCatalogueServices, assertZonesOf, itemsForCustomer, normaliseItems } from './items.js';
import { assertMayWriteTemplate, mayWriteTemplate } from './policy.js';
import { planTemplates } from './tables.js';

type ListQuery = z.output<typeof planTemplateListQuerySchema>;
type CreateInput = z.output<typeof planTemplateCreateSchema>;
type UpdateInput = z.output<typeof planTemplateInputSchema>;
type CopyInput = z.output<typeof planTemplateCopySchema>;
type TemplateRow = typeof planTemplates.$inferSelect;

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const summaryColumns = {
  row: planTemplates,
  customerName: customers.name,
  regionName: regions.name,
};

function toSummary(user: AuthUser, row: TemplateRow, customerName: string | null, regionName: string | null): PlanTemplateSummary {
  return {
    id: row.id,
    customerId: row.customerId,
    customerName,
    name: row.name,
    season: row.season,
    regionId: row.regionId,
    regionName,
    description: row.description,
    itemCount: row.items.length,
    services: row.items.map((item) => item.service),
    updatedAt: row.updatedAt.toISOString(),
    canEdit: mayWriteTemplate(user, row),
  };
}

/** Global templates, or (with a customer in scope) the global ones and the customer's own. */
export async function listTemplates(db: Db, user: AuthUser, query: ListQuery): Promise<Page<PlanTemplateSummary>> {
  if (query.customerId) await assertCustomerInScope(db, user, query.customerId);
  const parts: SQL[] = [];
  if (!query.customerId || query.scope === 'global') parts.push(isNull(planTemplates.customerId));
  else if (query.scope === 'customer') parts.push(eq(planTemplates.customerId, query.customerId));
  else parts.push(or(isNull(planTemplates.customerId), eq(planTemplates.customerId, query.customerId))!);
  if (query.season) parts.push(eq(planTemplates.season, query.season));
  if (query.search) parts.push(ilike(planTemplates.name, likePattern(query.search)));
  const where = and(...parts);
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(planTemplates)
      .leftJoin(customers, eq(customers.id, planTemplates.customerId))
      .leftJoin(regions, eq(regions.id, planTemplates.regionId))
      .where(where)
      // The customer's own templates first: they are the tailored ones.
      .orderBy(sql`${planTemplates.customerId} is null`, asc(planTemplates.name), asc(planTemplates.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(planTemplates).where(where),
  ]);
  return {
    data: rows.map((r) => toSummary(user, r.row, r.customerName, r.regionName)),
    total: totals[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * A template the caller may read (staff; a customer's template only with the customer in scope),
 * else 404.
 */
export async function loadTemplate(db: Pick<Db, 'select'>, user: AuthUser, id: string): Promise<TemplateRow> {
  const [row] = await db.select().from(planTemplates).where(eq(planTemplates.id, id));
  if (!row) throw notFound();
  if (row.customerId && !(await isCustomerInScope(db as Db, user, row.customerId))) throw notFound();
  return row;
}

export async function getTemplate(db: Db, user: AuthUser, id: string): Promise<PlanTemplate> {
  const row = await loadTemplate(db, user, id);
  const [extra] = await db
    .select({ customerName: customers.name, regionName: regions.name, createdByFirst: users.firstName, createdByLast: users.lastName })
    .from(planTemplates)
    .leftJoin(customers, eq(customers.id, planTemplates.customerId))
    .leftJoin(regions, eq(regions.id, planTemplates.regionId))
    .leftJoin(users, eq(users.id, planTemplates.createdById))
    .where(eq(planTemplates.id, id));
  const source = row.sourceTemplateId
    ? ((await db.select({ id: planTemplates.id, name: planTemplates.name }).from(planTemplates).where(eq(planTemplates.id, row.sourceTemplateId)))[0] ?? null)
    : null;
  return {
    ...toSummary(user, row, extra?.customerName ?? null, extra?.regionName ?? null),
    items: row.items,
    sourceTemplate: source,
    createdBy: row.createdById && extra?.createdByFirst != null ? { id: row.createdById, name: `${extra.createdByFirst} ${extra.createdByLast ?? ''}`.trim() } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function assertRegion(db: Db, regionId: string | null | undefined): Promise<void> {
  if (!regionId) return;
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, regionId));
  if (!row) throw badRequest({ regionId: [validationText('invalid')] });
}

export async function createTemplate(db: Db, user: AuthUser, input: CreateInput): Promise<PlanTemplate> {
  const customerId = input.customerId ?? null;
  if (customerId) await assertCustomerInScope(db, user, customerId);
  assertMayWriteTemplate(user, { customerId });
  await assertRegion(db, input.regionId);
  const items = normaliseItems(input.items);
  await assertCatalogueServices(db, items);
  await assertZonesOf(db, customerId, items);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(planTemplates)
      .values({
        customerId,
        name: input.name,
        season: input.season,
        regionId: input.regionId ?? null,
        description: input.description ?? '',
        items,
        createdById: user.id,
      })
      .returning({ id: planTemplates.id });
    await recordAudit(tx, { action: 'plan_template.created', actorId: user.id, detail: { templateId: row!.id, customerId } });
    return row!.id;
  });
  return getTemplate(db, user, id);
}

export async function updateTemplate(db: Db, user: AuthUser, id: string, input: UpdateInput): Promise<PlanTemplate> {
  const row = await loadTemplate(db, user, id);
  assertMayWriteTemplate(user, row);
  await assertRegion(db, input.regionId);
  const items = normaliseItems(input.items);
  await assertCatalogueServices(db, items);
  await assertZonesOf(db, row.customerId, items);
  await db.transaction(async (tx) => {
    await tx
      .update(planTemplates)
      .set({
        name: input.name,
        season: input.season,
        regionId: input.regionId ?? null,
        description: input.description ?? '',
        items,
        updatedAt: sql`now()`,
      })
      .where(eq(planTemplates.id, id));
    await recordAudit(tx, { action: 'plan_template.updated', actorId: user.id, detail: { templateId: id, customerId: row.customerId } });
  });
  return getTemplate(db, user, id);
}

/** Plans made from the template keep their copied items (templates are never referenced live). */
export async function deleteTemplate(db: Db, user: AuthUser, id: string): Promise<void> {
  const row = await loadTemplate(db, user, id);
  assertMayWriteTemplate(user, row);
  await db.transaction(async (tx) => {
    await tx.delete(planTemplates).where(eq(planTemplates.id, id));
    await recordAudit(tx, { action: 'plan_template.deleted', actorId: user.id, detail: { templateId: id, name: row.name, customerId: row.customerId } });
  });
}

/** A tailored copy of a template for one property: its zones picked by the kinds the items name. */
export async function copyTemplate(db: Db, user: AuthUser, id: string, input: CopyInput): Promise<PlanTemplate> {
  const source = await loadTemplate(db, user, id);
  await assertCustomerInScope(db, user, input.customerId);
  const items = await itemsForCustomer(db, input.customerId, source.items);
  const [row] = await db
    .insert(planTemplates)
    .values({
      customerId: input.customerId,
      name: input.name ?? source.name,
      season: source.season,
      regionId: source.regionId,
      description: source.description,
      items,
      sourceTemplateId: source.id,
      createdById: user.id,
    })
    .returning({ id: planTemplates.id });
  return getTemplate(db, user, row!.id);
}
