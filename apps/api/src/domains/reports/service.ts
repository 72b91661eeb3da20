import { eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Language, PerformanceReport, PerformanceReportQuery, PerformanceReportRow, ReportGrouping } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { branches, customers, customerTeam, regions, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { perLanguage } from '../../lib/i18n.js';
import type { DomainModule } from '../../modules/domain-module.js';
import type { ReportGroups, ReportMetricContext } from '../../modules/reports.js';
import { customerScopeCondition } from '../scope/index.js';

/** A customer's group key, as SQL over `customers` (and `first_crew_leader` for that grouping). */
function customerGroupKey(groupBy: ReportGrouping): SQL<string | null> {
  switch (groupBy) {
    case 'region':
      return sql<string>`${customers.regionId}::text`;
    case 'branch':
      return sql<string>`${customers.branchId}::text`;
    case 'accountManager':
      return sql<string | null>`${customers.accountManagerId}::text`;
    case 'crewLeader':
      return sql<string | null>`first_crew_leader.user_id::text`;
    case 'customer':
      return sql<string>`${customers.id}::text`;
  }
}

/**
 * The caller's customers with their group and branch time zone: one small subquery (at most the
 * company's customers) that every metric statement joins on its customer id. A customer's crew
 * leader is the first one put on its team, read in one pass over the team table.
 */
function reportGroups(db: Db, user: AuthUser, groupBy: ReportGrouping): ReportGroups {
  const query = db
    .select({
      customerId: sql<string>`${customers.id}`.as('group_customer_id'),
      groupKey: customerGroupKey(groupBy).as('group_key'),
      timeZone: sql<string | null>`${branches.timeZone}`.as('group_time_zone'),
    })
    .from(customers)
    .leftJoin(branches, eq(branches.id, customers.branchId))
    .$dynamic();
  if (groupBy === 'crewLeader') {
    query.leftJoin(
      sql`(select distinct on (${customerTeam.customerId}) ${customerTeam.customerId} as customer_id, ${customerTeam.userId} as user_id from ${customerTeam}
            where ${customerTeam.teamRole} = 'Crew Leader' order by ${customerTeam.customerId}, ${customerTeam.createdAt}, ${customerTeam.userId}) first_crew_leader`,
      sql`first_crew_leader.customer_id = ${customers.id}`,
    );
  }
  return query.where(customerScopeCondition(user)).as('report_groups');
}

/** GROUPING SETS: the groups (set 1), the total (set 3) and the UTC months of the event (set 2). */
function groupingOf(groups: ReportGroups) {
  return (event: AnyColumn | SQL) => {
    const month = sql`date_trunc('month', (${event}) at time zone 'UTC')`;
    const set = sql<number>`grouping(${groups.groupKey}, ${month})`;
    return {
      set,
      key: sql<string | null>`case ${set} when 1 then ${groups.groupKey} when 2 then to_char(${month}, 'YYYY-MM') end`,
      groupBy: sql`grouping sets ((${groups.groupKey}), (), (${month}))`,
    };
  };
}

const NONE: Record<Language, string> = perLanguage('server/reports:service.none');
const TOTAL: Record<Language, string> = perLanguage('server/reports:service.total');

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
 * caller's scope, per group, plus totals and a monthly trend. Each figure is one SQL aggregate;
 * one statement answers a metric's groups, total and months (GROUPING SETS), and metrics reading
 * the same rows share it (decision 031).
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
  const cache = new Map<string, Promise<unknown>>();
  const groups = reportGroups(db, user, query.groupBy);
  const ctx: ReportMetricContext = {
    db,
    from,
    to,
    groups,
    grouping: groupingOf(groups),
    once: <T>(key: string, load: () => Promise<T>) => {
      if (!cache.has(key)) cache.set(key, load());
      return cache.get(key) as Promise<T>;
    },
  };

  const groupValues = new Map<string | null, Record<string, number | null>>();
  const total: Record<string, number | null> = {};
  const months = monthsOf(from, to);
  const trend = new Map<string, Record<string, number | null>>(months.map((month) => [month, {}]));
  // Every metric starts at once; metrics sharing a statement (ctx.once) wait for the same one.
  const answers = await Promise.all(metrics.map(({ metric }) => metric.load(ctx)));
  metrics.forEach(({ id, metric }, i) => {
    for (const row of answers[i]!) {
      if (row.set === 'group') {
        const values = groupValues.get(row.key) ?? {};
        values[id] = row.value;
        groupValues.set(row.key, values);
      } else if (row.set === 'total') total[id] = row.value;
      else if (metric.trend && row.key && trend.has(row.key)) trend.get(row.key)![id] = row.value;
    }
  });
  const labels = await labelsOf(db, query.groupBy, [...groupValues.keys()].filter((key): key is string => key !== null));
  const fill = (values: Record<string, number | null>) => Object.fromEntries(metrics.map(({ id }) => [id, values[id] ?? null]));
  const rows: PerformanceReportRow[] = [...groupValues.entries()]
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
