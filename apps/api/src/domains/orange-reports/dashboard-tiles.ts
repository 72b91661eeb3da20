import { and, count, desc, eq, inArray, min, sql } from 'drizzle-orm';
import { ORANGE_REPORT_PUBLISHED_STATUSES } from '@grove/shared';
import { customers } from '../../db/schema.js';
import type { DashboardTileDefinition } from '../../modules/dashboard.js';
import { REVIEWER_ROLES, reviewableCondition } from './policy.js';
import { orangeReports } from './tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The statuses a customer sees, in the customer's words. */
const CUSTOMER_STATUS = {
  approved: { en: 'Decision needed', zh: '待决定', es: 'Decisión pendiente', ja: '判断待ち', de: 'Entscheidung offen', fr: 'Décision attendue' },
  acknowledged: { en: 'Acknowledged', zh: '已确认', es: 'Confirmado', ja: '確認済み', de: 'Bestätigt', fr: 'Confirmé' },
  resolved: { en: 'Resolved', zh: '已解决', es: 'Resuelto', ja: '解決済み', de: 'Erledigt', fr: 'Résolu' },
  declined: { en: 'Declined', zh: '已拒绝', es: 'Rechazado', ja: '見送り', de: 'Abgelehnt', fr: 'Refusé' },
} as const;

/**
 * Orange reports on the staff dashboard (issue 10): reviewers (Branch Manager and above, and
 * account managers for their own customers) see how many reports wait for their review and how
 * long the oldest has waited, linking to the review queue. Nobody else gets the tile: they could
 * not act on the figure.
 */
export const orangeReportDashboardTiles: readonly DashboardTileDefinition[] = [
  {
    id: 'waiting-for-review',
    audience: 'staff',
    kind: 'figure',
    icon: 'report',
    order: 25,
    title: { en: 'Orange reports waiting for review', zh: '待审核的橙色报告', es: 'Informes naranja pendientes de revisión', ja: '確認待ちのオレンジレポート', de: 'Orange-Berichte zur Prüfung', fr: 'Rapports orange à relire' },
    async load(ctx) {
      const reviewer = ctx.user.roles.some((role) => REVIEWER_ROLES.includes(role)) || ctx.user.roles.includes('Account Manager');
      if (!reviewer) return null;
      const [row] = await ctx.db
        .select({ n: count(), oldest: min(orangeReports.submittedAt) })
        .from(orangeReports)
        .innerJoin(customers, eq(customers.id, orangeReports.customerId))
        .where(and(ctx.customerCondition(orangeReports.customerId), eq(orangeReports.status, 'submitted'), reviewableCondition(ctx.user)));
      const n = row?.n ?? 0;
      const oldest = row?.oldest ? new Date(row.oldest) : null;
      const days = oldest ? Math.max(0, Math.floor((ctx.now.getTime() - oldest.getTime()) / DAY_MS)) : null;
      return {
        value: n,
        tone: n === 0 ? 'good' : days !== null && days >= 2 ? 'danger' : 'warning',
        detail:
          n > 0 && days !== null
            ? ctx.text(
                { en: 'Oldest waiting {{days}} d', zh: '最早的已等待 {{days}} 天', es: 'El más antiguo espera {{days}} d', ja: '最長 {{days}} 日待機中', de: 'Ältester wartet seit {{days}} T.', fr: 'Le plus ancien attend depuis {{days}} j' },
                { days: ctx.number(days) },
              )
            : null,
        link: ctx.customerId ? `/customers/${ctx.customerId}/orange-reports/pending` : '/orange-reports/pending',
      };
    },
  },
  {
    id: 'latest',
    audience: 'customer',
    kind: 'list',
    icon: 'report',
    order: 12,
    title: { en: 'Latest orange reports', zh: '最新橙色报告', es: 'Últimos informes naranja', ja: '最新のオレンジレポート', de: 'Neueste Orange Reports', fr: 'Derniers rapports orange' },
    async load(ctx) {
      // Published reports of the property (the review gate: customers never see others), newest
      // approval first; the badge says what waits for the customer (approved: a decision).
      const where = and(ctx.customerCondition(orangeReports.customerId), inArray(orangeReports.status, [...ORANGE_REPORT_PUBLISHED_STATUSES]));
      const [rows, totals] = await Promise.all([
        ctx.db
          .select({ id: orangeReports.id, title: orangeReports.title, number: orangeReports.number, status: orangeReports.status, approvedAt: orangeReports.approvedAt, customerId: orangeReports.customerId })
          .from(orangeReports)
          .where(where)
          .orderBy(desc(orangeReports.approvedAt), desc(orangeReports.id))
          .limit(3),
        ctx.db.select({ waiting: sql<number>`(count(*) filter (where ${orangeReports.status} = 'approved'))::int` }).from(orangeReports).where(where),
      ]);
      const waiting = totals[0]?.waiting ?? 0;
      return {
        value: waiting,
        tone: waiting > 0 ? 'warning' : 'neutral',
        detail: waiting > 0 ? ctx.text({ en: '{{n}} waiting for your decision', zh: '{{n}} 份待您决定', es: '{{n}} esperan su decisión', ja: '{{n}} 件があなたの判断待ち', de: '{{n}} warten auf Ihre Entscheidung', fr: '{{n}} attendent votre décision' }, { n: waiting }) : null,
        link: ctx.customerId ? `/customerView/${ctx.customerId}/orange-reports` : null,
        items: rows.map((row) => ({
          id: row.id,
          title: row.title,
          subtitle: row.number,
          link: `/customerView/${row.customerId}/orange-reports/${row.id}/view`,
          at: row.approvedAt?.toISOString() ?? null,
          progress: null,
          badge: ctx.text(CUSTOMER_STATUS[row.status as keyof typeof CUSTOMER_STATUS] ?? CUSTOMER_STATUS.approved),
        })),
        empty: ctx.text({
          en: 'No orange reports for this property yet.',
          zh: '此物业还没有橙色报告。',
          es: 'Todavía no hay informes naranja de esta propiedad.',
          ja: 'この物件のオレンジレポートはまだありません。',
          de: 'Für dieses Grundstück gibt es noch keine Orange Reports.',
          fr: 'Aucun rapport orange pour ce site pour l’instant.',
        }),
      };
    },
  },
];
