import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageThreadDetail, MessageThreadSummary, Page } from '@grove/shared';
import { notifications } from '../../db/schema.js';
import { addTeamMember, createBranch, createCustomer, createUser, linkCustomerUser, signIn, type SignedIn, type TestUser } from '../../test/factories.js';
import { outboxEmails } from '../../test/outbox-emails.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { searchQuery } from './service.js';
import { messageThreads } from './tables.js';

describe(`messages (${dbKind})`, () => {
  let ctx: TestContext;
  let customerId: string;
  let otherCustomerId: string;
  const people: Record<string, TestUser> = {};
  const as: Record<string, SignedIn> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    const branch = await createBranch(ctx);
    const otherBranch = await createBranch(ctx);
    const manager = await createUser(ctx, { roles: ['Account Manager'], firstName: 'Mia', lastName: 'Manager', email: 'mia@msg.test', branchId: branch.id, regionId: branch.regionId });
    const crew = await createUser(ctx, { roles: ['Crew Leader'], firstName: 'Carl', lastName: 'Crew', email: 'carl@msg.test', branchId: branch.id, regionId: branch.regionId });
    const outsider = await createUser(ctx, { roles: ['Branch Manager'], firstName: 'Otto', lastName: 'Outside', branchId: otherBranch.id, regionId: otherBranch.regionId });
    const customer = await createCustomer(ctx, { branchId: branch.id, regionId: branch.regionId, accountManagerId: manager.id, name: 'Willow Creek HOA' });
    const other = await createCustomer(ctx, { branchId: otherBranch.id, regionId: otherBranch.regionId });
    customerId = customer.id;
    otherCustomerId = other.id;
    await addTeamMember(ctx, customer.id, manager.id, 'Account Manager');
    await addTeamMember(ctx, customer.id, crew.id, 'Crew Leader');
    const pm = await createUser(ctx, { roles: ['Property Manager'], firstName: 'Paula', lastName: 'Property', email: 'paula@msg.test' });
    const board = await createUser(ctx, { roles: ['Board Member'], firstName: 'Bob', lastName: 'Board', email: 'bob@msg.test' });
    const board2 = await createUser(ctx, { roles: ['Board Member'], firstName: 'Bella', lastName: 'Board', email: 'bella@msg.test' });
    const resident = await createUser(ctx, { roles: ['Resident'], firstName: 'Rita', lastName: 'Resident' });
    // A Board Member elsewhere who is only a Resident here: the route key lets her in, the customer's policy does not.
    const mixed = await createUser(ctx, { roles: ['Resident', 'Board Member'], firstName: 'Mixa', lastName: 'Mixed' });
    await linkCustomerUser(ctx, customer.id, pm.id, 'active', ['Property Manager']);
    await linkCustomerUser(ctx, customer.id, board.id, 'active', ['Board Member']);
    await linkCustomerUser(ctx, customer.id, board2.id, 'active', ['Board Member']);
    await linkCustomerUser(ctx, customer.id, resident.id, 'active', ['Resident']);
    await linkCustomerUser(ctx, customer.id, mixed.id, 'active', ['Resident']);
    await linkCustomerUser(ctx, other.id, mixed.id, 'active', ['Board Member']);
    Object.assign(people, { manager, crew, outsider, pm, board, board2, resident, mixed });
    for (const [name, user] of Object.entries(people)) as[name] = await signIn(ctx, user);
  });

  afterAll(async () => {
    await ctx.close();
  });

  const post = (who: string, url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: as[who], payload });
  const get = (who: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: as[who] });

  async function startThread(who: string, body: Record<string, unknown> = {}): Promise<MessageThreadDetail> {
    const res = await post(who, '/api/Messages', { customerId, subject: 'Mulch on the north beds', text: 'When is the mulch coming?', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<MessageThreadDetail>();
  }

  it('a property manager starts a thread: the team is notified and emailed with the text, the thread waits for an answer', async () => {
    const thread = await startThread('pm', { subject: 'Irrigation leak by the pool', text: 'Water is pooling next to the pool gate.' });
    expect(thread.participants.map((p) => p.name)).toEqual(['Mia Manager', 'Carl Crew', 'Paula Property']);
    expect(thread.messages).toHaveLength(1);
    expect(thread.allowedActions).toEqual(['reply', 'addParticipants']);
    const mails = await outboxEmails(ctx, 'mia@msg.test');
    expect(mails.at(-1)).toMatchObject({ subject: 'Paula Property wrote: Irrigation leak by the pool' });
    expect(mails.at(-1)!.text).toContain('Water is pooling next to the pool gate.');
    expect(mails.at(-1)!.text).toContain(`/message-center/messages/${thread.id}/view`);
    const [row] = await ctx.database.db.select().from(messageThreads).where(eq(messageThreads.id, thread.id));
    expect(row!.awaitingReplySince).not.toBeNull();
    expect(row!.replyDueAt!.getTime()).toBeGreaterThan(row!.awaitingReplySince!.getTime());
    const staffView = await get('manager', `/api/Messages/${thread.id}`);
    expect(staffView.json<MessageThreadDetail>().awaitingReplySince).not.toBeNull();
  });

  it('customer users other than Property Manager and Board Member get 403; out of scope is 404', async () => {
    const thread = await startThread('pm');
    expect((await get('resident', `/api/Messages?customerId=${customerId}`)).statusCode).toBe(403);
    expect((await get('resident', `/api/Messages/${thread.id}`)).statusCode).toBe(403);
    expect((await post('resident', '/api/Messages', { customerId, subject: 'x', text: 'y' })).statusCode).toBe(403);
    // Board Member elsewhere, Resident here: refused for this customer, although the route lets her in.
    expect((await get('mixed', `/api/Messages?customerId=${customerId}`)).statusCode).toBe(403);
    expect((await post('mixed', '/api/Messages', { customerId, subject: 'x', text: 'y' })).statusCode).toBe(403);
    expect((await get('mixed', `/api/Messages/${thread.id}`)).statusCode).toBe(403);
    expect((await post('mixed', '/api/Messages', { customerId: otherCustomerId, subject: 'At home', text: 'Fine here' })).statusCode).toBe(201);
    expect((await get('outsider', `/api/Messages/${thread.id}`)).statusCode).toBe(404);
    expect((await post('outsider', `/api/Messages/${thread.id}/replies`, { text: 'hi' })).statusCode).toBe(404);
    // A board member of the customer who is not in the conversation does not see it.
    expect((await get('board2', `/api/Messages/${thread.id}`)).statusCode).toBe(404);
    const list = await get('board2', `/api/Messages?customerId=${customerId}`);
    expect(list.json<Page<MessageThreadSummary>>().data.map((t) => t.id)).not.toContain(thread.id);
  });

  it('internal notes never reach customer users: thread view, list, search, notifications and email', async () => {
    const thread = await startThread('pm', { subject: 'Tree trimming', text: 'Please trim the oaks.', participantIds: [people.board!.id] });
    const note = await post('crew', `/api/Messages/${thread.id}/replies`, { text: 'Zebracode: the oak crew is booked out', internal: true });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json<MessageThreadDetail>().messages.at(-1)).toMatchObject({ internal: true });
    for (const who of ['pm', 'board']) {
      const view = (await get(who, `/api/Messages/${thread.id}`)).json<MessageThreadDetail>();
      expect(view.messages.map((m) => m.text)).toEqual(['Please trim the oaks.']);
      const search = (await get(who, `/api/Messages?search=zebracode`)).json<Page<MessageThreadSummary>>();
      expect(search.total).toBe(0);
      const list = (await get(who, `/api/Messages?customerId=${customerId}`)).json<Page<MessageThreadSummary>>();
      expect(list.data.find((t) => t.id === thread.id)!.lastMessage!.excerpt).toBe('Please trim the oaks.');
      expect(JSON.stringify(list)).not.toContain('Zebracode');
    }
    const staffSearch = (await get('manager', '/api/Messages?search=zebracode')).json<Page<MessageThreadSummary>>();
    expect(staffSearch.data.map((t) => t.id)).toEqual([thread.id]);
    const customerNotes = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, people.board!.id));
    expect(JSON.stringify(customerNotes)).not.toContain('Zebracode');
    for (const address of ['paula@msg.test', 'bob@msg.test']) {
      expect((await outboxEmails(ctx, address)).map((m) => m.text).join('\n')).not.toContain('Zebracode');
    }
    expect((await outboxEmails(ctx, 'mia@msg.test')).at(-1)!.subject).toBe('Internal note by Carl Crew: Tree trimming');
    // A customer user cannot write one.
    expect((await post('pm', `/api/Messages/${thread.id}/replies`, { text: 'sneaky', internal: true })).statusCode).toBe(403);
  });

  it('an internal note does not answer the customer; a visible staff reply does', async () => {
    const thread = await startThread('pm');
    await post('crew', `/api/Messages/${thread.id}/replies`, { text: 'Checking with the yard', internal: true });
    expect((await get('manager', `/api/Messages/${thread.id}`)).json<MessageThreadDetail>().awaitingReplySince).not.toBeNull();
    const reply = await post('manager', `/api/Messages/${thread.id}/replies`, { text: 'Mulch arrives Thursday.' });
    expect(reply.json<MessageThreadDetail>().awaitingReplySince).toBeNull();
    // The customer sees the reply; the property manager is notified of it, in the customer view.
    const pmView = (await get('pm', `/api/Messages/${thread.id}`)).json<MessageThreadDetail>();
    expect(pmView.messages.map((m) => m.text)).toEqual(['When is the mulch coming?', 'Mulch arrives Thursday.']);
    const mail = (await outboxEmails(ctx, 'paula@msg.test')).at(-1)!;
    expect(mail.subject).toBe('Mia Manager wrote: Mulch on the north beds');
    expect(mail.text).toContain(`/customerView/${customerId}/messages/${thread.id}/view`);
  });

  it('read state is per user', async () => {
    const thread = await startThread('pm', { subject: 'Read state check', participantIds: [people.board!.id] });
    const unreadOf = async (who: string) =>
      (await get(who, `/api/Messages?customerId=${customerId}&search=${encodeURIComponent('Read state check')}`)).json<Page<MessageThreadSummary>>().data[0]!.unread;
    expect(await unreadOf('pm')).toBe(false); // the author has read what they wrote
    expect(await unreadOf('board')).toBe(true);
    expect(await unreadOf('manager')).toBe(true);
    const before = (await get('manager', '/api/Messages/unread-count')).json<{ count: number }>().count;
    expect((await post('manager', `/api/Messages/${thread.id}/read`, {})).statusCode).toBe(200);
    expect(await unreadOf('manager')).toBe(false);
    expect(await unreadOf('crew')).toBe(true);
    expect(await unreadOf('board')).toBe(true);
    expect((await get('manager', '/api/Messages/unread-count')).json<{ count: number }>().count).toBe(before - 1);
    // Unread first in the list.
    const filtered = (await get('board', `/api/Messages?filter=unread`)).json<Page<MessageThreadSummary>>();
    expect(filtered.data.every((t) => t.unread)).toBe(true);
    // A new message makes it unread again for the reader, not for the writer.
    await post('board', `/api/Messages/${thread.id}/replies`, { text: 'Any news?' });
    expect(await unreadOf('manager')).toBe(true);
    expect(await unreadOf('board')).toBe(false);
  });

  it('full-text search finds words in the text and in the subject, by prefix, in scope only', async () => {
    const a = await startThread('pm', { subject: 'Pergola staining', text: 'The wood looks grey.' });
    const b = await startThread('pm', { subject: 'Question', text: 'Could you reseed the soccer field?' });
    const ids = async (who: string, search: string) =>
      (await get(who, `/api/Messages?search=${encodeURIComponent(search)}`)).json<Page<MessageThreadSummary>>().data.map((t) => t.id);
    expect(await ids('manager', 'pergola')).toEqual([a.id]);
    expect(await ids('manager', 'reseed soccer')).toEqual([b.id]);
    expect(await ids('manager', 'socc')).toEqual([b.id]);
    expect(await ids('manager', 'soccer pergola')).toEqual([]);
    expect(await ids('outsider', 'pergola')).toEqual([]);
    expect(searchQuery(`it's  "x" & !`)).toBe(`'it':* & 's':* & 'x':*`);
    expect(searchQuery(' ,. ')).toBeNull();
  });

  it('staff start a thread with the customer’s messaging users only, and participants can add others', async () => {
    const none = await post('manager', '/api/Messages', { customerId, subject: 'Hello', text: 'Hi' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ errors: { participantIds: [expect.any(String)] } });
    const resident = await post('manager', '/api/Messages', { customerId, subject: 'Hello', text: 'Hi', participantIds: [people.resident!.id] });
    expect(resident.statusCode).toBe(400);
    const ok = await post('manager', '/api/Messages', { customerId, subject: 'Spring plan', text: 'Here is the plan.', participantIds: [people.pm!.id] });
    expect(ok.statusCode, ok.body).toBe(201);
    const thread = ok.json<MessageThreadDetail>();
    expect(thread.awaitingReplySince).toBeNull();
    expect((await get('board', `/api/Messages/${thread.id}`)).statusCode).toBe(404);
    const added = await post('pm', `/api/Messages/${thread.id}/participants`, { userIds: [people.board!.id] });
    expect(added.statusCode, added.body).toBe(200);
    expect((await get('board', `/api/Messages/${thread.id}`)).statusCode).toBe(200);
    const recipients = await get('pm', `/api/Messages/recipients?customerId=${customerId}`);
    expect(recipients.json<{ data: { name: string }[] }>().data.map((r) => r.name)).toEqual(['Bella Board', 'Bob Board', 'Paula Property']);
  });

  it('the message center lists every customer in scope; filters mine, unanswered and attachments', async () => {
    const thread = await startThread('pm', { subject: 'Overdue question' });
    await ctx.database.db
      .update(messageThreads)
      .set({ awaitingReplySince: new Date(Date.now() - 5 * 86_400_000), replyDueAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(messageThreads.id, thread.id));
    const unanswered = (await get('manager', '/api/Messages?filter=unanswered')).json<Page<MessageThreadSummary>>();
    expect(unanswered.data.map((t) => t.id)).toEqual([thread.id]);
    expect(unanswered.data[0]).toMatchObject({ overdue: true, customerName: 'Willow Creek HOA' });
    expect((await get('manager', '/api/Messages?filter=mine')).json<Page<MessageThreadSummary>>().total).toBeGreaterThan(0);
    const admin = await signIn(ctx, await createUser(ctx, { roles: ['System Admin'] }));
    const mineOfAdmin = await ctx.app.inject({ method: 'GET', url: '/api/Messages?filter=mine', headers: admin });
    expect(mineOfAdmin.json<Page<MessageThreadSummary>>().total).toBe(0);
    expect((await get('manager', '/api/Messages?filter=attachments')).json<Page<MessageThreadSummary>>().total).toBe(0);
    expect((await get('manager', '/api/Messages?filter=nonsense')).statusCode).toBe(400);
  });
});
