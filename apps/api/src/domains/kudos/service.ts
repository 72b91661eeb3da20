import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  hasStaffRole,
  parseRoles,
  validationText,
  type Kudos,
  type KudosCategory,
  type KudosRecipient,
  type Language,
  type Page,
  type kudosCreateSchema,
  type kudosListQuerySchema,
} from '@grove/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { customerTeam, customers, files, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { badRequest, notFound } from '../../http/errors.js';
import { perLanguage } from '../../lib/i18n.js';
import { attachFiles, contentUrl } from '../files/index.js';
import { notify, type Notifier } from '../notifications/index.js';
import { assertCustomerInScope, customerIdInScope } from '../scope/index.js';
import { kudos } from './tables.js';

type Caller = Pick<AuthUser, 'id' | 'roles' | 'regionId' | 'branchId'>;
type KudosCreateInput = z.output<typeof kudosCreateSchema>;
type KudosListInput = z.output<typeof kudosListQuerySchema>;

export const KUDOS_OWNER = 'kudos';

const fullName = (table: typeof users) => sql<string>`trim(${table.firstName} || ' ' || ${table.lastName})`;

/** Category names for notifications and emails (the web has its own in the kudos namespace). */
const CATEGORY_LABELS: Record<KudosCategory, Record<Language, string>> = {
  quality: perLanguage('kudos:categories.quality.label'),
  friendliness: perLanguage('kudos:categories.friendliness.label'),
  responsiveness: perLanguage('kudos:categories.responsiveness.label'),
  above_and_beyond: perLanguage('kudos:categories.above_and_beyond.label'),
};
const WHOLE_CREW: Record<Language, string> = perLanguage('kudos:wholeCrew');

/** The customer's Grove team: its account manager and team members who are active staff. */
export async function teamOf(db: Pick<Db, 'select'>, customerId: string): Promise<(KudosRecipient & { branchId: string | null })[]> {
  const [customer] = await db.select({ managerId: customers.accountManagerId }).from(customers).where(eq(customers.id, customerId));
  const rows = await db
    .select({ id: users.id, name: fullName(users), title: users.title, roles: users.roles, branchId: users.branchId, photoFileId: users.photoFileId, teamRole: customerTeam.teamRole })
    .from(users)
    .leftJoin(customerTeam, and(eq(customerTeam.userId, users.id), eq(customerTeam.customerId, customerId)))
    .where(
      and(
        eq(users.active, true),
        or(sql`${customerTeam.userId} is not null`, customer?.managerId ? eq(users.id, customer.managerId) : sql`false`),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows
    .filter((row) => hasStaffRole(parseRoles(row.roles)))
    .map((row) => ({
      id: row.id,
      name: row.name,
      title: row.title,
      teamRole: row.id === customer?.managerId ? 'Account Manager' : (row.teamRole ?? 'Account Manager'),
      photoFileId: row.photoFileId,
      branchId: row.branchId,
    }))
    .sort((a, b) => Number(b.teamRole === 'Account Manager') - Number(a.teamRole === 'Account Manager'));
}

export async function listRecipients(db: Db, user: Caller, customerId: string): Promise<KudosRecipient[]> {
  await assertCustomerInScope(db, user, customerId);
  return (await teamOf(db, customerId)).map(({ branchId: _branch, ...person }) => person);
}

/** Active Branch Managers of these branches: the people the thanked staff report to. */
async function managersOf(tx: Pick<Db, 'select'>, branchIds: readonly string[]): Promise<string[]> {
  if (branchIds.length === 0) return [];
  const rows = await tx
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(and(eq(users.active, true), inArray(users.branchId, [...branchIds]), sql`${users.roles} @> array['Branch Manager']::text[]`));
  return rows.map((row) => row.id);
}

async function announce(tx: Notifier, values: { customerId: string; customerName: string; senderName: string; recipientId: string | null; category: KudosCategory; message: string }) {
  const team = await teamOf(tx, values.customerId);
  const thanked = values.recipientId ? team.filter((person) => person.id === values.recipientId) : team;
  const [customer] = await tx.select({ branchId: customers.branchId }).from(customers).where(eq(customers.id, values.customerId));
  const branchIds = [...new Set([...thanked.map((p) => p.branchId), customer?.branchId ?? null].filter((id): id is string => id !== null))];
  const managers = (await managersOf(tx, branchIds)).filter((id) => !thanked.some((p) => p.id === id));
  const recipientName = values.recipientId ? (thanked[0]?.name ?? '') : WHOLE_CREW;
  const params = {
    sender: values.senderName,
    customer: values.customerName,
    recipient: recipientName,
    category: CATEGORY_LABELS[values.category],
    excerpt: values.message.length > 500 ? `${values.message.slice(0, 499)}…` : values.message,
  };
  const link = `/customers/${values.customerId}`;
  await notify(tx, { userIds: thanked.map((p) => p.id), type: 'kudos_received', titleKey: values.recipientId ? 'kudos.forYou' : 'kudos.forCrew', params, link, customerId: values.customerId });
  await notify(tx, { userIds: managers, type: 'kudos_received', titleKey: 'kudos.forColleague', params, link, customerId: values.customerId });
}

export async function sendKudos(db: Db, user: Caller, input: KudosCreateInput): Promise<Kudos> {
  await assertCustomerInScope(db, user, input.customerId);
  const id = await db.transaction(async (tx) => {
    const team = await teamOf(tx, input.customerId);
    if (input.recipientId && !team.some((person) => person.id === input.recipientId)) {
      throw badRequest({ recipientId: ['Choose someone of this property’s Grove team.'] });
    }
    const [row] = await tx
      .insert(kudos)
      .values({ customerId: input.customerId, senderId: user.id, recipientId: input.recipientId, category: input.category, message: input.message, photoFileId: input.photoId ?? null })
      .returning({ id: kudos.id });
    if (input.photoId) {
      const [photo] = await tx.select({ kind: files.kind }).from(files).where(eq(files.id, input.photoId));
      if (photo?.kind !== 'photo') throw badRequest({ photoId: [validationText('invalid')] });
      await attachFiles(db, tx, { fileIds: [input.photoId], customerId: input.customerId, ownerType: KUDOS_OWNER, ownerId: row!.id, userId: user.id });
    }
    const [names] = await tx
      .select({ sender: fullName(users), customer: customers.name })
      .from(users)
      .innerJoin(customers, eq(customers.id, input.customerId))
      .where(eq(users.id, user.id));
    await announce(tx, { customerId: input.customerId, customerName: names?.customer ?? '', senderName: names?.sender ?? '', recipientId: input.recipientId, category: input.category, message: input.message });
    return row!.id;
  });
  const [created] = (await listKudos(db, user, { page: 1, pageSize: 1, id })).data;
  if (!created) throw notFound();
  return created;
}

const senders = sql.raw('kudos_sender');
const recipients = sql.raw('kudos_recipient');

export async function listKudos(db: Db, user: Caller, query: KudosListInput & { id?: string }): Promise<Page<Kudos>> {
  const staff = hasStaffRole(user.roles);
  const parts: SQL[] = [staff ? customerIdInScope(user, kudos.customerId) : and(eq(kudos.senderId, user.id), customerIdInScope(user, kudos.customerId))!];
  if (query.customerId) parts.push(eq(kudos.customerId, query.customerId));
  if (query.id) parts.push(eq(kudos.id, query.id));
  if (query.recipientId) {
    // Addressed to them, or to the whole crew of a customer whose team they are on.
    parts.push(
      or(
        eq(kudos.recipientId, query.recipientId),
        and(
          isNull(kudos.recipientId),
          sql`(exists (select 1 from ${customerTeam} where ${customerTeam.customerId} = ${kudos.customerId} and ${customerTeam.userId} = ${query.recipientId}) or exists (select 1 from ${customers} c where c.id = ${kudos.customerId} and c.account_manager_id = ${query.recipientId}))`,
        ),
      )!,
    );
  }
  const where = and(...parts);
  const [rows, totals] = await Promise.all([
    db
      .select({
        row: kudos,
        customerName: customers.name,
        senderName: sql<string | null>`(select trim(${senders}.first_name || ' ' || ${senders}.last_name) from ${users} ${senders} where ${senders}.id = ${kudos.senderId})`,
        recipientName: sql<string | null>`(select trim(${recipients}.first_name || ' ' || ${recipients}.last_name) from ${users} ${recipients} where ${recipients}.id = ${kudos.recipientId})`,
        photoVariants: files.variants,
      })
      .from(kudos)
      .innerJoin(customers, eq(customers.id, kudos.customerId))
      .leftJoin(files, and(eq(files.id, kudos.photoFileId), eq(files.ownerType, KUDOS_OWNER), eq(files.ownerId, kudos.id)))
      .where(where)
      .orderBy(desc(kudos.createdAt), desc(kudos.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(kudos).where(where),
  ]);
  return {
    data: rows.map(({ row, customerName, senderName, recipientName, photoVariants }) => ({
      id: row.id,
      customerId: row.customerId,
      customerName,
      sender: row.senderId ? { id: row.senderId, name: senderName ?? '' } : null,
      recipient: row.recipientId ? { id: row.recipientId, name: recipientName ?? '' } : null,
      category: row.category as KudosCategory,
      message: row.message,
      photo: row.photoFileId && photoVariants ? { id: row.photoFileId, url: contentUrl(row.photoFileId), thumbnailUrl: photoVariants.thumb ? contentUrl(row.photoFileId, 'thumb') : null } : null,
      createdAt: row.createdAt.toISOString(),
    })),
    total: totals[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Kudos each staff member received in customers the caller sees (addressed to them by name). */
export async function kudosCounts(db: Db, user: Caller, userIds: readonly string[]): Promise<{ userId: string; count: number }[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: kudos.recipientId, count: count() })
    .from(kudos)
    .where(and(inArray(kudos.recipientId, [...userIds]), customerIdInScope(user, kudos.customerId)))
    .groupBy(kudos.recipientId);
  const byId = new Map(rows.map((row) => [row.userId!, row.count]));
  return userIds.map((id) => ({ userId: id, count: byId.get(id) ?? 0 }));
}
