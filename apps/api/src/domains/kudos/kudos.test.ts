import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kudos, Page } from '@grove/shared';
import { notifications } from '../../db/schema.js';
import { addTeamMember, createBranch, createCustomer, createUser, linkCustomerUser, signIn, type SignedIn, type TestUser } from '../../test/factories.js';
import { outboxEmails } from '../../test/outbox-emails.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';

describe(`kudos (${dbKind})`, () => {
  let ctx: TestContext;
  let customerId: string;
  let otherCustomerId: string;
  const p: Record<string, TestUser> = {};
  const as: Record<string, SignedIn> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    const branch = await createBranch(ctx);
    const otherBranch = await createBranch(ctx);
    const staff = (first: string, roles: string[], b = branch, email?: string) =>
      createUser(ctx, { roles: roles as never, firstName: first, lastName: 'Staff', branchId: b.id, regionId: b.regionId, ...(email ? { email } : {}) });
    p.manager = await staff('Mia', ['Account Manager'], branch, 'mia@kudos.test');
    p.crew = await staff('Carl', ['Crew Leader'], branch, 'carl@kudos.test');
    p.boss = await staff('Bea', ['Branch Manager'], branch, 'bea@kudos.test');
    p.otherBoss = await staff('Otto', ['Branch Manager'], otherBranch);
    p.bystander = await staff('Ben', ['Crew Leader'], branch);
    const customer = await createCustomer(ctx, { branchId: branch.id, regionId: branch.regionId, accountManagerId: p.manager.id, name: 'Willow Creek HOA' });
    const other = await createCustomer(ctx, { branchId: otherBranch.id, regionId: otherBranch.regionId });
    customerId = customer.id;
    otherCustomerId = other.id;
    await addTeamMember(ctx, customer.id, p.manager.id, 'Account Manager');
    await addTeamMember(ctx, customer.id, p.crew.id, 'Crew Leader');
    p.resident = await createUser(ctx, { roles: ['Resident'], firstName: 'Rita', lastName: 'Resident' });
    p.neighbour = await createUser(ctx, { roles: ['Resident'], firstName: 'Ned', lastName: 'Neighbour' });
    await linkCustomerUser(ctx, customer.id, p.resident.id);
    await linkCustomerUser(ctx, customer.id, p.neighbour.id);
    for (const [name, user] of Object.entries(p)) as[name] = await signIn(ctx, user);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const send = (who: string, body: object) => ctx.app.inject({ method: 'POST', url: '/api/Kudos', headers: as[who], payload: { customerId, ...body } });
  const list = async (who: string, query = '') => (await ctx.app.inject({ method: 'GET', url: `/api/Kudos${query}`, headers: as[who] })).json<Page<Kudos>>();
  const heard = async (kudosMessage: string) => {
    const rows = await ctx.database.db
      .select({ userId: notifications.userId, key: notifications.messageKey, params: notifications.params })
      .from(notifications)
      .where(inArray(notifications.messageKey, ['kudos.forYou', 'kudos.forCrew', 'kudos.forColleague']));
    const names = new Map(Object.entries(p).map(([key, user]) => [user.id, key]));
    return rows
      .filter((row) => (row.params as { excerpt?: string }).excerpt === kudosMessage)
      .map((row) => `${names.get(row.userId)}:${row.key}`)
      .sort();
  };

  it('thanks one crew leader: they and their branch manager are notified (and emailed), nobody else', async () => {
    const res = await send('resident', { recipientId: p.crew!.id, category: 'friendliness', message: 'Carl waved at my kids every Tuesday.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Kudos>()).toMatchObject({ recipient: { name: 'Carl Staff' }, sender: { name: 'Rita Resident' }, category: 'friendliness', customerName: 'Willow Creek HOA' });
    expect(await heard('Carl waved at my kids every Tuesday.')).toEqual(['boss:kudos.forColleague', 'crew:kudos.forYou']);
    expect((await outboxEmails(ctx, 'carl@kudos.test')).at(-1)!.subject).toBe('Kudos from Willow Creek HOA: Friendliness');
    expect((await outboxEmails(ctx, 'bea@kudos.test')).at(-1)!.subject).toBe('Kudos for Carl Staff from Willow Creek HOA');
  });

  it('thanks the whole crew: the team and account manager, and the branch manager', async () => {
    const res = await send('neighbour', { recipientId: null, category: 'above_and_beyond', message: 'The entrance looks amazing.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Kudos>().recipient).toBeNull();
    expect(await heard('The entrance looks amazing.')).toEqual(['boss:kudos.forColleague', 'crew:kudos.forCrew', 'manager:kudos.forCrew']);
  });

  it('a customer sees the kudos they sent; staff see those of their customers, by recipient too', async () => {
    await send('resident', { recipientId: p.manager!.id, category: 'responsiveness', message: 'Answered within an hour.' });
    const mine = await list('resident');
    expect(mine.data.every((k) => k.sender?.name === 'Rita Resident')).toBe(true);
    expect(mine.data.map((k) => k.message)).toContain('Answered within an hour.');
    expect((await list('neighbour')).data.map((k) => k.message)).toEqual(['The entrance looks amazing.']);
    const forCrew = await list('boss', `?recipientId=${p.crew!.id}`);
    expect(forCrew.data.map((k) => k.message).sort()).toEqual(['Carl waved at my kids every Tuesday.', 'The entrance looks amazing.']);
    expect((await list('otherBoss')).total).toBe(0);
    const counts = await ctx.app.inject({ method: 'GET', url: `/api/Kudos/counts?userIds=${p.crew!.id},${p.manager!.id},${p.bystander!.id}`, headers: as.boss });
    expect(counts.json()).toEqual({ data: [{ userId: p.crew!.id, count: 1 }, { userId: p.manager!.id, count: 1 }, { userId: p.bystander!.id, count: 0 }] });
  });

  it('refuses someone off the team, customers out of scope and staff senders', async () => {
    const off = await send('resident', { recipientId: p.bystander!.id, category: 'quality', message: 'Hi' });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({ errors: { recipientId: [expect.any(String)] } });
    expect((await send('resident', { customerId: otherCustomerId, recipientId: null, category: 'quality', message: 'Hi' })).statusCode).toBe(404);
    expect((await send('manager', { recipientId: null, category: 'quality', message: 'Hi' })).statusCode).toBe(403);
    expect((await send('resident', { recipientId: null, category: 'speed', message: 'Hi' })).statusCode).toBe(400);
    const recipients = await ctx.app.inject({ method: 'GET', url: `/api/Kudos/recipients?customerId=${customerId}`, headers: as.resident });
    expect(recipients.json<{ data: { name: string; teamRole: string }[] }>().data).toEqual([
      expect.objectContaining({ name: 'Mia Staff', teamRole: 'Account Manager' }),
      expect.objectContaining({ name: 'Carl Staff', teamRole: 'Crew Leader' }),
    ]);
    const [row] = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, p.bystander!.id));
    expect(row).toBeUndefined();
  });
});
