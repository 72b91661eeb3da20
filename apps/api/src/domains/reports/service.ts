import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Language, PerformanceReport, PerformanceReportQuery, PerformanceReportRow, ReportGrouping } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { branches, customers, customerTeam, regions, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import type { DomainModule } from '../../modules/domain-module.js';
import type { ReportMetricContext } from '../../modules/reports.js';
import { customerIdInScope } from '../scope/index.js';

/** The group of a request's customer, as SQL over the joined `customers` row. */
function customerGroupKey(groupBy: ReportGrouping): SQL<string | null> {
  switch (groupBy) {
    case 'region':
      return sql<string>`${customers.regionId}::text`;
    case 'branch':
      return sql<string>`${customers.branchId}::text`;
    case 'accountManager':
      return sql<string | null>`${customers.accountManagerId}::text`;
    case 'crewLeader':
      // A customer's crew leader: the first one put on its team.
      return sql<string | null>`(select ${customerTeam.userId}::text from ${customerTeam} where ${customerTeam.customerId} = ${customers.id} and ${customerTeam.teamRole} = 'Crew Leader' order by ${customerTeam.createdAt}, ${customerTeam.userId} limit 1)`;
    case 'customer':
      return sql<string>`${customers.id}::text`;
  }
}

const NONE: Record<Language, string> = { en: '(none)', zh: '（无）', es: '(ninguno)', ja: '（なし）', de: '(keine)', fr: '(aucun)' };
const TOTAL: Record<Language, string> = { en: 'All', zh: '全部', es: 'Todo', ja: 'すべて', de: 'Gesamt', fr: 'Total' };

async function labelsOf(db: Db, groupBy: ReportGrouping, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  let rows: { id: string; label: string }[];
  if (groupBy === 'region') rows = await db.select({ id: regions.id, label: regions.name }).from(regions).where(inArray(regions.id, keys));
  else if (groupBy === 'branch') rows = await db.select({ id: branches.id, label: branches.name }).from(branches).where(inArray(branches.id, keys));
  else if (groupBy === 'customer') rows = await db.select({ id: customers.id, label: customers.name }).from(customers).where(inArray(customers.id, keys));
  else rows = await db.select({ id: users.id, label: sql<string>`trim(concat_ws(' ', ${users.firstName}, ${users.lastName}))` }).from(users).where(inArray(users.id, keys));
  return new Map(rows.map((row) => [row.id, row.label]));
}

function monthsOf(from: Date, to: Date): string[] {
  const months: string[] = [];
  const cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  while (cursor < to) {
    months.push(cursor.toISOString().slice(0, 7));
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return months;
}

/**
 * The performance report: every module's `reportMetrics` over [from, to] (whole days, UTC) in the
 * caller's scope, per group, plus totals and a monthly trend. Each figure is one SQL aggregate.
 */
export async function runPerformanceReport(
  db: Db,
  modules: readonly DomainModule[],
  user: AuthUser,
  language: Language,
  query: Pick<PerformanceReportQuery, 'from' | 'to' | 'groupBy'>,
): Promise<PerformanceReport> {
  const from = new Date(`${query.from}T00:00:00Z`);
  const to = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000);
  const metrics = modules
    .flatMap((module) => (module.reportMetrics ?? []).map((metric) => ({ id: `${module.name}.${metric.id}`, metric })))
    .sort((a, b) => a.metric.order - b.metric.order);
  const base = { db, from, to, scope: (column: AnyColumn) => customerIdInScope(user, column) };
  const byGroup: ReportMetricContext = { ...base, groupKey: () => customerGroupKey(query.groupBy) };
  const byAll: ReportMetricContext = { ...base, groupKey: () => sql<string>`cast('all' as text)` };
  const byMonth: ReportMetricContext = { ...base, groupKey: (event) => sql<string>`to_char(date_trunc('month', (${event}) at time zone 'UTC'), 'YYYY-MM')` };

  const groups = new Map<string | null, Record<string, number | null>>();
  const total: Record<string, number | null> = {};
  const months = monthsOf(from, to);
  const trend = new Map<string, Record<string, number | null>>(months.map((month) => [month, {}]));
  for (const { id, metric } of metrics) {
    for (const { key, value } of await metric.load(byGroup)) {
      const values = groups.get(key) ?? {};
      values[id] = value;
      groups.set(key, values);
    }
    total[id] = (await metric.load(byAll))[0]?.value ?? null;
    if (metric.trend) {
      for (const { key, value } of await metric.load(byMonth)) if (key && trend.has(key)) trend.get(key)![id] = value;
    }
  }
  const labels = await labelsOf(db, query.groupBy, [...groups.keys()].filter((key): key is string => key !== null));
  const fill = (values: Record<string, number | null>) => Object.fromEntries(metrics.map(({ id }) => [id, values[id] ?? null]));
  const rows: PerformanceReportRow[] = [...groups.entries()]
    .map(([key, values]) => ({ key, label: key === null ? NONE[language] : (labels.get(key) ?? key), values: fill(values) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    metrics: metrics.map(({ id, metric }) => ({ id, title: metric.title[language] ?? metric.title.en, format: metric.format, trend: Boolean(metric.trend) })),
    rows,
    total: { key: null, label: TOTAL[language], values: fill(total) },
    trend: months.map((period) => ({ period, values: fill(trend.get(period)!) })),
  };
}
