import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PerformanceReport, Role } from '@grove/shared';
import { createScopeWorld, signIn, type ScopeWorld } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { createKudos } from '../kudos/test-factories.js';
import { createOrangeReport } from '../orange-reports/test-factories.js';
import { createPlanWithItem } from '../plans/test-factories.js';
import { createAcceptedProposal } from '../proposals/test-factories.js';

/*
 * The performance report's figures from the other areas (issue 14), on hand-built March 2026 data
 * (branches' default zone America/New_York; DST starts 8 March):
 *   orange reports — inScope: filed 5 Mar + approved 6 Mar; filed 20 Mar, in review; filed 27 Feb +
 *     approved 2 Mar. outOfScope: filed 10 Mar + approved 11 Mar.
 *   proposals — inScope: from a report, accepted 15 Mar, $1,200; from a report, alternative B
 *     ($500) accepted 18 Mar; not from a report, accepted (not counted); from a report, still sent.
 *   plan visits (published plan, inScope) — 10 Mar done 23:00 local (03:00 UTC next day: still on
 *     time); 12 Mar done a day late; 14 Mar skipped; 16 Mar still planned → 1 of 4 on time. A draft
 *     plan's visit done on time is not counted.
 *   kudos — inScope: two in March, one in February; outOfScope: one in March.
 */
describe(`performance report: orange reports, proposals, plans, kudos (${dbKind})`, () => {
  let ctx: TestContext;
  let world: ScopeWorld;
  const z = (iso: string) => new Date(iso);

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await createScopeWorld(ctx);
    const crew = world.users['Crew Leader'].id;
    const pm = world.users['Property Manager'].id;

    const reportA = await createOrangeReport(ctx, { customerId: world.inScope.id, authorId: crew, status: 'approved', submittedAt: z('2026-03-05T15:00:00Z'), approvedAt: z('2026-03-06T15:00:00Z') });
    await createOrangeReport(ctx, { customerId: world.inScope.id, authorId: crew, status: 'submitted', submittedAt: z('2026-03-20T15:00:00Z'), approvedAt: null });
    const reportC = await createOrangeReport(ctx, { customerId: world.inScope.id, authorId: crew, status: 'approved', submittedAt: z('2026-02-27T15:00:00Z'), approvedAt: z('2026-03-02T15:00:00Z') });
    await createOrangeReport(ctx, { customerId: world.outOfScope.id, authorId: crew, status: 'approved', submittedAt: z('2026-03-10T15:00:00Z'), approvedAt: z('2026-03-11T15:00:00Z') });

    await createAcceptedProposal(ctx, { customerId: world.inScope.id, orangeReportId: reportA.id, decidedAt: z('2026-03-15T15:00:00Z') });
    await createAcceptedProposal(ctx, { customerId: world.inScope.id, orangeReportId: reportC.id, decidedAt: z('2026-03-18T15:00:00Z'), option: 'B' });
    await createAcceptedProposal(ctx, { customerId: world.inScope.id, decidedAt: z('2026-03-19T15:00:00Z') });
    await createAcceptedProposal(ctx, { customerId: world.inScope.id, orangeReportId: reportA.id, decidedAt: z('2026-03-19T15:00:00Z'), status: 'sent' });

    const published = await createPlanWithItem(ctx, { customerId: world.inScope.id, status: 'published', startDate: '2026-03-01', endDate: '2026-05-29' });
    await published.addVisit('2026-03-10', 'done', z('2026-03-11T03:00:00Z'));
    await published.addVisit('2026-03-12', 'done', z('2026-03-13T15:00:00Z'));
    await published.addVisit('2026-03-14', 'skipped', z('2026-03-14T15:00:00Z'));
    await published.addVisit('2026-03-16', 'planned', null);
    const draft = await createPlanWithItem(ctx, { customerId: world.inScope.id, status: 'draft', startDate: '2026-03-01', endDate: '2026-05-29' });
    await draft.addVisit('2026-03-17', 'done', z('2026-03-17T15:00:00Z'));

    const thanks = (customerId: string, createdAt: Date) => createKudos(ctx, { customerId, senderId: pm, recipientId: crew, createdAt });
    await thanks(world.inScope.id, z('2026-03-04T15:00:00Z'));
    await thanks(world.inScope.id, z('2026-03-25T15:00:00Z'));
    await thanks(world.inScope.id, z('2026-02-25T15:00:00Z'));
    await thanks(world.outOfScope.id, z('2026-03-25T15:00:00Z'));
  });
  afterAll(() => ctx.close());

  async function report(role: Role, groupBy = 'branch', format = 'json') {
    const headers = await signIn(ctx, world.users[role]);
    return ctx.app.inject({ method: 'GET', url: `/api/reports/performance?from=2026-03-01&to=2026-03-31&groupBy=${groupBy}&format=${format}`, headers: { ...headers, 'accept-language': 'en' } });
  }

  it('counts filed and approved reports, accepted proposals from reports and their value, on-time visits and kudos per branch', async () => {
    const answer = (await report('Executive')).json<PerformanceReport>();
    const a = answer.rows.find((row) => row.key === world.branchA.id)!;
    const b = answer.rows.find((row) => row.key === world.branchB.id)!;
    expect(a.values).toMatchObject({
      'orange-reports.filed': 2,
      'orange-reports.approved': 2,
      'proposals.orange-accepted': 2,
      'proposals.orange-accepted-value': 170_000,
      'plans.on-time': 0.25,
      'kudos.received': 2,
    });
    expect(b.values).toMatchObject({ 'orange-reports.filed': 1, 'orange-reports.approved': 1, 'proposals.orange-accepted': null, 'kudos.received': 1 });
    expect(answer.total.values).toMatchObject({ 'orange-reports.filed': 3, 'kudos.received': 3, 'proposals.orange-accepted-value': 170_000 });
    expect(answer.metrics.find((m) => m.id === 'proposals.orange-accepted-value')?.format).toBe('money');
    expect(answer.trend[0]!.values).toMatchObject({ 'orange-reports.filed': 3, 'plans.on-time': 0.25, 'kudos.received': 3 });
  });

  it('an account manager counts only their own customers', async () => {
    const mine = (await report('Account Manager', 'customer')).json<PerformanceReport>();
    expect(mine.rows.map((row) => row.key)).toEqual([world.inScope.id]);
    expect(mine.total.values).toMatchObject({ 'orange-reports.filed': 2, 'orange-reports.approved': 2, 'kudos.received': 2 });
  });

  it('money is integer cents in the report and dollars in the spreadsheet and CSV', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const xlsx = await report('Executive', 'branch', 'xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Performance')!;
    const header = sheet.getRow(3).values as unknown[];
    const column = header.indexOf('Value accepted from orange reports');
    expect(column).toBeGreaterThan(1);
    const rowA = [4, 5, 6].map((n) => sheet.getRow(n)).find((row) => row.getCell(1).value === world.branchA.name)!;
    expect(rowA.getCell(column).value).toBe(1700);
    expect(rowA.getCell(column).numFmt).toBe('"$"#,##0.00');
    const csv = (await report('Executive', 'branch', 'csv')).body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    const csvColumn = csv[0]!.split(',').indexOf('Value accepted from orange reports');
    expect(csv.find((line) => line.startsWith(`${world.branchA.name},`))!.split(',')[csvColumn]).toBe('1700');
  });
});
