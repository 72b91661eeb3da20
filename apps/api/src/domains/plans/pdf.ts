import { WEEKDAYS, type Language, type PlanDetail, type PlanFrequency } from '@grove/shared';
import { PdfWriter, type PdfCompany } from '../../lib/pdf/index.js';

/*
 * The plan as a PDF for boards (issue 11): the company letterhead, the plan's facts and progress,
 * the items and the schedule month by month, in the reader's language. Drawn with the shared
 * PdfWriter (docs/decisions/017): embedded Noto fonts, so Chinese and Japanese labels and CJK
 * names in any document render on every server, and the pages stream to the reply.
 */

const INTL: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', es: 'es-ES', ja: 'ja-JP', de: 'de-DE', fr: 'fr-FR' };

type Labels = {
  title: string;
  customer: string;
  service: string;
  date: string;
  visitStatus: string;
  howOften: string;
  notes: string;
  period: string;
  status: Record<PlanDetail['status'], string>;
  version: string;
  acknowledged: string;
  notAcknowledged: string;
  progress: string;
  done: string;
  skipped: string;
  overdue: string;
  upcoming: string;
  items: string;
  where: string;
  wholeProperty: string;
  schedule: string;
  visit: Record<string, string>;
  generated: string;
  once: string;
  weekly: string;
  everyNWeeks: string;
  monthly: string;
  dates: string;
};

const LABELS: Record<Language, Labels> = {
  en: {
    title: 'Quarterly plan', customer: 'Property', service: 'Service', date: 'Date', visitStatus: 'Status', howOften: 'How often', notes: 'Notes',
    period: 'Quarter', status: { draft: 'Draft', published: 'Published', completed: 'Completed' }, version: 'Version', acknowledged: 'Acknowledged by {name} on {date}', notAcknowledged: 'Not acknowledged yet',
    progress: 'Progress', done: 'done', skipped: 'skipped', overdue: 'overdue', upcoming: 'upcoming', items: 'What we will do', where: 'Where', wholeProperty: 'Whole property', schedule: 'Schedule',
    visit: { planned: 'Planned', done: 'Done', skipped: 'Skipped', rescheduled: 'Rescheduled' }, generated: 'Generated {date} · Grove',
    once: 'Once, week {week} on {weekday}', weekly: 'Weekly on {weekday}', everyNWeeks: 'Every {n} weeks on {weekday}', monthly: 'Monthly on day {day}', dates: 'On {dates}',
  },
  zh: {
    title: '季度计划', customer: '物业', service: '服务', date: '日期', visitStatus: '状态', howOften: '频率', notes: '备注',
    period: '季度', status: { draft: '草稿', published: '已发布', completed: '已完成' }, version: '版本', acknowledged: '{name} 于 {date} 确认', notAcknowledged: '尚未确认',
    progress: '进度', done: '已完成', skipped: '已跳过', overdue: '已逾期', upcoming: '待进行', items: '我们将做的工作', where: '位置', wholeProperty: '整个物业', schedule: '日程',
    visit: { planned: '计划中', done: '已完成', skipped: '已跳过', rescheduled: '已改期' }, generated: '生成于 {date} · Grove',
    once: '一次，第 {week} 周的{weekday}', weekly: '每周{weekday}', everyNWeeks: '每 {n} 周的{weekday}', monthly: '每月 {day} 日', dates: '于 {dates}',
  },
  es: {
    title: 'Plan trimestral', customer: 'Propiedad', service: 'Servicio', date: 'Fecha', visitStatus: 'Estado', howOften: 'Frecuencia', notes: 'Notas',
    period: 'Trimestre', status: { draft: 'Borrador', published: 'Publicado', completed: 'Completado' }, version: 'Versión', acknowledged: 'Confirmado por {name} el {date}', notAcknowledged: 'Aún sin confirmar',
    progress: 'Avance', done: 'hechas', skipped: 'omitidas', overdue: 'atrasadas', upcoming: 'próximas', items: 'Lo que haremos', where: 'Dónde', wholeProperty: 'Toda la propiedad', schedule: 'Calendario',
    visit: { planned: 'Prevista', done: 'Hecha', skipped: 'Omitida', rescheduled: 'Reprogramada' }, generated: 'Generado el {date} · Grove',
    once: 'Una vez, semana {week}, el {weekday}', weekly: 'Cada semana, el {weekday}', everyNWeeks: 'Cada {n} semanas, el {weekday}', monthly: 'Cada mes, el día {day}', dates: 'El {dates}',
  },
  ja: {
    title: '四半期プラン', customer: '物件', service: 'サービス', date: '日付', visitStatus: 'ステータス', howOften: '頻度', notes: 'メモ',
    period: '四半期', status: { draft: '下書き', published: '公開中', completed: '完了' }, version: 'バージョン', acknowledged: '{name} さんが {date} に確認', notAcknowledged: '未確認',
    progress: '進捗', done: '完了', skipped: 'スキップ', overdue: '期限超過', upcoming: '予定', items: '実施内容', where: '場所', wholeProperty: '物件全体', schedule: 'スケジュール',
    visit: { planned: '予定', done: '完了', skipped: 'スキップ', rescheduled: '日程変更' }, generated: '{date} 作成 · Grove',
    once: '1回（第{week}週の{weekday}）', weekly: '毎週{weekday}', everyNWeeks: '{n}週間ごとの{weekday}', monthly: '毎月{day}日', dates: '{dates}',
  },
  de: {
    title: 'Quartalsplan', customer: 'Objekt', service: 'Leistung', date: 'Datum', visitStatus: 'Status', howOften: 'Häufigkeit', notes: 'Notizen',
    period: 'Quartal', status: { draft: 'Entwurf', published: 'Veröffentlicht', completed: 'Abgeschlossen' }, version: 'Version', acknowledged: 'Bestätigt von {name} am {date}', notAcknowledged: 'Noch nicht bestätigt',
    progress: 'Fortschritt', done: 'erledigt', skipped: 'ausgelassen', overdue: 'überfällig', upcoming: 'geplant', items: 'Was wir tun', where: 'Wo', wholeProperty: 'Ganzes Grundstück', schedule: 'Terminplan',
    visit: { planned: 'Geplant', done: 'Erledigt', skipped: 'Ausgelassen', rescheduled: 'Verschoben' }, generated: 'Erstellt am {date} · Grove',
    once: 'Einmalig, Woche {week} am {weekday}', weekly: 'Wöchentlich am {weekday}', everyNWeeks: 'Alle {n} Wochen am {weekday}', monthly: 'Monatlich am {day}.', dates: 'Am {dates}',
  },
  fr: {
    title: 'Plan trimestriel', customer: 'Site', service: 'Prestation', date: 'Date', visitStatus: 'Statut', howOften: 'Fréquence', notes: 'Remarques',
    period: 'Trimestre', status: { draft: 'Brouillon', published: 'Publié', completed: 'Terminé' }, version: 'Version', acknowledged: 'Pris en compte par {name} le {date}', notAcknowledged: 'Pas encore pris en compte',
    progress: 'Avancement', done: 'faits', skipped: 'sautés', overdue: 'en retard', upcoming: 'à venir', items: 'Ce que nous ferons', where: 'Où', wholeProperty: 'Toute la propriété', schedule: 'Calendrier',
    visit: { planned: 'Prévu', done: 'Fait', skipped: 'Sauté', rescheduled: 'Reporté' }, generated: 'Généré le {date} · Grove',
    once: 'Une fois, semaine {week}, le {weekday}', weekly: 'Chaque semaine, le {weekday}', everyNWeeks: 'Toutes les {n} semaines, le {weekday}', monthly: 'Chaque mois, le {day}', dates: 'Le {dates}',
  },
};

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}

function day(value: string, lang: Language, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return new Intl.DateTimeFormat(INTL[lang], { ...options, timeZone: 'UTC' }).format(new Date(value.length === 10 ? `${value}T12:00:00Z` : value));
}

function weekday(name: (typeof WEEKDAYS)[number], lang: Language): string {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(INTL[lang], { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(name), 12)));
}

function frequencyText(f: PlanFrequency, l: Labels, lang: Language): string {
  switch (f.kind) {
    case 'once':
      return fill(l.once, { week: f.week, weekday: weekday(f.weekday, lang) });
    case 'weekly':
      return fill(l.weekly, { weekday: weekday(f.weekday, lang) });
    case 'everyNWeeks':
      return fill(l.everyNWeeks, { n: f.interval, weekday: weekday(f.weekday, lang) });
    case 'monthly':
      return fill(l.monthly, { day: f.dayOfMonth });
    case 'dates':
      return fill(l.dates, {
        dates: f.dates.map((d) => (d.length === 10 ? day(d, lang, { month: 'short', day: 'numeric' }) : day(`2024-${d}`, lang, { month: 'short', day: 'numeric' }))).join(', '),
      });
  }
}

/**
 * Draws the plan for a reader of `language`; the returned stream is the PDF (hand it to `sendPdf`).
 * `now` dates the footer line.
 */
export function renderPlanPdf(plan: PlanDetail, language: Language, company: PdfCompany, now = new Date()): PDFKit.PDFDocument {
  const l = LABELS[language];
  const pdf = new PdfWriter({ language, company, title: plan.name, subject: `${l.title} · ${plan.customerName}` });
  const facts: [string, string][] = [
    [l.customer, plan.customerName],
    [l.period, `${pdf.date(plan.startDate)} – ${pdf.date(plan.endDate)}`],
    [l.visitStatus, `${l.status[plan.status]}${plan.version > 0 ? ` · ${l.version} ${plan.version}` : ''}`],
  ];
  pdf.letterhead(company, l.title, facts);
  pdf.text(plan.name, { size: 16, bold: true });
  if (plan.status !== 'draft') {
    pdf.muted(plan.acknowledgedBy && plan.acknowledgedAt ? fill(l.acknowledged, { name: plan.acknowledgedBy.name, date: pdf.date(plan.acknowledgedAt) }) : l.notAcknowledged);
  }
  if (plan.notes) pdf.text(plan.notes, { gap: 6 });

  const p = plan.progress;
  pdf.heading(l.progress);
  pdf.text(`${p.done} ${l.done} · ${p.skipped} ${l.skipped} · ${p.overdue} ${l.overdue} · ${p.upcoming} ${l.upcoming} (${p.total})`);

  const zones = new Map(plan.zones.map((zone) => [zone.id, zone.name]));
  pdf.heading(l.items);
  pdf.table(
    [
      { label: l.service, share: 0.34 },
      { label: l.howOften, share: 0.24 },
      { label: l.where, share: 0.2 },
      { label: l.notes, share: 0.22 },
    ],
    plan.items.map((item) => [
      item.description ? `${item.service}\n${item.description}` : item.service,
      frequencyText(item.frequency, l, language),
      item.zoneIds.map((id) => zones.get(id)).filter(Boolean).join(', ') || l.wholeProperty,
      item.notes,
    ]),
  );

  const services = new Map(plan.items.map((item) => [item.id, item.service]));
  const months = new Map<string, PlanDetail['occurrences']>();
  for (const occurrence of plan.occurrences) {
    const key = occurrence.date.slice(0, 7);
    months.set(key, [...(months.get(key) ?? []), occurrence]);
  }
  if (months.size > 0) {
    pdf.newPage();
    pdf.heading(l.schedule);
    for (const [month, visits] of [...months.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      pdf.text(day(`${month}-01`, language, { month: 'long', year: 'numeric' }), { size: 11, bold: true, gap: 4 });
      pdf.table(
        [
          { label: l.date, share: 0.28 },
          { label: l.service, share: 0.47 },
          { label: l.visitStatus, share: 0.25 },
        ],
        visits.map((visit) => [
          day(visit.date, language, { weekday: 'short', month: 'short', day: 'numeric' }),
          services.get(visit.itemId) ?? '',
          `${l.visit[visit.status] ?? visit.status}${visit.overdue ? ` · ${l.overdue}` : ''}`,
        ]),
      );
    }
  }
  pdf.muted(fill(l.generated, { date: pdf.date(now) }));
  return pdf.finish();
}
