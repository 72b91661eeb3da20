import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { WEEKDAYS, type Language, type PlanDetail, type PlanFrequency } from '@grove/shared';
import { toLanguage } from '../../mail/language.js';

/*
 * The plan as a PDF for boards (issue 11): header, progress, the items and the schedule month by
 * month, in the reader's language. Fonts: the system's DejaVu Sans / Noto Sans CJK when installed
 * (every script), else PDF's built-in Helvetica (Latin); Chinese and Japanese fall back to English
 * labels when no CJK font is installed, rather than printing empty boxes.
 */

const INTL: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', es: 'es-ES', ja: 'ja-JP', de: 'de-DE', fr: 'fr-FR' };

type Labels = {
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
    period: 'Quarter', status: { draft: 'Draft', published: 'Published', completed: 'Completed' }, version: 'Version', acknowledged: 'Acknowledged by {name} on {date}', notAcknowledged: 'Not acknowledged yet',
    progress: 'Progress', done: 'done', skipped: 'skipped', overdue: 'overdue', upcoming: 'upcoming', items: 'What we will do', where: 'Where', wholeProperty: 'Whole property', schedule: 'Schedule',
    visit: { planned: 'Planned', done: 'Done', skipped: 'Skipped', rescheduled: 'Rescheduled' }, generated: 'Generated {date} · Grove',
    once: 'Once, week {week} on {weekday}', weekly: 'Weekly on {weekday}', everyNWeeks: 'Every {n} weeks on {weekday}', monthly: 'Monthly on day {day}', dates: 'On {dates}',
  },
  zh: {
    period: '季度', status: { draft: '草稿', published: '已发布', completed: '已完成' }, version: '版本', acknowledged: '{name} 于 {date} 确认', notAcknowledged: '尚未确认',
    progress: '进度', done: '已完成', skipped: '已跳过', overdue: '已逾期', upcoming: '待进行', items: '我们将做的工作', where: '位置', wholeProperty: '整个物业', schedule: '日程',
    visit: { planned: '计划中', done: '已完成', skipped: '已跳过', rescheduled: '已改期' }, generated: '生成于 {date} · Grove',
    once: '一次，第 {week} 周的{weekday}', weekly: '每周{weekday}', everyNWeeks: '每 {n} 周的{weekday}', monthly: '每月 {day} 日', dates: '于 {dates}',
  },
  es: {
    period: 'Trimestre', status: { draft: 'Borrador', published: 'Publicado', completed: 'Completado' }, version: 'Versión', acknowledged: 'Confirmado por {name} el {date}', notAcknowledged: 'Aún sin confirmar',
    progress: 'Avance', done: 'hechas', skipped: 'omitidas', overdue: 'atrasadas', upcoming: 'próximas', items: 'Lo que haremos', where: 'Dónde', wholeProperty: 'Toda la propiedad', schedule: 'Calendario',
    visit: { planned: 'Prevista', done: 'Hecha', skipped: 'Omitida', rescheduled: 'Reprogramada' }, generated: 'Generado el {date} · Grove',
    once: 'Una vez, semana {week}, el {weekday}', weekly: 'Cada semana, el {weekday}', everyNWeeks: 'Cada {n} semanas, el {weekday}', monthly: 'Cada mes, el día {day}', dates: 'El {dates}',
  },
  ja: {
    period: '四半期', status: { draft: '下書き', published: '公開中', completed: '完了' }, version: 'バージョン', acknowledged: '{name} さんが {date} に確認', notAcknowledged: '未確認',
    progress: '進捗', done: '完了', skipped: 'スキップ', overdue: '期限超過', upcoming: '予定', items: '実施内容', where: '場所', wholeProperty: '物件全体', schedule: 'スケジュール',
    visit: { planned: '予定', done: '完了', skipped: 'スキップ', rescheduled: '日程変更' }, generated: '{date} 作成 · Grove',
    once: '1回（第{week}週の{weekday}）', weekly: '毎週{weekday}', everyNWeeks: '{n}週間ごとの{weekday}', monthly: '毎月{day}日', dates: '{dates}',
  },
  de: {
    period: 'Quartal', status: { draft: 'Entwurf', published: 'Veröffentlicht', completed: 'Abgeschlossen' }, version: 'Version', acknowledged: 'Bestätigt von {name} am {date}', notAcknowledged: 'Noch nicht bestätigt',
    progress: 'Fortschritt', done: 'erledigt', skipped: 'ausgelassen', overdue: 'überfällig', upcoming: 'geplant', items: 'Was wir tun', where: 'Wo', wholeProperty: 'Ganzes Grundstück', schedule: 'Terminplan',
    visit: { planned: 'Geplant', done: 'Erledigt', skipped: 'Ausgelassen', rescheduled: 'Verschoben' }, generated: 'Erstellt am {date} · Grove',
    once: 'Einmalig, Woche {week} am {weekday}', weekly: 'Wöchentlich am {weekday}', everyNWeeks: 'Alle {n} Wochen am {weekday}', monthly: 'Monatlich am {day}.', dates: 'Am {dates}',
  },
  fr: {
    period: 'Trimestre', status: { draft: 'Brouillon', published: 'Publié', completed: 'Terminé' }, version: 'Version', acknowledged: 'Pris en compte par {name} le {date}', notAcknowledged: 'Pas encore pris en compte',
    progress: 'Avancement', done: 'faits', skipped: 'sautés', overdue: 'en retard', upcoming: 'à venir', items: 'Ce que nous ferons', where: 'Où', wholeProperty: 'Toute la propriété', schedule: 'Calendrier',
    visit: { planned: 'Prévu', done: 'Fait', skipped: 'Sauté', rescheduled: 'Reporté' }, generated: 'Généré le {date} · Grove',
    once: 'Une fois, semaine {week}, le {weekday}', weekly: 'Chaque semaine, le {weekday}', everyNWeeks: 'Toutes les {n} semaines, le {weekday}', monthly: 'Chaque mois, le {day}', dates: 'Le {dates}',
  },
};

const FONT_CANDIDATES = {
  latin: ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'],
  latinBold: ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
  cjk: ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'],
  cjkBold: ['/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc'],
};

const firstExisting = (paths: readonly string[]) => paths.find((path) => existsSync(path)) ?? null;

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

/** Renders the plan; resolves with the PDF bytes. */
export async function planPdf(plan: PlanDetail, language: string, now = new Date()): Promise<Buffer> {
  const wanted = toLanguage(language);
  const cjk = wanted === 'zh' || wanted === 'ja';
  const regular = firstExisting(cjk ? FONT_CANDIDATES.cjk : FONT_CANDIDATES.latin);
  const bold = firstExisting(cjk ? FONT_CANDIDATES.cjkBold : FONT_CANDIDATES.latinBold);
  const lang: Language = cjk && !regular ? 'en' : wanted;
  const l = LABELS[lang];
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: plan.name, Author: 'Grove', Subject: plan.customerName } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const useFont = (weight: 'regular' | 'bold') => {
    const path = weight === 'bold' ? (bold ?? regular) : regular;
    if (!path) doc.font(weight === 'bold' ? 'Helvetica-Bold' : 'Helvetica');
    else if (path.endsWith('.ttc')) doc.font(path, cjk && lang === 'ja' ? (weight === 'bold' ? 'NotoSansCJKjp-Bold' : 'NotoSansCJKjp-Regular') : weight === 'bold' ? 'NotoSansCJKsc-Bold' : 'NotoSansCJKsc-Regular');
    else doc.font(path);
  };
  const orange = '#e8590c';
  const teal = '#0b7285';
  const grey = '#555555';

  useFont('bold');
  doc.fillColor(orange).fontSize(10).text(plan.customerName.toUpperCase(), { characterSpacing: 1 });
  doc.fillColor('#111111').fontSize(20).text(plan.name);
  useFont('regular');
  doc.fontSize(10).fillColor(grey);
  doc.text(`${l.period}: ${day(plan.startDate, lang)} – ${day(plan.endDate, lang)} · ${l.status[plan.status]}${plan.version > 0 ? ` · ${l.version} ${plan.version}` : ''}`);
  if (plan.status !== 'draft') {
    doc.text(plan.acknowledgedBy && plan.acknowledgedAt ? fill(l.acknowledged, { name: plan.acknowledgedBy.name, date: day(plan.acknowledgedAt, lang) }) : l.notAcknowledged);
  }
  if (plan.notes) doc.moveDown(0.5).fillColor('#111111').text(plan.notes);

  const p = plan.progress;
  doc.moveDown();
  useFont('bold');
  doc.fillColor(teal).fontSize(13).text(l.progress);
  useFont('regular');
  doc.fillColor('#111111').fontSize(10).text(`${p.done} ${l.done} · ${p.skipped} ${l.skipped} · ${p.overdue} ${l.overdue} · ${p.upcoming} ${l.upcoming} (${p.total})`);

  const zones = new Map(plan.zones.map((zone) => [zone.id, zone.name]));
  doc.moveDown();
  useFont('bold');
  doc.fillColor(teal).fontSize(13).text(l.items);
  for (const item of plan.items) {
    doc.moveDown(0.4);
    useFont('bold');
    doc.fillColor('#111111').fontSize(11).text(item.service);
    useFont('regular');
    doc.fontSize(9.5).fillColor(grey).text(frequencyText(item.frequency, l, lang));
    const where = item.zoneIds.map((id) => zones.get(id)).filter(Boolean).join(', ');
    doc.text(`${l.where}: ${where || l.wholeProperty}`);
    if (item.description) doc.fillColor('#111111').text(item.description);
    if (item.notes) doc.fillColor(grey).text(item.notes);
  }

  const services = new Map(plan.items.map((item) => [item.id, item.service]));
  const months = new Map<string, PlanDetail['occurrences']>();
  for (const occurrence of plan.occurrences) {
    const key = occurrence.date.slice(0, 7);
    months.set(key, [...(months.get(key) ?? []), occurrence]);
  }
  doc.addPage();
  useFont('bold');
  doc.fillColor(teal).fontSize(13).text(l.schedule);
  for (const [month, visits] of [...months.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    doc.moveDown(0.6);
    useFont('bold');
    doc.fillColor('#111111').fontSize(11).text(day(`${month}-01`, lang, { month: 'long', year: 'numeric' }));
    useFont('regular');
    doc.fontSize(9.5);
    for (const visit of visits) {
      const status = l.visit[visit.status] ?? visit.status;
      doc.fillColor(visit.overdue ? orange : '#111111').text(`${day(visit.date, lang, { weekday: 'short', month: 'short', day: 'numeric' })}  ·  ${services.get(visit.itemId) ?? ''}  ·  ${status}`);
    }
  }
  doc.moveDown(2).fontSize(8).fillColor(grey).text(fill(l.generated, { date: day(now.toISOString(), lang) }));
  doc.end();
  return done;
}
