import { and, asc, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { publishLiveEvent } from '../../live/publish.js';
import { MESSAGE_CREATED } from './live.js';
import {
  BUSINESS_DAY_HOURS,
  MESSAGE_LIMITS,
  hasStaffRole,
  parseRoles,
  validationText,
  type Message,
  type MessageAttachment,
  type MessageLink,
  type MessageLinkType,
  type MessageRecipient,
  type MessageThreadDetail,
  type MessageThreadSummary,
  type Page,
  type messageListQuerySchema,
  type messageParticipantsAddSchema,
  type messageReplyCreateSchema,
  type messageThreadCreateSchema,
} from '@grove/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { branches, customerTeam, customerUsers, customers, files, serviceRequests, users } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { cappedCount, pageTotal } from '../../lib/paging.js';
import { attachFiles } from '../files/index.js';
import type { Tx } from '../../db/client.js';
import { contentUrl } from '../files/index.js';
import { onTeamCondition } from '../scope/index.js';
import { addBusinessHours } from '../service-requests/index.js';
import { announceMessage } from './announcements.js';
import { MESSAGING_ROLES, assertMayMessageCustomer, isStaff, messagingLinkCondition, visibleThreadCondition, type Caller } from './policy.js';
import { messageThreadMembers, messageThreads, messages } from './tables.js';

type ListQuery = z.output<typeof messageListQuerySchema>;
type ThreadCreate = z.output<typeof messageThreadCreateSchema>;
type ReplyCreate = z.output<typeof messageReplyCreateSchema>;
type ParticipantsAdd = z.output<typeof messageParticipantsAddSchema>;

/** Files of a message are owned by it (files.owner_type). */
export const MESSAGE_OWNER = 'message';

const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

// ── Search ──────────────────────────────────────────────────────────────────────────────────────

/**
 * The words of a search box as a prefix tsquery ('simple' configuration: no stemming, so it works
 * the same in the six languages): "mulch bed" → 'mulch':* & 'bed':*. Null when no word is left.
 */
export function searchQuery(search: string | undefined): string | null {
  const words = (search ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? [];
  if (words.length === 0) return null;
  return words.map((word) => `'${word}':*`).join(' & ');
}

/** Messages of the thread the caller may see: customer users never see internal notes. */
function visibleMessages(user: Caller, threadRef: SQL | typeof messageThreads.id = messageThreads.id): SQL {
  return isStaff(user) ? sql`${messages.threadId} = ${threadRef}` : sql`${messages.threadId} = ${threadRef} and not ${messages.internal}`;
}

function lastVisibleAt(user: Caller): SQL<Date> {
  return (isStaff(user) ? sql`${messageThreads.lastMessageAt}` : sql`${messageThreads.lastPublicMessageAt}`);
}

const myReadAt = (user: Caller) =>
  sql`(select ${messageThreadMembers.lastReadAt} from ${messageThreadMembers} where ${messageThreadMembers.threadId} = ${messageThreads.id} and ${messageThreadMembers.userId} = ${user.id})`;

function unreadCondition(user: Caller): SQL {
  return sql`${lastVisibleAt(user)} > coalesce(${myReadAt(user)}, '-infinity'::timestamptz)`;
}

function listConditions(user: Caller, query: ListQuery): SQL {
  const parts: SQL[] = [visibleThreadCondition(user)];
  if (query.customerId) parts.push(eq(messageThreads.customerId, query.customerId));
  const filters = query.filter ?? [];
  if (filters.includes('unread')) parts.push(unreadCondition(user));
  if (filters.includes('attachments')) {
    parts.push(sql`exists (select 1 from ${messages} where ${visibleMessages(user)} and ${messages.hasAttachments})`);
  }
  if (isStaff(user)) {
    if (filters.includes('mine')) {
      parts.push(sql`${messageThreads.customerId} in (select ${customers.id} from ${customers} where ${onTeamCondition(user)})`);
    }
    if (filters.includes('unanswered')) parts.push(sql`${messageThreads.replyDueAt} < now()`);
  }
  const tsquery = searchQuery(query.search);
  if (tsquery) {
    parts.push(
      or(
        sql`to_tsvector('simple', ${messageThreads.subject}) @@ to_tsquery('simple', ${tsquery})`,
        sql`exists (select 1 from ${messages} where ${visibleMessages(user)} and to_tsvector('simple', ${messages.body}) @@ to_tsquery('simple', ${tsquery}))`,
      )!,
    );
  }
  return and(...parts)!;
}

function excerpt(text: string, max: number = MESSAGE_LIMITS.excerpt): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function linkOf(row: { linkType: string | null; linkId: string | null }): MessageLink | null {
  return row.linkType && row.linkId ? { type: row.linkType as MessageLinkType, id: row.linkId } : null;
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────────

/** Threads the caller may see: unread first, then the newest conversation. */
export async function listThreads(db: Db, user: Caller, query: ListQuery): Promise<Page<MessageThreadSummary>> {
  if (query.customerId) await assertMayMessageCustomer(db, user, query.customerId);
  const where = listConditions(user, query);
  const unread = unreadCondition(user);
  const staff = isStaff(user);
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: messageThreads.id,
        customerId: messageThreads.customerId,
        customerName: customers.name,
        subject: messageThreads.subject,
        linkType: messageThreads.linkType,
        linkId: messageThreads.linkId,
        awaitingReplySince: messageThreads.awaitingReplySince,
        replyDueAt: messageThreads.replyDueAt,
        createdAt: messageThreads.createdAt,
        unread: sql<boolean>`${unread}`,
        lastAt: lastVisibleAt(user),
      })
      .from(messageThreads)
      .innerJoin(customers, eq(customers.id, messageThreads.customerId))
      .where(where)
      .orderBy(desc(sql`${unread}`), desc(lastVisibleAt(user)), desc(messageThreads.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    cappedCount(db, db.select({ one: sql`1` }).from(messageThreads).where(where).$dynamic()),
  ]);
  const ids = rows.map((row) => row.id);
  const lastMessages = new Map<string, { authorName: string; body: string; internal: boolean; createdAt: Date }>();
  const stats = new Map<string, { messageCount: number; hasAttachments: boolean }>();
  if (ids.length > 0) {
    const visible = staff ? sql`true` : sql`not ${messages.internal}`;
    const [latest, counted] = await Promise.all([
      db
        .selectDistinctOn([messages.threadId], {
          threadId: messages.threadId,
          body: messages.body,
          internal: messages.internal,
          createdAt: messages.createdAt,
          authorName: sql<string | null>`${fullName}`,
        })
        .from(messages)
        .leftJoin(users, eq(users.id, messages.authorId))
        .where(and(inArray(messages.threadId, ids), visible))
        .orderBy(messages.threadId, desc(messages.createdAt), desc(messages.id)),
      db
        .select({
          threadId: messages.threadId,
          messageCount: count(),
          hasAttachments: sql<boolean>`bool_or(${messages.hasAttachments})`,
        })
        .from(messages)
        .where(and(inArray(messages.threadId, ids), visible))
        .groupBy(messages.threadId),
    ]);
    for (const row of latest) lastMessages.set(row.threadId, { ...row, authorName: row.authorName ?? '' });
    for (const row of counted) stats.set(row.threadId, { messageCount: row.messageCount, hasAttachments: Boolean(row.hasAttachments) });
  }
  const now = Date.now();
  return {
    data: rows.map((row) => {
      const last = lastMessages.get(row.id);
      return {
        id: row.id,
        customerId: row.customerId,
        customerName: row.customerName,
        subject: row.subject,
        lastMessage: last ? { authorName: last.authorName, excerpt: excerpt(last.body), internal: last.internal, at: last.createdAt.toISOString() } : null,
        messageCount: stats.get(row.id)?.messageCount ?? 0,
        hasAttachments: stats.get(row.id)?.hasAttachments ?? false,
        unread: Boolean(row.unread),
        awaitingReplySince: staff ? (row.awaitingReplySince?.toISOString() ?? null) : null,
        overdue: staff && row.replyDueAt !== null && row.replyDueAt.getTime() < now,
        link: linkOf(row),
        createdAt: row.createdAt.toISOString(),
      };
    }),
    ...pageTotal(query, rows.length, rows.length === query.pageSize, counted),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Threads with something the caller has not read (the navigation badge). */
export async function unreadThreadCount(db: Db, user: Caller): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(messageThreads)
    .where(and(visibleThreadCondition(user), unreadCondition(user)));
  return row?.total ?? 0;
}

type ThreadRow = typeof messageThreads.$inferSelect & { customerName: string; accountManagerId: string | null; timeZone: string };

async function loadThread(db: Db | Tx, id: string): Promise<ThreadRow | undefined> {
  const [row] = await db
    .select({ thread: messageThreads, customerName: customers.name, accountManagerId: customers.accountManagerId, timeZone: branches.timeZone })
    .from(messageThreads)
    .innerJoin(customers, eq(customers.id, messageThreads.customerId))
    .innerJoin(branches, eq(branches.id, customers.branchId))
    .where(eq(messageThreads.id, id));
  return row ? { ...row.thread, customerName: row.customerName, accountManagerId: row.accountManagerId, timeZone: row.timeZone } : undefined;
}

async function isParticipant(db: Db | Tx, threadId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ participant: messageThreadMembers.participant })
    .from(messageThreadMembers)
    .where(and(eq(messageThreadMembers.threadId, threadId), eq(messageThreadMembers.userId, userId)));
  return Boolean(row?.participant);
}

/** The thread if the caller may see it: 404 outside scope or (customer users) outside the conversation, 403 without a messaging role. */
async function loadVisibleThread(db: Db, user: Caller, id: string): Promise<ThreadRow> {
  const thread = await loadThread(db, id);
  if (!thread) throw notFound();
  await assertMayMessageCustomer(db, user, thread.customerId);
  if (!isStaff(user) && !(await isParticipant(db, id, user.id))) throw notFound();
  return thread;
}

function toAttachment(file: typeof files.$inferSelect): MessageAttachment {
  return {
    id: file.id,
    kind: file.kind === 'photo' ? 'photo' : 'file',
    name: file.originalName,
    mimeType: file.mimeType,
    size: file.sizeBytes,
    url: contentUrl(file.id),
    thumbnailUrl: file.variants.thumb ? contentUrl(file.id, 'thumb') : null,
  };
}

/** The customer's staff team: account manager first, then the team by name. */
async function staffTeam(db: Db | Tx, customerId: string, accountManagerId: string | null) {
  const team = await db
    .select({ id: users.id, name: fullName, roles: users.roles, teamRole: customerTeam.teamRole })
    .from(customerTeam)
    .innerJoin(users, eq(users.id, customerTeam.userId))
    .where(and(eq(customerTeam.customerId, customerId), eq(users.active, true)))
    .orderBy(asc(users.lastName), asc(users.firstName));
  const people: { id: string; name: string; isStaff: true; role: string | null }[] = [];
  if (accountManagerId) {
    const [manager] = await db
      .select({ id: users.id, name: fullName })
      .from(users)
      .where(and(eq(users.id, accountManagerId), eq(users.active, true)));
    if (manager) people.push({ ...manager, isStaff: true, role: 'Account Manager' });
  }
  for (const member of team) {
    if (member.id === accountManagerId || !hasStaffRole(parseRoles(member.roles))) continue;
    people.push({ id: member.id, name: member.name, isStaff: true, role: member.teamRole });
  }
  return people;
}

export async function getThread(db: Db, user: Caller, id: string): Promise<MessageThreadDetail> {
  const thread = await loadVisibleThread(db, user, id);
  const staff = isStaff(user);
  const [rows, members, team, [mine]] = await Promise.all([
    db
      .select({ message: messages, authorName: fullName, authorRoles: users.roles })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.authorId))
      .where(and(eq(messages.threadId, id), staff ? undefined : eq(messages.internal, false)))
      .orderBy(asc(messages.createdAt), asc(messages.id)),
    db
      .select({ id: users.id, name: fullName, roles: customerUsers.roles })
      .from(messageThreadMembers)
      .innerJoin(users, eq(users.id, messageThreadMembers.userId))
      .leftJoin(customerUsers, and(eq(customerUsers.userId, users.id), eq(customerUsers.customerId, thread.customerId)))
      .where(and(eq(messageThreadMembers.threadId, id), eq(messageThreadMembers.participant, true)))
      .orderBy(asc(users.lastName), asc(users.firstName)),
    staffTeam(db, thread.customerId, thread.accountManagerId),
    db
      .select({ lastReadAt: messageThreadMembers.lastReadAt })
      .from(messageThreadMembers)
      .where(and(eq(messageThreadMembers.threadId, id), eq(messageThreadMembers.userId, user.id))),
  ]);
  const messageIds = rows.map((row) => row.message.id);
  const attachments = new Map<string, MessageAttachment[]>();
  if (messageIds.length > 0) {
    const fileRows = await db
      .select()
      .from(files)
      .where(and(eq(files.ownerType, MESSAGE_OWNER), inArray(files.ownerId, messageIds), isNotNull(files.attachedAt), staff ? undefined : eq(files.staffOnly, false)))
      .orderBy(asc(files.createdAt), asc(files.id));
    for (const file of fileRows) attachments.set(file.ownerId!, [...(attachments.get(file.ownerId!) ?? []), toAttachment(file)]);
  }
  const authors = new Map<string, { id: string; name: string; isStaff: boolean }>();
  const list: Message[] = rows.map(({ message, authorName, authorRoles }) => {
    const author = message.authorId ? { id: message.authorId, name: authorName ?? '', isStaff: hasStaffRole(parseRoles(authorRoles ?? [])) } : null;
    if (author) authors.set(author.id, author);
    return {
      id: message.id,
      author,
      text: message.body,
      internal: message.internal,
      attachments: attachments.get(message.id) ?? [],
      createdAt: message.createdAt.toISOString(),
    };
  });
  const teamIds = new Set(team.map((person) => person.id));
  const customerSide = members
    .filter((member) => !teamIds.has(member.id))
    .map((member) => ({
      id: member.id,
      name: member.name,
      isStaff: false,
      role: member.roles?.find((role) => MESSAGING_ROLES.includes(role)) ?? member.roles?.[0] ?? null,
    }));
  const participant = staff || (await isParticipant(db, id, user.id));
  return {
    id: thread.id,
    customerId: thread.customerId,
    customerName: thread.customerName,
    subject: thread.subject,
    createdBy: thread.createdById ? (authors.get(thread.createdById) ?? (await personOf(db, thread.createdById))) : null,
    participants: [...team, ...customerSide],
    messages: list,
    awaitingReplySince: staff ? (thread.awaitingReplySince?.toISOString() ?? null) : null,
    overdue: staff && thread.replyDueAt !== null && thread.replyDueAt.getTime() < Date.now(),
    link: linkOf(thread),
    lastReadAt: mine?.lastReadAt?.toISOString() ?? null,
    allowedActions: [
      ...(participant ? (['reply'] as const) : []),
      ...(staff ? (['internalNote'] as const) : []),
      ...(participant ? (['addParticipants'] as const) : []),
    ],
    createdAt: thread.createdAt.toISOString(),
  };
}

async function personOf(db: Db, id: string) {
  const [row] = await db.select({ id: users.id, name: fullName, roles: users.roles }).from(users).where(eq(users.id, id));
  return row ? { id: row.id, name: row.name, isStaff: hasStaffRole(parseRoles(row.roles)) } : null;
}

/** Active users of the customer who may take part in conversations (Property Managers, Board Members). */
export async function listRecipients(db: Db, user: Caller, customerId: string): Promise<MessageRecipient[]> {
  await assertMayMessageCustomer(db, user, customerId);
  const rows = await db
    .select({ id: users.id, name: fullName, email: users.email, roles: customerUsers.roles })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(
      and(
        eq(customerUsers.customerId, customerId),
        eq(customerUsers.status, 'active'),
        eq(users.active, true),
        sql`${customerUsers.roles} && array['Property Manager', 'Board Member']::text[]`,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows.map((row) => ({ ...row, roles: row.roles.filter((role) => MESSAGING_ROLES.includes(role)) }));
}

// ── Writing ─────────────────────────────────────────────────────────────────────────────────────

/** Every id must be an active Property Manager or Board Member of the customer (400 on `field` otherwise). */
async function assertMessagingUsers(tx: Tx, customerId: string, ids: readonly string[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.active, true), messagingLinkCondition(users.id, sql`${customerId}::uuid`)));
  if (rows.length !== ids.length) throw badRequest({ [field]: ['Choose Property Managers or Board Members of this property.'] });
}

async function assertLink(tx: Tx, customerId: string, link: MessageLink | null | undefined): Promise<void> {
  if (!link) return;
  // Records of areas not built yet cannot be checked; service requests must be this customer's.
  if (link.type === 'service_request') {
    const [row] = await tx
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(and(eq(serviceRequests.id, link.id), eq(serviceRequests.customerId, customerId)));
    if (!row) throw badRequest({ 'link.id': [validationText('invalid')] });
  }
}

async function touchRead(tx: Tx, threadId: string, userId: string, at: Date, participant: boolean): Promise<void> {
  await tx
    .insert(messageThreadMembers)
    .values({ threadId, userId, participant, lastReadAt: at })
    .onConflictDoUpdate({
      target: [messageThreadMembers.threadId, messageThreadMembers.userId],
      set: {
        lastReadAt: at,
        ...(participant ? { participant: true } : {}),
      },
    });
}

interface Posted {
  threadId: string;
  messageId: string;
}

/** Writes one message and moves the thread's clocks; the caller's transaction. */
async function postMessage(
  tx: Tx,
  db: Db,
  user: Caller,
  thread: Pick<ThreadRow, 'id' | 'customerId' | 'awaitingReplySince' | 'timeZone'>,
  input: { text: string; internal: boolean; fileIds: readonly string[] },
  now: Date,
): Promise<Posted> {
  const [message] = await tx
    .insert(messages)
    .values({ threadId: thread.id, authorId: user.id, body: input.text, internal: input.internal, hasAttachments: input.fileIds.length > 0, createdAt: now })
    .returning({ id: messages.id });
  if (input.fileIds.length > 0) {
    await attachFiles(db, tx, {
      fileIds: input.fileIds,
      customerId: thread.customerId,
      ownerType: MESSAGE_OWNER,
      ownerId: message!.id,
      userId: user.id,
      staffOnly: input.internal,
    });
  }
  const staff = isStaff(user);
  const clocks: Partial<typeof messageThreads.$inferInsert> = { lastMessageAt: now };
  if (!input.internal) {
    clocks.lastPublicMessageAt = now;
    if (staff) {
      clocks.awaitingReplySince = null;
      clocks.replyDueAt = null;
    } else if (!thread.awaitingReplySince) {
      clocks.awaitingReplySince = now;
      clocks.replyDueAt = addBusinessHours(now, BUSINESS_DAY_HOURS, thread.timeZone);
    }
  }
  await tx.update(messageThreads).set(clocks).where(eq(messageThreads.id, thread.id));
  await touchRead(tx, thread.id, user.id, now, !staff);
  await publishLiveEvent(tx, { type: MESSAGE_CREATED, customerId: thread.customerId, staffOnly: input.internal, subject: { type: 'message_thread', id: thread.id } });
  return { threadId: thread.id, messageId: message!.id };
}

export async function createThread(db: Db, user: Caller, input: ThreadCreate): Promise<MessageThreadDetail> {
  await assertMayMessageCustomer(db, user, input.customerId);
  const staff = isStaff(user);
  const participantIds = [...new Set(input.participantIds.filter((id) => id !== user.id))];
  if (staff && participantIds.length === 0) throw badRequest({ participantIds: ['Choose at least one person of the property to write to.'] });
  const now = new Date();
  const threadId = await db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id, timeZone: branches.timeZone })
      .from(customers)
      .innerJoin(branches, eq(branches.id, customers.branchId))
      .where(eq(customers.id, input.customerId));
    if (!customer) throw notFound();
    await assertMessagingUsers(tx, customer.id, participantIds, 'participantIds');
    await assertLink(tx, customer.id, input.link);
    const [thread] = await tx
      .insert(messageThreads)
      .values({
        customerId: customer.id,
        subject: input.subject,
        createdById: user.id,
        linkType: input.link?.type ?? null,
        linkId: input.link?.id ?? null,
        lastMessageAt: now,
        lastPublicMessageAt: now,
        createdAt: now,
      })
      .returning({ id: messageThreads.id });
    if (participantIds.length > 0) {
      await tx.insert(messageThreadMembers).values(participantIds.map((userId) => ({ threadId: thread!.id, userId, participant: true, addedAt: now })));
    }
    const posted = await postMessage(tx, db, user, { id: thread!.id, customerId: customer.id, awaitingReplySince: null, timeZone: customer.timeZone }, { text: input.text, internal: false, fileIds: input.fileIds }, now);
    await announceMessage(tx, { ...posted, customerId: customer.id, subject: input.subject, text: input.text, internal: false, authorId: user.id, isNewThread: true });
    return thread!.id;
  });
  return getThread(db, user, threadId);
}

export async function replyToThread(db: Db, user: Caller, id: string, input: ReplyCreate): Promise<MessageThreadDetail> {
  const thread = await loadVisibleThread(db, user, id);
  if (input.internal && !isStaff(user)) throw forbidden('Only Grove staff can write internal notes');
  const now = new Date();
  await db.transaction(async (tx) => {
    // Serialises replies to one thread, so the waiting clock is read and written in order.
    const [locked] = await tx.select({ awaitingReplySince: messageThreads.awaitingReplySince }).from(messageThreads).where(eq(messageThreads.id, id)).for('update');
    const posted = await postMessage(tx, db, user, { ...thread, awaitingReplySince: locked?.awaitingReplySince ?? null }, { text: input.text, internal: input.internal, fileIds: input.fileIds }, now);
    await announceMessage(tx, { ...posted, customerId: thread.customerId, subject: thread.subject, text: input.text, internal: input.internal, authorId: user.id, isNewThread: false });
  });
  return getThread(db, user, id);
}

export async function markThreadRead(db: Db, user: Caller, id: string): Promise<{ readAt: string }> {
  await loadVisibleThread(db, user, id);
  const now = new Date();
  await db.transaction(async (tx) => touchRead(tx, id, user.id, now, false));
  return { readAt: now.toISOString() };
}

export async function addParticipants(db: Db, user: Caller, id: string, input: ParticipantsAdd): Promise<MessageThreadDetail> {
  const thread = await loadVisibleThread(db, user, id);
  const ids = [...new Set(input.userIds)];
  await db.transaction(async (tx) => {
    await assertMessagingUsers(tx, thread.customerId, ids, 'userIds');
    await tx
      .insert(messageThreadMembers)
      .values(ids.map((userId) => ({ threadId: id, userId, participant: true })))
      .onConflictDoUpdate({ target: [messageThreadMembers.threadId, messageThreadMembers.userId], set: { participant: true } });
  });
  return getThread(db, user, id);
}
