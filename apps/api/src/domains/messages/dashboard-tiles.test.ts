import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, Role } from '@grove/shared';
import { createScopeWorld, signIn, type ScopeWorld } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { messageThreadMembers, messageThreads } from './tables.js';
import { createMessageThread } from './test-factories.js';

describe(`message dashboard tiles (${dbKind})`, () => {
  let ctx: TestContext;
  let world: ScopeWorld;

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await createScopeWorld(ctx);
    const db = ctx.database.db;
    const pm = world.users['Property Manager'];
    const past = new Date(Date.now() - 3600_000);
    const future = new Date(Date.now() + 3600_000);
    const late = await createMessageThread(db, { customerId: world.inScope.id, authorId: pm.id, participantIds: [pm.id] });
    await db.update(messageThreads).set({ awaitingReplySince: past, replyDueAt: past }).where(eq(messageThreads.id, late.id));
    const waiting = await createMessageThread(db, { customerId: world.inScope.id, authorId: pm.id, participantIds: [pm.id] });
    await db.update(messageThreads).set({ awaitingReplySince: past, replyDueAt: future }).where(eq(messageThreads.id, waiting.id));
    // The scope world links every customer-side user to inScope (the Resident too: no tile for them).
    // The PM has read the second one (after its last message); the first is unread.
    await db.update(messageThreadMembers).set({ lastReadAt: new Date(Date.now() + 1000) }).where(eq(messageThreadMembers.threadId, waiting.id));
    const other = await createMessageThread(db, { customerId: world.outOfScope.id, authorId: world.users.Executive.id });
    await db.update(messageThreads).set({ awaitingReplySince: past, replyDueAt: past }).where(eq(messageThreads.id, other.id));
  });
  afterAll(() => ctx.close());

  async function tiles(role: Role, query = '') {
    const headers = await signIn(ctx, world.users[role]);
    const body = (await ctx.app.inject({ method: 'GET', url: `/api/Dashboard${query}`, headers: { ...headers, 'accept-language': 'en' } })).json<Dashboard>();
    return body.tiles;
  }

  it('staff: conversations waiting over a business day in scope, with all waiting in the detail', async () => {
    const am = (await tiles('Account Manager')).find((t) => t.id === 'messages.unanswered');
    expect(am).toMatchObject({ value: 1, detail: '2 awaiting a reply in all', tone: 'danger', link: '/message-center?filter=unanswered' });
    expect((await tiles('Executive')).find((t) => t.id === 'messages.unanswered')?.value).toBe(2);
  });

  it('customer: unread conversations of the property for Property Managers only', async () => {
    const pm = (await tiles('Property Manager', `?customerId=${world.inScope.id}`)).find((t) => t.id === 'messages.unread');
    expect(pm).toMatchObject({ value: 1, link: `/customerView/${world.inScope.id}/messages?filter=unread` });
    expect((await tiles('Resident', `?customerId=${world.inScope.id}`)).some((t) => t.id === 'messages.unread')).toBe(false);
  });
});
