import { z } from 'zod';

/*
 * Dashboards (issue 14). Every tile comes from a domain module's `dashboardTiles` (API:
 * modules/dashboard.ts); the dashboard itself knows no domain by name.
 *   GET /api/Dashboard                 → Dashboard (staff: the caller's scope)
 *   GET /api/Dashboard?customerId=…    → Dashboard for one property (customer-side users: required;
 *                                        staff: that customer only). Out of scope → 404.
 * Texts (title, detail, empty, item labels) come in the caller's language.
 */

export const DASHBOARD_ICONS = [
  'requests',
  'overdue',
  'sla',
  'customers',
  'bell',
  'report',
  'plan',
  'proposal',
  'invoice',
  'message',
  'kudos',
  'document',
  'content',
] as const;
export type DashboardIcon = (typeof DASHBOARD_ICONS)[number];

export const DASHBOARD_TONES = ['neutral', 'good', 'warning', 'danger'] as const;
export type DashboardTone = (typeof DASHBOARD_TONES)[number];

export const dashboardQuerySchema = z.object({ customerId: z.uuid().optional() });

export const dashboardItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** In-app path of the record. */
  link: z.string().nullable(),
  /** An instant (ISO date-time: shown as "3 hours ago"), or a calendar day (`YYYY-MM-DD`, e.g. a visit's or a due date: shown as "today", "Thursday", "Nov 26"). */
  at: z.string().nullable(),
  /** 0…1 for a progress bar (e.g. a request's way from new to closed). */
  progress: z.number().min(0).max(1).nullable(),
  badge: z.string().nullable(),
});
export type DashboardItem = z.infer<typeof dashboardItemSchema>;

export const dashboardChartSchema = z.object({
  kind: z.enum(['bar', 'line']),
  /** Category labels (e.g. the Monday of each week, ISO date). */
  labels: z.array(z.string()),
  labelFormat: z.enum(['week', 'month', 'text']),
  series: z.array(z.object({ key: z.string(), label: z.string(), color: z.string(), values: z.array(z.number()) })),
});
export type DashboardChart = z.infer<typeof dashboardChartSchema>;

export const dashboardTileSchema = z.object({
  /** `<module>.<tile>`, stable (tests and e2e find tiles by it). */
  id: z.string(),
  /** Module that contributed it. */
  module: z.string(),
  kind: z.enum(['figure', 'list', 'chart']),
  icon: z.enum(DASHBOARD_ICONS),
  title: z.string(),
  /** 'error' when this tile could not be computed (the others still show). */
  status: z.enum(['ok', 'error']),
  /** The figure; null when there is nothing to count yet (then `empty` says why). */
  value: z.number().nullable(),
  format: z.enum(['count', 'percent', 'money']),
  /** A second line, e.g. "12 of 14 on time" or a total value. */
  detail: z.string().nullable(),
  /** Money figures in `detail` or `value` use this currency. */
  amount: z.number().nullable(),
  tone: z.enum(DASHBOARD_TONES),
  /** The filtered list behind the figure (in-app path with query). */
  link: z.string().nullable(),
  items: z.array(dashboardItemSchema),
  chart: dashboardChartSchema.nullable(),
  empty: z.string().nullable(),
});
export type DashboardTile = z.infer<typeof dashboardTileSchema>;

export const dashboardSchema = z.object({
  audience: z.enum(['staff', 'customer']),
  customerId: z.uuid().nullable(),
  generatedAt: z.string(),
  tiles: z.array(dashboardTileSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
