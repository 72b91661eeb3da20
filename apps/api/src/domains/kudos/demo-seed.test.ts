import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kudos, Page } from '@grove/shared';
import { users } from '../../db/schema.js';
import { seedDemoData } from '../../seed/demo.js';
import { signIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';

describe(`demo kudos (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemoData(ctx.database.db, { password: 'Demo-Test-Password-1', log: ctx.app.log });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const as = async (local: string) => {
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, `${local}@demo.grove.test`));
    return { user: user!, headers: await signIn(ctx, user!) };
  };

  it('the crew leader has kudos from two properties; the resident sees the one she sent', async () => {
    const crew = await as('crew-leader');
    const received = await ctx.app.inject({ method: 'GET', url: `/api/Kudos?recipientId=${crew.user.id}`, headers: crew.headers });
    expect(received.json<Page<Kudos>>().total).toBe(3);
    const resident = await as('resident');
    const sent = (await ctx.app.inject({ method: 'GET', url: '/api/Kudos', headers: resident.headers })).json<Page<Kudos>>();
    expect(sent.data.map((k) => k.recipient?.name)).toEqual(['Luis Ortega']);
  });
});
