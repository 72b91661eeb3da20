import { useEffect } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { PlanDetail, PlanItem, ZoneKind } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { planState } from './PlanBadges';
import { useFrequencyText } from './labels';
import './PlanPrint.css';

/**
 * Printing: while `printing` is on, the printable plan is a direct child of <body>, and the print
 * stylesheet hides everything else (the app's frame, tabs, buttons). Ctrl+P works as well as the
 * Print button: the `beforeprint` event mounts it before the page is laid out for paper.
 */
export function usePrintListener(setPrinting: (on: boolean) => void): void {
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [setPrinting]);
}

/** The plan on paper for boards: overview, items, and every visit of the quarter by month. */
export function PlanPrint({ plan }: { plan: PlanDetail }) {
  const { t } = useTranslation('plans');
  const format = useFormat();
  const frequencyText = useFrequencyText();
  const zoneNames = new Map(plan.zones.map((zone) => [zone.id, zone.name]));
  const services = new Map(plan.items.map((item) => [item.id, item.service]));
  const where = (item: PlanItem) => {
    const names = item.zoneIds.length ? item.zoneIds.map((id) => zoneNames.get(id) ?? t('items.unknownZone')) : item.zoneKinds.map((kind: ZoneKind) => t(`map:kind.${kind}`));
    return names.length ? names.join(', ') : t('items.wholeProperty');
  };
  const months = [...new Set(plan.occurrences.map((o) => o.date.slice(0, 7)))].sort();
  const p = plan.progress;

  return createPortal(
    <div className="grove-plan-print" data-testid="plan-print">
      <div className="grove-plan-print-head">
        <h1>{plan.name}</h1>
        <p className="grove-plan-print-lead">
          {plan.customerName} · {t('plans.quarter', { from: format.date(plan.startDate), to: format.date(plan.endDate) })}
          {plan.version > 0 ? ` · ${t('plans.version', { n: plan.version })}` : ''} · {t(`state.${planState(plan)}`)}
        </p>
        {plan.acknowledgedBy && plan.acknowledgedAt && (
          <p>{t('view.acknowledgedBy', { name: plan.acknowledgedBy.name, date: format.dateTime(plan.acknowledgedAt), n: plan.acknowledgedVersion })}</p>
        )}
        {plan.status !== 'draft' && (
          <p>
            {t('progress.doneOf', { done: p.done, total: p.total })}
            {p.skipped > 0 ? ` · ${t('progress.skipped', { count: p.skipped })}` : ''}
            {p.overdue > 0 ? ` · ${t('progress.overdue', { count: p.overdue })}` : ''}
          </p>
        )}
        {plan.notes && <p className="grove-plan-print-notes">{plan.notes}</p>}
      </div>

      <h2>{t('items.title', { n: plan.items.length })}</h2>
      <table>
        <thead>
          <tr>
            <th>{t('items.service')}</th>
            <th>{t('items.frequency')}</th>
            <th>{t('items.where')}</th>
            <th>{t('items.notes')}</th>
          </tr>
        </thead>
        <tbody>
          {plan.items.map((item) => (
            <tr key={item.id}>
              <td>
                <strong>{item.service}</strong>
                {item.description && <div className="grove-plan-print-dim">{item.description}</div>}
              </td>
              <td>{frequencyText(item.frequency)}</td>
              <td>{where(item)}</td>
              <td>{item.notes || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>

      {months.map((month) => {
        const visits = plan.occurrences.filter((o) => o.date.startsWith(month));
        return (
          <section key={month}>
            <h2>
              {format.date(`${month}-01`, { month: 'long', year: 'numeric' })} · {t('progress.doneOf', { done: visits.filter((o) => o.status === 'done').length, total: visits.length })}
            </h2>
            <table>
              <tbody>
                {visits.map((o) => (
                  <tr key={o.id}>
                    <td className="grove-plan-print-date">{format.date(o.date, { weekday: 'short', day: 'numeric', month: 'short' })}</td>
                    <td>{services.get(o.itemId) ?? t('items.removedItem')}</td>
                    <td className="grove-plan-print-status">{o.overdue ? t('occurrence.overdue') : t(`occurrence.status.${o.status}`)}</td>
                    <td>{o.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>,
    document.body,
  );
}
