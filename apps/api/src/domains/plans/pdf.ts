import { WEEKDAYS, interpolate, type Language, type PlanDetail, type PlanFrequency } from '@grove/shared';
import { perLanguage } from '../../lib/i18n.js';
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

const LABELS: Record<Language, Labels> = perLanguage('server/plans:pdf.labels');

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
      return interpolate(l.once, { week: f.week, weekday: weekday(f.weekday, lang) });
    case 'weekly':
      return interpolate(l.weekly, { weekday: weekday(f.weekday, lang) });
    case 'everyNWeeks':
      return interpolate(l.everyNWeeks, { n: f.interval, weekday: weekday(f.weekday, lang) });
    case 'monthly':
      return interpolate(l.monthly, { day: f.dayOfMonth });
    case 'dates':
      return interpolate(l.dates, {
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
    pdf.muted(plan.acknowledgedBy && plan.acknowledgedAt ? interpolate(l.acknowledged, { name: plan.acknowledgedBy.name, date: pdf.date(plan.acknowledgedAt) }) : l.notAcknowledged);
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
  pdf.muted(interpolate(l.generated, { date: pdf.date(now) }));
  return pdf.finish();
}
