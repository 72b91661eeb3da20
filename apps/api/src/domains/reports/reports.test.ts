import ExcelJS from 'exceljs';
import { pdfText } from '../../test/pdf-text.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PerformanceReport, Role } from '@grove/shared';
import { createScopeWorld, signIn, type ScopeWorld } from '../../test/factories.js';
import { createServiceRequest } from '../service-requests/test-factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';

/*
 * Hand-built March 2026 in America/New_York (branches' default zone; DST starts on 8 March):
 *   A (inScope): Mon 2 Mar 16:00 EST → acknowledged Tue 09:00 (2 bh) → completed Wed 12:00 (14 bh), on time.
 *   B (inScope): Fri 6 Mar 15:00 EST → acknowledged Mon 9 Mar 10:00 EDT (4 bh) → completed 16:00 (10 bh), late, reopened once.
 *   C (outOfScope): Tue 3 Mar 09:00 EST → acknowledged 10:00 (1 bh), still open, due in April.
 */
describe(`performance report (${dbKind})`, () => {
  let ctx: TestContext;
  let world: ScopeWorld;
  const range = 'from=2026-03-01&to=2026-03-31';

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await createScopeWorld(ctx);
    const z = (iso: string) => new Date(iso);
    await createServiceRequest(ctx, {
      customerId: world.inScope.id,
      status: 'closed',
      createdAt: z('2026-03-02T21:00:00Z'),
      acknowledgedAt: z('2026-03-03T14:00:00Z'),
      completedAt: z('2026-03-04T17:00:00Z'),
      resolutionDueAt: z('2026-03-05T17:00:00Z'),
    });
    await createServiceRequest(ctx, {
      customerId: world.inScope.id,
      status: 'completed',
      createdAt: z('2026-03-06T20:00:00Z'),
      acknowledgedAt: z('2026-03-09T14:00:00Z'),
      completedAt: z('2026-03-09T20:00:00Z'),
      resolutionDueAt: z('2026-03-09T16:00:00Z'),
      reopenCount: 1,
    });
    await createServiceRequest(ctx, {
      customerId: world.outOfScope.id,
      status: 'acknowledged',
      createdAt: z('2026-03-03T14:00:00Z'),
      acknowledgedAt: z('2026-03-03T15:00:00Z'),
      resolutionDueAt: z('2026-04-20T15:00:00Z'),
    });
  });
  afterAll(() => ctx.close());

  async function run(role: Role, query: string) {
    const headers = await signIn(ctx, world.users[role]);
    return ctx.app.inject({ method: 'GET', url: `/api/reports/performance?${query}`, headers: { ...headers, 'accept-language': 'en' } });
  }

  it('figures per branch: counts, medians in business hours across a weekend and DST, SLA and reopen rate', async () => {
    const answer = await run('Executive', `${range}&groupBy=branch`);
    expect(answer.statusCode).toBe(200);
    const report = answer.json<PerformanceReport>();
    const a = report.rows.find((row) => row.key === world.branchA.id)!;
    const b = report.rows.find((row) => row.key === world.branchB.id)!;
    expect(a.label).toBe(world.branchA.name);
    expect(a.values).toMatchObject({
      'service-requests.received': 2,
      'service-requests.completed': 2,
      'service-requests.first-response': 3,
      'service-requests.resolution': 12,
      'service-requests.sla': 0.5,
      'service-requests.reopen-rate': 0.5,
    });
    expect(b.values).toMatchObject({ 'service-requests.received': 1, 'service-requests.completed': null, 'service-requests.first-response': 1 });
    expect(report.total.values['service-requests.received']).toBe(3);
    expect(report.total.values['service-requests.first-response']).toBe(2);
    expect(report.trend.map((point) => point.period)).toEqual(['2026-03']);
    expect(report.trend[0]!.values).toMatchObject({ 'service-requests.received': 3, 'service-requests.completed': 2 });
  });

  it('an account manager never counts another team’s customers; crew leader grouping names the leader', async () => {
    const mine = (await run('Account Manager', `${range}&groupBy=customer`)).json<PerformanceReport>();
    expect(mine.rows.map((row) => row.key)).toEqual([world.inScope.id]);
    expect(mine.total.values['service-requests.received']).toBe(2);
    const leaders = (await run('Executive', `${range}&groupBy=crewLeader`)).json<PerformanceReport>();
    expect(leaders.rows.find((row) => row.key === world.users['Crew Leader'].id)?.label).toBe('Crew Leader Tester');
    expect(leaders.rows.find((row) => row.key === null)?.label).toBe('(none)');
  });

  it('exports CSV and XLSX with the same figures', async () => {
    const csv = await run('Account Manager', `${range}&groupBy=branch&format=csv`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toContain('performance-branch-2026-03-01-2026-03-31.csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    // The request figures come first (the other areas' figures follow; domain-metrics.test.ts).
    expect(lines[0]).toMatch(/^Branch,Requests received,Requests completed,Median first response \(business hours\),Median resolution \(business hours\),SLA attainment,Reopen rate,/);
    expect(lines[1]).toMatch(new RegExp(`^${world.branchA.name},2,2,3,12,0.5,0.5,`));
    const xlsx = await run('Account Manager', `${range}&groupBy=branch&format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Performance')!;
    expect(sheet.getRow(4).getCell(1).value).toBe(world.branchA.name);
    expect(sheet.getRow(4).getCell(4).value).toBe(3);
    expect(sheet.getRow(4).getCell(6).numFmt).toBe('0.0%');
  });

  it('gives a PDF summary with the same figures, in the caller\'s language', async () => {
    const pdf = await run('Account Manager', `${range}&groupBy=branch&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="performance-branch-2026-03-01-2026-03-31.pdf"');
    const { text } = await pdfText(pdf.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Performance report');
    expect(flat).toContain('Grouped by: Branch');
    expect(flat).toContain(world.branchA.name);
    // The hand-built figures of the CSV above: 2 received, medians 3 h and 12 h, 50 % SLA.
    expect(flat).toMatch(/Requests received 2/);
    expect(flat).toMatch(/Median resolution \(business hours\) 12 h/);
    expect(flat).toMatch(/SLA attainment 50%/);
    const headers = await signIn(ctx, world.users['Account Manager']);
    const german = await ctx.app.inject({ method: 'GET', url: `/api/reports/performance?${range}&groupBy=branch&format=pdf`, headers: { ...headers, 'accept-language': 'de' } });
    expect((await pdfText(german.rawPayload)).text.replace(/\s+/g, ' ')).toContain('Gruppiert nach: Niederlassung');
  });

  it('refuses bad parameters with field errors and customer users with 403', async () => {
    const long = await run('Executive', 'from=2023-01-01&to=2026-01-02');
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['to']);
    expect((await run('Executive', 'from=2026-03-10&to=2026-03-01')).statusCode).toBe(400);
    expect((await run('Executive', `${range}&groupBy=planet`)).statusCode).toBe(400);
    expect((await run('Executive', 'from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
    expect((await run('Property Manager', range)).statusCode).toBe(403);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/reports', headers: await signIn(ctx, world.users['Branch Manager']) });
    expect(list.json()).toMatchObject({ data: [{ id: 'performance', maxDays: 732 }] });
  });
});
