import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CustomerSummary, Page, ServiceRequestSummary } from '@grove/shared';
import type { SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { createRequestWorld, createServiceRequest, type RequestWorld } from './test-factories.js';

/*
 * Decision 043: a list call is the session lookup and one statement — the request list's page, rows
 * and capped count together (ids first, keyset or OFFSET), the customers list's page, total and
 * open-request counts together. Checked here for the order of every page (a keyset walk to the
 * end, ties on created_at broken by id), the scope (a property manager sees only their customer's
 * rows) and the number of statements per call, recorded with drizzle's logger.
 */
describe(`a list call is the session lookup and one statement (${dbKind})`, () => {
  let ctx: TestContext;
  let world: RequestWorld;
  const statements: string[] = [];
  let recording = false;

  beforeAll(async () => {
    ctx = await createTestContext({}, { logger: { logQuery: (query) => void (recording && statements.push(query)) } });
    world = await createRequestWorld(ctx);
    const base = Date.parse('2026-03-01T12:00:00Z');
    const statuses = ['new', 'scheduled', 'completed', 'closed'] as const;
    for (let i = 0; i < 44; i++) {
      // Pairs share a created_at: the keyset's row-value comparison must break ties by id.
      const createdAt = new Date(base + Math.floor(i / 2) * 60_000);
      const customerId = i % 3 === 0 ? world.otherCustomer.id : world.customer.id;
      await createServiceRequest(ctx, { customerId, createdAt, updatedAt: createdAt, status: statuses[i % statuses.length] });
    }
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  async function call<T>(url: string, headers: SignedIn): Promise<{ body: T; statements: number }> {
    statements.length = 0;
    recording = true;
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    recording = false;
    expect(res.statusCode, res.body).toBe(200);
    // The list's own statements: the session lookup is not counted (on the embedded database it is
    // answered from memory when nothing was written since, decision 043).
    return { body: res.json<T>(), statements: statements.filter((s) => !/from "sessions"/.test(s)).length };
  }

  /** Every request id in the list's order, straight from SQL. */
  async function expectedOrder(direction: 'asc' | 'desc', customerId?: string): Promise<string[]> {
    const where = customerId ? sql`where customer_id = ${customerId}` : sql``;
    const order = direction === 'desc' ? sql.raw('created_at desc, id desc') : sql.raw('created_at asc, id asc');
    const rows = await ctx.database.db.execute<{ id: string }>(sql`select id from service_requests ${where} order by ${order}`);
    return rows.rows.map((row) => row.id);
  }

  /** Walks a list by its cursor to the end; every call must be the session lookup and one statement. */
  async function walk(url: string, headers: SignedIn): Promise<string[]> {
    await call(url, headers); // warms the scope and reference caches
    const ids: string[] = [];
    let next: string | null = url;
    while (next) {
      const { body, statements: n }: { body: Page<ServiceRequestSummary>; statements: number } = await call<Page<ServiceRequestSummary>>(next, headers);
      expect(n).toBe(1);
      ids.push(...body.data.map((row) => row.id));
      next = body.nextCursor ? `${url}&cursor=${body.nextCursor}` : null;
    }
    return ids;
  }

  it('keyset pages to the end, newest first and oldest first, in one statement each', async () => {
    expect(await walk('/api/ServiceRequests?pageSize=5', world.as.admin)).toEqual(await expectedOrder('desc'));
    expect(await walk('/api/ServiceRequests?pageSize=5&sort=createdAt', world.as.admin)).toEqual(await expectedOrder('asc'));
  });

  it('a property manager pages through their customer’s requests only', async () => {
    const seen = await walk('/api/ServiceRequests?pageSize=4', world.as.propertyManager);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual(await expectedOrder('desc', world.customer.id));
  });

  it('an OFFSET page carries its rows and its total', async () => {
    const all = await expectedOrder('desc');
    await call('/api/ServiceRequests?pageSize=10', world.as.admin);
    const third = await call<Page<ServiceRequestSummary>>('/api/ServiceRequests?pageSize=10&page=3', world.as.admin);
    expect(third.statements).toBe(1);
    expect(third.body.data.map((row) => row.id)).toEqual(all.slice(20, 30));
    expect(third.body).toMatchObject({ total: all.length, totalExact: true });
    const past = await call<Page<ServiceRequestSummary>>('/api/ServiceRequests?pageSize=10&page=9', world.as.admin);
    expect(past.body.data).toEqual([]);
    // Not its offset (80): the web moves an old link to the last page from it.
    expect(past.body).toMatchObject({ total: all.length, totalExact: true });
    const filtered = await call<Page<ServiceRequestSummary>>('/api/ServiceRequests?pageSize=10&page=9&open=true', world.as.admin);
    const open = await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from service_requests where status in ('new','acknowledged','scheduled','in_progress')`);
    expect(filtered.body).toMatchObject({ data: [], total: open.rows[0]!.n, totalExact: true });
  });

  it('a filtered, sorted list keeps its order with its rows joined to its ids', async () => {
    const { body } = await call<Page<ServiceRequestSummary>>('/api/ServiceRequests?pageSize=50&sort=-status&open=true', world.as.admin);
    const rows = await ctx.database.db.execute<{ id: string }>(
      sql`select id from service_requests where status in ('new','acknowledged','scheduled','in_progress')
          order by array_position(array['new','acknowledged','scheduled','in_progress','completed','closed','cancelled']::text[], status) desc, created_at desc, id desc`,
    );
    expect(body.data.map((row) => row.id)).toEqual(rows.rows.map((row) => row.id));
  });

  it('the customers list: page, total and open-request counts in one statement, in scope', async () => {
    await call('/api/Customers', world.as.admin);
    const admin = await call<Page<CustomerSummary>>('/api/Customers', world.as.admin);
    expect(admin.statements).toBe(1);
    const open = await ctx.database.db.execute<{ customer_id: string; n: number }>(
      sql`select customer_id, count(*)::int as n from service_requests where status in ('new','acknowledged','scheduled','in_progress') group by customer_id`,
    );
    const expected = new Map(open.rows.map((row) => [row.customer_id, Number(row.n)]));
    for (const id of [world.customer.id, world.otherCustomer.id]) {
      const row = admin.body.data.find((c) => c.id === id);
      expect(row?.openRequestCount).toBe(expected.get(id));
    }
    await call('/api/Customers', world.as.propertyManager);
    const pm = await call<Page<CustomerSummary>>('/api/Customers', world.as.propertyManager);
    expect(pm.statements).toBe(1);
    expect(pm.body.data.map((c) => c.id)).toEqual([world.customer.id]);
    expect(pm.body.total).toBe(1);
    expect(pm.body.data[0]!.openRequestCount).toBe(expected.get(world.customer.id));
  });
});
