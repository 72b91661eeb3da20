import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageThreadDetail, MessageThreadSummary, Page } from '@grove/shared';
import { users } from '../../db/schema.js';
import { seedDemoData } from '../../seed/demo.js';
import { signIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';

describe(`demo conversations (${dbKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemoData(ctx.database.db, { password: 'Demo-Test-Password-1', log: ctx.app.log });
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function as(local: string) {
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, `${local}@demo.grove.test`));
    return signIn(ctx, user!);
  }

  it('the account manager finds an overdue question, an internal note and unread threads', async () => {
    const headers = await as('account-manager');
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/Messages', headers })).json<Page<MessageThreadSummary>>();
    expect(page.total).toBe(3);
    expect(page.data[0]!.unread).toBe(true);
    const overdue = page.data.find((t) => t.subject === 'Irrigation leak by the clubhouse')!;
    expect(overdue).toMatchObject({ overdue: true, unread: true });
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/Messages/${overdue.id}`, headers })).json<MessageThreadDetail>();
    expect(detail.messages.some((m) => m.internal)).toBe(true);
  });

  it('the property manager sees her conversations without internal notes; the board member only his', async () => {
    const pm = (await ctx.app.inject({ method: 'GET', url: '/api/Messages', headers: await as('property-manager') })).json<Page<MessageThreadSummary>>();
    expect(pm.data.map((t) => t.subject).sort()).toEqual(['Fallen limb on the walking trail', 'Irrigation leak by the clubhouse', 'Spring color for the entrance beds']);
    expect(pm.data.find((t) => t.subject === 'Spring color for the entrance beds')!.unread).toBe(true);
    expect(pm.data.every((t) => t.awaitingReplySince === null && !t.lastMessage!.internal)).toBe(true);
    const board = (await ctx.app.inject({ method: 'GET', url: '/api/Messages', headers: await as('board-member') })).json<Page<MessageThreadSummary>>();
    expect(board.total).toBe(2);
    const resident = await ctx.app.inject({ method: 'GET', url: '/api/Messages', headers: await as('resident') });
    expect(resident.statusCode).toBe(403);
  });
});
