import { z } from 'zod';

/*
 * Reports (issue 14):
 *   GET /api/reports                          → { data: ReportInfo[] } the reports the caller may run
 *   GET /api/reports/performance?from=&to=&groupBy=&format=json|csv|xlsx
 *                                             → PerformanceReport (json) or the file
 * Every figure comes from a domain module's `reportMetrics` (SQL aggregates in the database).
 * A range over two years, `from` after `to` or an unknown grouping → 400 with field errors.
 */

export const REPORT_GROUPINGS = ['region', 'branch', 'accountManager', 'crewLeader', 'customer'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];
export const REPORT_FORMATS = ['json', 'csv', 'xlsx', 'pdf'] as const;
/** Longest range a report runs over. */
export const REPORT_MAX_DAYS = 2 * 366;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid' }).refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { message: 'invalid' });

export const performanceReportQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    groupBy: z.enum(REPORT_GROUPINGS).default('branch'),
    format: z.enum(REPORT_FORMATS).default('json'),
  })
  .superRefine((value, ctx) => {
    const from = Date.parse(`${value.from}T00:00:00Z`);
    const to = Date.parse(`${value.to}T00:00:00Z`);
    if (Number.isNaN(from) || Number.isNaN(to)) return;
    if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'invalid' });
    else if ((to - from) / 86_400_000 > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Range over two years' });
  });
export type PerformanceReportQuery = z.infer<typeof performanceReportQuerySchema>;

export const reportMetricInfoSchema = z.object({
  /** `<module>.<metric>` */
  id: z.string(),
  title: z.string(),
  format: z.enum(['count', 'percent', 'hours', 'money']),
  /** Whether a monthly trend is charted for it. */
  trend: z.boolean(),
});
export type ReportMetricInfo = z.infer<typeof reportMetricInfoSchema>;

export const performanceReportRowSchema = z.object({
  key: z.string().nullable(),
  label: z.string(),
  /** metric id → value (null: nothing to measure in this group). */
  values: z.record(z.string(), z.number().nullable()),
});
export type PerformanceReportRow = z.infer<typeof performanceReportRowSchema>;

export const performanceReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_GROUPINGS),
  metrics: z.array(reportMetricInfoSchema),
  rows: z.array(performanceReportRowSchema),
  total: performanceReportRowSchema,
  /** Per month of the range (YYYY-MM), for the metrics with `trend`. */
  trend: z.array(z.object({ period: z.string(), values: z.record(z.string(), z.number().nullable()) })),
});
export type PerformanceReport = z.infer<typeof performanceReportSchema>;

export const reportInfoSchema = z.object({ id: z.string(), title: z.string(), groupings: z.array(z.enum(REPORT_GROUPINGS)), formats: z.array(z.enum(REPORT_FORMATS)), maxDays: z.number().int() });
export const reportListSchema = z.object({ data: z.array(reportInfoSchema) });
