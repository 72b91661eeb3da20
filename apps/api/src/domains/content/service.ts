import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  validationText,
  type ContentCategory,
  type ContentFeedItem,
  type ContentItem,
  type ContentKind,
  type ContentAudienceOptions,
  type ContentAudienceType,
  type ContentState,
  type CustomerRole,
  type Page,
  type contentInputSchema,
  type contentListQuerySchema,
} from '@grove/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { branches, customerUsers as customerUsersTable, customers, files, regions, users } from '../../db/schema.js';
import type { ModuleUser } from '../../modules/domain-module.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { attachFiles, contentUrl, releaseOwnerFiles } from '../files/index.js';
import { assertCustomerInScope, customerScopeCondition } from '../scope/index.js';
import { audienceTypesOf, authorScope, can } from './policy.js';
import { sanitizeContentHtml } from './sanitize.js';
import { contentAudienceCustomers, contentItems, contentOpens } from './tables.js';

type ContentInput = z.output<typeof contentInputSchema>;
type ContentListInput = z.output<typeof contentListQuerySchema>;

export const CONTENT_IMAGE_OWNER = 'content_image';

// ── Audience rules (SQL) ───────────────────────────────────────────────────────────────────────

/** When a published item starts to show: its publish date, or the moment it was published if later. */
const startsAt = sql`greatest(${contentItems.publishAt}, ${contentItems.publishedAt})`;

/** Published, started and not expired (as of the database clock). */
export const isLive: SQL = sql`(${contentItems.status} = 'published' and ${startsAt} <= now() and (${contentItems.expireAt} is null or ${contentItems.expireAt} > now()))`;

/**
 * The item (outer `content_items` row) is for the membership `cu` (customer_users) at customer `c`:
 * the customer matches the audience (all, its region, its branch, or chosen) and, when roles are
 * chosen, the person holds one of them at that customer.
 */
const matchesMembership = sql`(
  (${contentItems.audienceType} = 'all'
    or (${contentItems.audienceType} = 'region' and c.region_id = ${contentItems.regionId})
    or (${contentItems.audienceType} = 'branch' and c.branch_id = ${contentItems.branchId})
    or (${contentItems.audienceType} = 'customers' and exists (
      select 1 from ${contentAudienceCustomers} ac where ac.content_id = ${contentItems.id} and ac.customer_id = c.id)))
  and (cardinality(${contentItems.audienceRoles}) = 0 or cu.roles && ${contentItems.audienceRoles})
)`;

/** The item is for this customer-side user (at one property when `customerId` is given): active memberships only. */
export function audienceIncludes(userId: string, customerId?: string): SQL {
  return sql`exists (
    select 1 from ${customerUsersTable} cu join ${customers} c on c.id = cu.customer_id
    where cu.user_id = ${userId} and cu.status = 'active' ${customerId ? sql`and cu.customer_id = ${customerId}` : sql``}
      and ${matchesMembership})`;
}

/** Active customer-side users the item is for now (the "of M" of reach). */
const audienceSize = sql<number>`(
  select count(distinct cu.user_id) from ${customerUsersTable} cu
    join ${customers} c on c.id = cu.customer_id
    join ${users} u on u.id = cu.user_id
  where cu.status = 'active' and u.active and ${matchesMembership})`.mapWith(Number);

const openedCount = sql<number>`(select count(*) from ${contentOpens} o where o.content_id = ${contentItems.id})`.mapWith(Number);

const stateSql = sql<ContentState>`case
  when ${contentItems.status} = 'draft' then 'draft'
  when ${contentItems.expireAt} is not null and ${contentItems.expireAt} <= now() then 'expired'
  when ${startsAt} > now() then 'scheduled'
  else 'live' end`;

// ── Staff scope (decision 041) ─────────────────────────────────────────────────────────────────

/** The customer (outer `customers` row) is in the user's scope; never null. */
const customerInScope = (user: ModuleUser): SQL => sql`coalesce(${customerScopeCondition(user)}, false)`;

/**
 * The user may manage the item (outer `content_items` row): its audience lies within their scope
 * (policy.ts `authorScope`) — any for the company-wide roles; their region or one of its branches
 * for regional roles; their branch for branch managers; chosen customers all in their customer
 * scope for every author. Crew Leaders manage none.
 */
export function manageableCondition(user: ModuleUser): SQL {
  const scope = authorScope(user);
  if (scope.all) return sql`true`;
  const parts: SQL[] = [];
  if (scope.regionId) {
    parts.push(sql`(${contentItems.audienceType} = 'region' and ${contentItems.regionId} = ${scope.regionId})`);
    parts.push(
      sql`(${contentItems.audienceType} = 'branch' and exists (select 1 from ${branches} b where b.id = ${contentItems.branchId} and b.region_id = ${scope.regionId}))`,
    );
  }
  if (scope.branchId) parts.push(sql`(${contentItems.audienceType} = 'branch' and ${contentItems.branchId} = ${scope.branchId})`);
  if (scope.customers) {
    parts.push(sql`(${contentItems.audienceType} = 'customers'
      and exists (select 1 from ${contentAudienceCustomers} ac where ac.content_id = ${contentItems.id})
      and not exists (select 1 from ${contentAudienceCustomers} ac join ${customers} on ${customers.id} = ac.customer_id
        where ac.content_id = ${contentItems.id} and not ${customerInScope(user)}))`);
  }
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * The user finds the item in the staff list: they may manage it, or it reaches customers of theirs
 * (meant for all customers, or for a region, branch or chosen customers holding one in their scope):
 * view only, without reach.
 */
export function visibleCondition(user: ModuleUser): SQL {
  if (authorScope(user).all) return sql`true`;
  return sql`(${manageableCondition(user)} or ${contentItems.audienceType} = 'all' or exists (
    select 1 from ${customers} where ${customerInScope(user)} and (
      (${contentItems.audienceType} = 'region' and ${customers.regionId} = ${contentItems.regionId})
      or (${contentItems.audienceType} = 'branch' and ${customers.branchId} = ${contentItems.branchId})
      or (${contentItems.audienceType} = 'customers' and exists (
        select 1 from ${contentAudienceCustomers} ac where ac.content_id = ${contentItems.id} and ac.customer_id = ${customers.id})))))`;
}

/** The staff member finds the item in their list (manages it or sees it view only). */
export async function staffFinds(db: Pick<Db, 'select'>, user: ModuleUser, id: string): Promise<boolean> {
  const [row] = await db.select({ id: contentItems.id }).from(contentItems).where(and(eq(contentItems.id, id), visibleCondition(user))).limit(1);
  return row !== undefined;
}

/** An item the user may change: 404 when they do not find it, 403 when they find it view only. */
async function assertManageable(db: Pick<Db, 'select'>, user: ModuleUser, id: string): Promise<void> {
  const [row] = await db
    .select({ manageable: sql<boolean>`${manageableCondition(user)}` })
    .from(contentItems)
    .where(and(eq(contentItems.id, id), visibleCondition(user)));
  if (!row) throw notFound();
  if (!row.manageable || !can(user, 'manage')) throw forbidden();
}

/** What the editor offers the user: the audience types, regions and branches within their scope. */
export async function audienceOptions(db: Db, user: ModuleUser): Promise<ContentAudienceOptions> {
  if (!can(user, 'manage')) return { mayAuthor: false, types: [], regions: [], branches: [] };
  const scope = authorScope(user);
  const regionWhere = scope.all ? undefined : scope.regionId ? eq(regions.id, scope.regionId) : sql`false`;
  const branchParts = [scope.regionId ? eq(branches.regionId, scope.regionId) : undefined, scope.branchId ? eq(branches.id, scope.branchId) : undefined].filter((p) => p !== undefined);
  const branchWhere = scope.all ? undefined : branchParts.length ? or(...branchParts) : sql`false`;
  const [regionRows, branchRows] = await Promise.all([
    db.select({ id: regions.id, name: regions.name }).from(regions).where(regionWhere).orderBy(regions.name),
    db.select({ id: branches.id, name: branches.name, regionId: branches.regionId }).from(branches).where(branchWhere).orderBy(branches.name),
  ]);
  return { mayAuthor: true, types: audienceTypesOf(scope), regions: regionRows, branches: branchRows };
}

// ── Staff: list, read, write ───────────────────────────────────────────────────────────────────

const authorName = sql<string | null>`(select trim(a.first_name || ' ' || a.last_name) from ${users} a where a.id = ${contentItems.authorId})`;

export async function listContent(db: Db, user: ModuleUser, query: ContentListInput & { id?: string }): Promise<Page<ContentItem>> {
  const parts: SQL[] = [visibleCondition(user)];
  if (query.id) parts.push(eq(contentItems.id, query.id));
  if (query.search) parts.push(ilike(contentItems.title, `%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  if (query.state) parts.push(sql`${stateSql} = ${query.state}`);
  const where = and(...parts);
  const [rows, totals] = await Promise.all([
    db
      .select({
        row: contentItems,
        state: stateSql,
        authorName,
        regionName: regions.name,
        branchName: branches.name,
        opened: openedCount,
        audience: audienceSize,
        imageVariants: files.variants,
        canManage: sql<boolean>`${manageableCondition(user)}`,
      })
      .from(contentItems)
      .leftJoin(regions, eq(regions.id, contentItems.regionId))
      .leftJoin(branches, eq(branches.id, contentItems.branchId))
      .leftJoin(files, and(eq(files.id, contentItems.imageFileId), eq(files.ownerType, CONTENT_IMAGE_OWNER), eq(files.ownerId, contentItems.id)))
      .where(where)
      .orderBy(desc(contentItems.updatedAt), desc(contentItems.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(contentItems).where(where),
  ]);
  const ids = rows.map((r) => r.row.id);
  const chosen = ids.length
    ? await db
        .select({ contentId: contentAudienceCustomers.contentId, id: customers.id, name: customers.name })
        .from(contentAudienceCustomers)
        .innerJoin(customers, eq(customers.id, contentAudienceCustomers.customerId))
        .where(inArray(contentAudienceCustomers.contentId, ids))
        .orderBy(customers.name)
    : [];
  return {
    data: rows.map(({ row, state, authorName: author, regionName, branchName, opened, audience, imageVariants, canManage }) => ({
      id: row.id,
      kind: row.kind as ContentKind,
      category: row.category as ContentCategory,
      title: row.title,
      body: row.bodyHtml,
      image: imageOf(row.imageFileId, imageVariants),
      audience: {
        type: row.audienceType as ContentAudienceType,
        regionId: row.regionId,
        regionName: regionName ?? null,
        branchId: row.branchId,
        branchName: branchName ?? null,
        customers: chosen.filter((c) => c.contentId === row.id).map(({ id, name }) => ({ id, name })),
        roles: row.audienceRoles as CustomerRole[],
      },
      status: row.status as 'draft' | 'published',
      state,
      publishAt: row.publishAt?.toISOString() ?? null,
      expireAt: row.expireAt?.toISOString() ?? null,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      author: row.authorId ? { id: row.authorId, name: author ?? '' } : null,
      reach: canManage ? { opened, audience } : null,
      canManage: Boolean(canManage),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    total: totals[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

function imageOf(fileId: string | null, variants: Record<string, string> | null) {
  if (!fileId || !variants) return null;
  return { id: fileId, url: contentUrl(fileId, variants.web ? 'web' : undefined), thumbnailUrl: variants.thumb ? contentUrl(fileId, 'thumb') : null };
}

export async function getContent(db: Db, user: ModuleUser, id: string): Promise<ContentItem> {
  const [item] = (await listContent(db, user, { id, page: 1, pageSize: 1 })).data;
  if (!item) throw notFound();
  return item;
}

/**
 * The audience's references exist (a wrong id is a field error, not a failed foreign key) and lie
 * within the author's scope (decision 041; outside: a field error on the audience field).
 */
async function checkAudience(tx: Tx, user: ModuleUser, audience: ContentInput['audience']): Promise<void> {
  const scope = authorScope(user);
  const outside = (field: string) => badRequest({ [field]: [validationText('outOfScope')] });
  if (audience.type === 'all' && !scope.all) throw outside('audience.type');
  if (audience.type === 'region') {
    const [row] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.id, audience.regionId!));
    if (!row) throw badRequest({ 'audience.regionId': [validationText('invalid')] });
    if (!scope.all && row.id !== scope.regionId) throw outside('audience.regionId');
  }
  if (audience.type === 'branch') {
    const [row] = await tx.select({ id: branches.id, regionId: branches.regionId }).from(branches).where(eq(branches.id, audience.branchId!));
    if (!row) throw badRequest({ 'audience.branchId': [validationText('invalid')] });
    if (!scope.all && row.id !== scope.branchId && (scope.regionId === null || row.regionId !== scope.regionId)) throw outside('audience.branchId');
  }
  if (audience.type === 'customers') {
    const ids = [...new Set(audience.customerIds ?? [])];
    const rows = await tx
      .select({ id: customers.id, inScope: sql<boolean>`${customerInScope(user)}` })
      .from(customers)
      .where(inArray(customers.id, ids));
    if (rows.length !== ids.length) throw badRequest({ 'audience.customerIds': [validationText('invalid')] });
    if (!scope.all && rows.some((row) => !row.inScope)) throw outside('audience.customerIds');
  }
}

function valuesOf(input: ContentInput) {
  const a = input.audience;
  return {
    kind: input.kind,
    category: input.category,
    title: input.title,
    bodyHtml: sanitizeContentHtml(input.body),
    audienceType: a.type,
    regionId: a.type === 'region' ? a.regionId! : null,
    branchId: a.type === 'branch' ? a.branchId! : null,
    audienceRoles: [...new Set(a.roles ?? [])],
    publishAt: input.publishAt ? new Date(input.publishAt) : null,
    expireAt: input.expireAt ? new Date(input.expireAt) : null,
  };
}

async function writeAudienceCustomers(tx: Tx, contentId: string, input: ContentInput): Promise<void> {
  await tx.delete(contentAudienceCustomers).where(eq(contentAudienceCustomers.contentId, contentId));
  if (input.audience.type !== 'customers') return;
  const ids = [...new Set(input.audience.customerIds ?? [])];
  if (ids.length) await tx.insert(contentAudienceCustomers).values(ids.map((customerId) => ({ contentId, customerId })));
}

/** Attaches a new image (an uploaded photo of this user, for no customer) and releases the old one. */
async function setImage(db: Db, tx: Tx, contentId: string, previous: string | null, next: string | null | undefined, userId: string): Promise<void> {
  if (next === undefined || next === previous) return;
  if (previous) await releaseOwnerFiles(tx, CONTENT_IMAGE_OWNER, contentId);
  if (next) {
    const [photo] = await tx.select({ kind: files.kind }).from(files).where(eq(files.id, next));
    if (photo?.kind !== 'photo') throw badRequest({ imageId: [validationText('invalid')] });
    await attachFiles(db, tx, { fileIds: [next], customerId: null, ownerType: CONTENT_IMAGE_OWNER, ownerId: contentId, userId });
  }
  await tx.update(contentItems).set({ imageFileId: next }).where(eq(contentItems.id, contentId));
}

export async function createContent(db: Db, user: ModuleUser, input: ContentInput): Promise<ContentItem> {
  const id = await db.transaction(async (tx) => {
    await checkAudience(tx, user, input.audience);
    const [row] = await tx.insert(contentItems).values({ ...valuesOf(input), authorId: user.id }).returning({ id: contentItems.id });
    await writeAudienceCustomers(tx, row!.id, input);
    await setImage(db, tx, row!.id, null, input.imageId, user.id);
    return row!.id;
  });
  return getContent(db, user, id);
}

export async function updateContent(db: Db, user: ModuleUser, id: string, input: ContentInput): Promise<ContentItem> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ imageFileId: contentItems.imageFileId }).from(contentItems).where(eq(contentItems.id, id)).for('update');
    if (!current) throw notFound();
    await assertManageable(tx, user, id);
    await checkAudience(tx, user, input.audience);
    await tx.update(contentItems).set({ ...valuesOf(input), updatedAt: sql`now()` }).where(eq(contentItems.id, id));
    await writeAudienceCustomers(tx, id, input);
    await setImage(db, tx, id, current.imageFileId, input.imageId === undefined ? undefined : input.imageId, user.id);
  });
  return getContent(db, user, id);
}

export async function setPublished(db: Db, user: ModuleUser, id: string, published: boolean): Promise<ContentItem> {
  await assertManageable(db, user, id);
  const [row] = await db
    .update(contentItems)
    .set(published ? { status: 'published', publishedAt: sql`now()`, updatedAt: sql`now()` } : { status: 'draft', publishedAt: null, updatedAt: sql`now()` })
    .where(eq(contentItems.id, id))
    .returning({ id: contentItems.id });
  if (!row) throw notFound();
  return getContent(db, user, id);
}

export async function deleteContent(db: Db, user: ModuleUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await assertManageable(tx, user, id);
    const [row] = await tx.delete(contentItems).where(eq(contentItems.id, id)).returning({ id: contentItems.id });
    if (!row) throw notFound();
    await releaseOwnerFiles(tx, CONTENT_IMAGE_OWNER, id);
  });
}

// ── Customer side: the feed and opens ──────────────────────────────────────────────────────────

/** What a customer-side user may read at one property now, newest first. */
export async function contentFeed(db: Db, user: ModuleUser, customerId: string): Promise<ContentFeedItem[]> {
  await assertCustomerInScope(db, user, customerId);
  const rows = await db
    .select({
      row: contentItems,
      startsAt: sql<Date>`${startsAt}`.mapWith((value: string | Date) => new Date(value)),
      imageVariants: files.variants,
      opened: sql<boolean>`exists (select 1 from ${contentOpens} o where o.content_id = ${contentItems.id} and o.user_id = ${user.id})`,
    })
    .from(contentItems)
    .leftJoin(files, and(eq(files.id, contentItems.imageFileId), eq(files.ownerType, CONTENT_IMAGE_OWNER), eq(files.ownerId, contentItems.id)))
    .where(and(isLive, audienceIncludes(user.id, customerId)))
    .orderBy(desc(startsAt), desc(contentItems.id))
    .limit(20);
  return rows.map(({ row, startsAt: start, imageVariants, opened }) => ({
    id: row.id,
    kind: row.kind as ContentKind,
    category: row.category as ContentCategory,
    title: row.title,
    body: row.bodyHtml,
    image: imageOf(row.imageFileId, imageVariants),
    publishedAt: start.toISOString(),
    expireAt: row.expireAt?.toISOString() ?? null,
    opened: Boolean(opened),
  }));
}

/** May this customer-side user read the item now (live and for one of their properties)? */
export async function mayRead(db: Pick<Db, 'select'>, userId: string, contentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(eq(contentItems.id, contentId), isLive, audienceIncludes(userId)))
    .limit(1);
  return row !== undefined;
}

/** Records that the user opened the item; opening again changes nothing. */
export async function recordOpen(db: Db, user: ModuleUser, contentId: string): Promise<void> {
  if (!(await mayRead(db, user.id, contentId))) throw notFound();
  await db.insert(contentOpens).values({ contentId, userId: user.id }).onConflictDoNothing();
}
