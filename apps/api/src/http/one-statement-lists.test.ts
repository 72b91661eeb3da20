import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import type { CustomerSummary, MessageThreadSummary, OrangeReportSummary, Page, PlanSummary, Role } from '@grove/shared';
import { files, users } from '../db/schema.js';
import { REPORT_FILE_OWNER } from '../domains/orange-reports/service.js';
import { orangeReportPhotos } from '../domains/orange-reports/tables.js';
import { demoEmail, seedDemoData } from '../seed/demo.js';
import { signIn, type SignedIn } from '../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';

/*
 * Decision 047: the customers search, orange reports and plans lists answer in one statement
 * besides the session (page ids with the capped total, then the page's rows with their per-row
 * details), and the customers search finds its rows through one trigram index on the four searched
 * columns joined, rechecked by the four ILIKEs. Checked on the demo company against plain SQL: the
 * same rows, order, totals and per-row details as before the change (messages: the same checks of
 * the list as it stays: its page and its per-thread details are two round trips).
 */
describe(`customers search, orange reports and plans in one statement (${dbKind})`, () => {
  let ctx: TestContext;
  const sessions = new Map<Role, SignedIn>();
  const userIds = new Map<Role, string>();
  const statements: { sql: string; params: unknown[] }[] = [];
  let recording = false;

  beforeAll(async () => {
    ctx = await createTestContext({}, { logger: { logQuery: (sql, params) => void (recording && statements.push({ sql, params })) } });
    await seedDemoData(ctx.database.db, { password: 'One-Statement-Lists-1', log: ctx.app.log });
    for (const role of ['System Admin', 'Property Manager'] as Role[]) {
      const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail(role)));
      sessions.set(role, await signIn(ctx, user!));
      userIds.set(role, user!.id);
    }
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  /** A list call (after one warming call for the scope and reference caches): its body and its statements besides the session. */
  async function call<T>(url: string, as: Role = 'System Admin'): Promise<{ body: Page<T>; reads: { sql: string; params: unknown[] }[] }> {
    for (const measured of [false, true]) {
      statements.length = 0;
      recording = measured;
      const res = await ctx.app.inject({ method: 'GET', url, headers: sessions.get(as) });
      recording = false;
      expect(res.statusCode, res.body).toBe(200);
      if (measured) return { body: res.json<Page<T>>(), reads: statements.filter((s) => !/from "sessions"/.test(s.sql)) };
    }
    throw new Error('unreachable');
  }

  const rowsOf = async <T>(query: ReturnType<typeof sql>) => (await ctx.database.db.execute<T & Record<string, unknown>>(query)).rows;

  it('customers search: the four columns, exact (no match across their seams), in order, with the total', async () => {
    const [customer] = await rowsOf<{ name: string; account_number: string; city: string }>(
      sql`select name, account_number, city from customers where length(name) >= 4 order by lower(name) collate "C", id limit 1`,
    );
    const word = customer!.name.split(' ').find((w) => w.length >= 3) ?? customer!.name;
    // The end of the name and the start of the account number: found only by the joined text.
    const seam = `${customer!.name.slice(-3)} ${customer!.account_number.slice(0, 3)}`;
    for (const search of [word.toLowerCase(), customer!.account_number, customer!.city.toUpperCase(), seam, 'no such customer']) {
      const pattern = `%${search}%`;
      const expected = await rowsOf<{ id: string }>(
        sql`select id from customers where name ilike ${pattern} or account_number ilike ${pattern} or address_line1 ilike ${pattern} or city ilike ${pattern} order by lower(name) collate "C", id`,
      );
      const { body, reads } = await call<CustomerSummary>(`/api/Customers?search=${encodeURIComponent(search)}&pageSize=100`);
      expect(body.data.map((c) => c.id), search).toEqual(expected.map((r) => r.id));
      expect(body.total, search).toBe(expected.length);
      expect(reads.length, search).toBe(body.data.length === 0 ? 2 : 1); // an empty page counts apart
    }
    const first = await call<CustomerSummary>(`/api/Customers?search=${encodeURIComponent(word)}&pageSize=1&page=2`);
    const all = await call<CustomerSummary>(`/api/Customers?search=${encodeURIComponent(word)}&pageSize=100`);
    expect(first.body.data.map((c) => c.id)).toEqual(all.body.data.slice(1, 2).map((c) => c.id));
    expect(first.body.total).toBe(all.body.total);
    expect(first.body.data[0]?.openRequestCount).toBe(all.body.data[1]?.openRequestCount);
  });

  it('orange reports: page, capped total, photo count and the strip of four finding photos in one statement', async () => {
    // Photos on the newest report (the demo has none): five findings out of order, one "after".
    const [newest] = (await call<OrangeReportSummary>('/api/OrangeReports?pageSize=1')).body.data;
    for (let i = 0; i < 6; i++) {
      const [file] = await ctx.database.db
        .insert(files)
        .values({
          kind: 'photo',
          originalName: `finding-${i}.jpg`,
          storageKey: `test/${crypto.randomUUID()}`,
          mimeType: 'image/jpeg',
          sizeBytes: 1000,
          sha256: 'x'.repeat(64),
          width: 640 + i,
          height: 480,
          variants: i % 2 ? { thumb: `test/thumb-${i}`, web: `test/web-${i}` } : {},
          customerId: newest!.customerId,
          ownerType: REPORT_FILE_OWNER,
          ownerId: newest!.id,
          attachedAt: new Date(),
          uploadedBy: userIds.get('System Admin')!,
        })
        .returning();
      await ctx.database.db.insert(orangeReportPhotos).values({ reportId: newest!.id, fileId: file!.id, kind: i === 2 ? 'after' : 'finding', caption: `Photo ${i}`, sortOrder: 6 - i });
    }
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/OrangeReports/${newest!.id}`, headers: sessions.get('System Admin') });
    const findings = detail.json<{ allPhotos: OrangeReportSummary['photos'] }>().allPhotos.filter((p) => p.kind === 'finding');
    expect(findings.length).toBe(5);
    const all = await call<OrangeReportSummary>('/api/OrangeReports?pageSize=100');
    expect(all.body.data[0]!.photos).toEqual(findings.slice(0, 4));
    expect(all.body.data[0]!.photoCount).toBe(5);
    expect(all.reads.length).toBe(1);
    expect(all.body.data.length).toBeGreaterThan(3);
    expect(all.body.total).toBe(all.body.data.length);
    const paged = await call<OrangeReportSummary>('/api/OrangeReports?pageSize=3&page=2');
    expect(paged.reads.length).toBe(1);
    expect(paged.body.data.map((r) => r.id)).toEqual(all.body.data.slice(3, 6).map((r) => r.id));
    expect(paged.body.total).toBe(all.body.total);
    // Past the end: no row carries the total, which is counted apart.
    const past = await call<OrangeReportSummary>('/api/OrangeReports?pageSize=100&page=3');
    expect([past.body.data.length, past.body.total, past.body.totalExact]).toEqual([0, all.body.total, true]);
    const photos = await rowsOf<{ report_id: string; id: string; file_id: string }>(
      sql`select report_id, id, file_id from orange_report_photos where kind = 'finding' order by report_id, sort_order`,
    );
    for (const report of all.body.data) {
      const own = photos.filter((p) => p.report_id === report.id);
      expect(report.photoCount).toBe(own.length);
      expect(report.photos.map((p) => [p.id, p.fileId, p.kind])).toEqual(own.slice(0, 4).map((p) => [p.id, p.file_id, 'finding']));
      for (const photo of report.photos) expect(photo.url).toContain(photo.fileId);
    }
    expect(all.body.data.some((r) => r.photos.length > 0)).toBe(true);
  });

  it('plans: page, capped total and each plan\'s progress from its visits in one statement', async () => {
    for (const as of ['System Admin', 'Property Manager'] as Role[]) {
      const all = await call<PlanSummary>('/api/quarterlyPlans?pageSize=100', as);
      expect(all.reads.length, as).toBe(1);
      expect(all.body.data.length, as).toBeGreaterThan(0);
      expect(all.body.total).toBe(all.body.data.length);
      const visits = await rowsOf<{ plan_id: string; total: number; done: number; skipped: number }>(
        sql`select plan_id, count(*)::int as total, (count(*) filter (where status = 'done'))::int as done, (count(*) filter (where status = 'skipped'))::int as skipped from plan_occurrences group by plan_id`,
      );
      for (const plan of all.body.data) {
        const own = visits.find((v) => v.plan_id === plan.id);
        expect([plan.progress.total, plan.progress.done, plan.progress.skipped]).toEqual([own?.total ?? 0, own?.done ?? 0, own?.skipped ?? 0]);
        expect(plan.progress.overdue + plan.progress.upcoming).toBe(plan.progress.total - plan.progress.done - plan.progress.skipped);
      }
      expect(all.body.data.some((p) => p.progress.total > 0)).toBe(true);
      const paged = await call<PlanSummary>('/api/quarterlyPlans?pageSize=1&page=2', as);
      expect(paged.body.data.map((p) => p.id)).toEqual(all.body.data.slice(1, 2).map((p) => p.id));
      const past = await call<PlanSummary>('/api/quarterlyPlans?pageSize=100&page=3', as);
      expect([past.body.data.length, past.body.total, past.body.totalExact]).toEqual([0, all.body.total, true]);
    }
  });

  it('messages: page, capped total, last visible message, count and attachments; customers never see internal notes', async () => {
    for (const as of ['System Admin', 'Property Manager'] as Role[]) {
      const all = await call<MessageThreadSummary>('/api/Messages?pageSize=100', as);
      expect(all.body.data.length, as).toBeGreaterThan(0);
      expect(all.body.total).toBe(all.body.data.length);
      const internal = as === 'System Admin' ? sql`true` : sql`not internal`;
      const messages = await rowsOf<{ thread_id: string; body: string; internal: boolean; created_at: string; has_attachments: boolean }>(
        sql`select thread_id, body, internal, created_at::text as created_at, has_attachments from messages where ${internal} order by thread_id, created_at desc, id desc`,
      );
      for (const thread of all.body.data) {
        const own = messages.filter((m) => m.thread_id === thread.id);
        expect(thread.messageCount).toBe(own.length);
        expect(thread.hasAttachments).toBe(own.some((m) => m.has_attachments));
        if (own[0]) {
          expect(thread.lastMessage?.at).toBe(new Date(own[0].created_at).toISOString());
          expect(thread.lastMessage?.internal).toBe(own[0].internal);
          expect(own[0].body.replace(/\s+/g, ' ').trim().startsWith(thread.lastMessage!.excerpt.replace(/…$/, ''))).toBe(true);
        } else expect(thread.lastMessage).toBeNull();
        if (as !== 'System Admin') expect(thread.lastMessage?.internal ?? false).toBe(false);
      }
      const paged = await call<MessageThreadSummary>('/api/Messages?pageSize=1&page=2', as);
      expect(paged.body.data.map((t) => t.id)).toEqual(all.body.data.slice(1, 2).map((t) => t.id));
      expect(paged.body.total).toBe(all.body.total);
    }
  });

  // PostgreSQL's planner: with the sequential scan priced out, the search reads the joined-text index.
  it.skipIf(dbKind !== 'postgres')('the customers search reads customers_search_trgm_idx', async () => {
    const { reads } = await call<CustomerSummary>('/api/Customers?search=ridge');
    const client = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await client.connect();
    const plans: string[] = [];
    try {
      await client.query('set enable_seqscan = off');
      for (const statement of reads) plans.push(JSON.stringify((await client.query(`explain (format json) ${statement.sql}`, statement.params)).rows[0]));
    } finally {
      await client.end();
    }
    expect(plans.join('\n')).toContain('customers_search_trgm_idx');
  });
});
