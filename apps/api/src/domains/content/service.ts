import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import {
  validationText,
  type ContentCategory,
  type ContentFeedItem,
  type ContentItem,
  type ContentKind,
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
import { badRequest, notFound } from '../../http/errors.js';
import { attachFiles, contentUrl, releaseOwnerFiles } from '../files/index.js';
import { assertCustomerInScope } from '../scope/index.js';
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

// ── Staff: list, read, write ───────────────────────────────────────────────────────────────────

const authorName = sql<string | null>`(select trim(a.first_name || ' ' || a.last_name) from ${users} a where a.id = ${contentItems.authorId})`;

export async function listContent(db: Db, query: ContentListInput & { id?: string }): Promise<Page<ContentItem>> {
  const parts: SQL[] = [];
  if (query.id) parts.push(eq(contentItems.id, query.id));
  if (query.search) parts.push(ilike(contentItems.title, `%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  if (query.state) parts.push(sql`${stateSql} = ${query.state}`);
  const where = parts.length > 0 ? and(...parts) : undefined;
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
    data: rows.map(({ row, state, authorName: author, regionName, branchName, opened, audience, imageVariants }) => ({
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
      reach: { opened, audience },
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

export async function getContent(db: Db, id: string): Promise<ContentItem> {
  const [item] = (await listContent(db, { id, page: 1, pageSize: 1 })).data;
  if (!item) throw notFound();
  return item;
}

/** The audience's references exist (a wrong id is a field error, not a failed foreign key). */
async function checkAudience(tx: Tx, audience: ContentInput['audience']): Promise<void> {
  if (audience.type === 'region') {
    const [row] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.id, audience.regionId!));
    if (!row) throw badRequest({ 'audience.regionId': [validationText('invalid')] });
  }
  if (audience.type === 'branch') {
    const [row] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.id, audience.branchId!));
    if (!row) throw badRequest({ 'audience.branchId': [validationText('invalid')] });
  }
  if (audience.type === 'customers') {
    const ids = [...new Set(audience.customerIds ?? [])];
    const rows = await tx.select({ id: customers.id }).from(customers).where(inArray(customers.id, ids));
    if (rows.length !== ids.length) throw badRequest({ 'audience.customerIds': [validationText('invalid')] });
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
    await checkAudience(tx, input.audience);
    const [row] = await tx.insert(contentItems).values({ ...valuesOf(input), authorId: user.id }).returning({ id: contentItems.id });
    await writeAudienceCustomers(tx, row!.id, input);
    await setImage(db, tx, row!.id, null, input.imageId, user.id);
    return row!.id;
  });
  return getContent(db, id);
}

export async function updateContent(db: Db, user: ModuleUser, id: string, input: ContentInput): Promise<ContentItem> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ imageFileId: contentItems.imageFileId }).from(contentItems).where(eq(contentItems.id, id)).for('update');
    if (!current) throw notFound();
    await checkAudience(tx, input.audience);
    await tx.update(contentItems).set({ ...valuesOf(input), updatedAt: sql`now()` }).where(eq(contentItems.id, id));
    await writeAudienceCustomers(tx, id, input);
    await setImage(db, tx, id, current.imageFileId, input.imageId === undefined ? undefined : input.imageId, user.id);
  });
  return getContent(db, id);
}

export async function setPublished(db: Db, id: string, published: boolean): Promise<ContentItem> {
  const [row] = await db
    .update(contentItems)
    .set(published ? { status: 'published', publishedAt: sql`now()`, updatedAt: sql`now()` } : { status: 'draft', publishedAt: null, updatedAt: sql`now()` })
    .where(eq(contentItems.id, id))
    .returning({ id: contentItems.id });
  if (!row) throw notFound();
  return getContent(db, id);
}

export async function deleteContent(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
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
