import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions, users } from '../db/schema.js';
import { createUser, signIn, type SignedIn } from '../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';
import { SessionMemo } from './session-memo.js';

/*
 * Decision 043: on the embedded database the session lookup is answered from memory while no write
 * has run since it was read; on PostgreSQL it runs on every call. Whatever way a session or its user
 * changes — logout, deactivation, a role change, plain SQL — the very next call sees it.
 */
describe(`session lookup from memory on the embedded database (${dbKind})`, () => {
  let ctx: TestContext;
  let admin: SignedIn;
  const statements: string[] = [];
  let recording = false;

  beforeAll(async () => {
    ctx = await createTestContext({}, { logger: { logQuery: (query) => void (recording && statements.push(query)) } });
    admin = await signIn(ctx, await createUser(ctx, { roles: ['System Admin'] }));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function get(url: string, headers: SignedIn): Promise<{ status: number; sessionLookups: number }> {
    statements.length = 0;
    recording = true;
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    recording = false;
    return { status: res.statusCode, sessionLookups: statements.filter((s) => /from "sessions"/.test(s)).length };
  }

  /** A staff member signed in, their session already read once (so held in memory where there is one). */
  async function signedInStaff(): Promise<{ id: string; headers: SignedIn }> {
    const user = await createUser(ctx, { roles: ['System Admin'] });
    const headers = await signIn(ctx, user);
    expect((await get('/api/Users/me', headers)).status).toBe(200);
    const again = await get('/api/Users/me', headers);
    expect(again.status).toBe(200);
    // The embedded database answers the second call from memory; PostgreSQL reads the session again.
    expect(again.sessionLookups).toBe(dbKind === 'pglite' ? 0 : 1);
    return { id: user.id, headers };
  }

  it('a logout is honoured by the next call', async () => {
    const { headers } = await signedInStaff();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/token/logout', headers });
    expect(res.statusCode).toBeLessThan(300);
    expect((await get('/api/Users/me', headers)).status).toBe(401);
  });

  it('a deactivated employee is refused on the next call', async () => {
    const { id, headers } = await signedInStaff();
    const res = await ctx.app.inject({ method: 'POST', url: `/api/Employees/${id}/deactivate`, headers: admin });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await get('/api/Users/me', headers)).status).toBe(401);
  });

  it('a role taken away applies to the next call', async () => {
    const { id, headers } = await signedInStaff();
    expect((await get('/api/Employees', headers)).status).toBe(200);
    await ctx.database.db.update(users).set({ roles: ['Resident'] }).where(eq(users.id, id));
    expect((await get('/api/Employees', headers)).status).toBe(403);
  });

  it('a session revoked in plain SQL (any write path) is refused on the next call', async () => {
    const { headers } = await signedInStaff();
    await ctx.database.db.execute(sql`update ${sessions} set revoked_at = now() where ${sessions.id} = ${headers.sessionId}`);
    expect((await get('/api/Users/me', headers)).status).toBe(401);
  });
});

describe('SessionMemo', () => {
  const entry = (expiresAt: number, lastSeenAt: number) => ({ row: 'session', expiresAt, lastSeenAt });

  it('keeps a session only if no write was sent or settled while it was read, and drops all on a write', () => {
    let writes = 0;
    const memo = new SessionMemo<string>(() => writes);
    const now = Date.now();
    const started = memo.start();
    writes += 1; // a write sent while the lookup ran
    memo.keep('a', started, entry(now + 60_000, now));
    expect(memo.get('a', 30, now)).toBeUndefined();
    memo.keep('a', memo.start(), entry(now + 60_000, now));
    expect(memo.get('a', 30, now)).toBe('session');
    writes += 1;
    expect(memo.get('a', 30, now)).toBeUndefined();
  });

  it('answers a session only within its absolute and idle limits', () => {
    const memo = new SessionMemo<string>(() => 0);
    const now = Date.now();
    memo.keep('a', memo.start(), entry(now + 1_000, now));
    expect(memo.get('a', 30, now + 999)).toBe('session');
    expect(memo.get('a', 30, now + 1_000)).toBeUndefined();
    memo.keep('b', memo.start(), entry(now + 3_600_000, now));
    expect(memo.get('b', 30, now + 30 * 60_000 - 1)).toBe('session');
    expect(memo.get('b', 30, now + 30 * 60_000)).toBeUndefined();
  });
});
