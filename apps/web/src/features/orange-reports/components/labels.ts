import { useTranslation } from 'react-i18next';
import {
  localizedName,
  type LocalizedNamesOut,
  type OrangeReportCategory,
  type OrangeReportStatus,
  type OrangeReportUrgency,
  type OrangeServiceUnit,
} from '@grove/shared';
import { useFormat } from '../../../app/format';

export const STATUS_COLORS: Record<OrangeReportStatus, string> = {
  draft: 'gray',
  submitted: 'orange',
  returned: 'red',
  approved: 'teal',
  acknowledged: 'blue',
  resolved: 'green',
  declined: 'dark',
};

export const URGENCY_COLORS: Record<OrangeReportUrgency, string> = { safety: 'red', soon: 'orange', routine: 'gray' };

/** Translated names of statuses, categories, urgencies, units and catalogue services; money from cents. */
export function useReportLabels() {
  const { t, i18n } = useTranslation('orangeReports');
  const format = useFormat();
  return {
    status: (status: OrangeReportStatus) => t(`status.${status}`),
    category: (category: OrangeReportCategory | null) => (category ? t(`category.${category}`) : '—'),
    urgency: (urgency: OrangeReportUrgency | null) => (urgency ? t(`urgency.${urgency}`) : '—'),
    unit: (unit: OrangeServiceUnit) => t(`units.${unit}`),
    service: (names: LocalizedNamesOut) => localizedName(names, i18n.resolvedLanguage ?? 'en'),
    money: (cents: number | null | undefined) => (cents === null || cents === undefined ? '—' : format.money(cents / 100)),
    date: format.date,
    dateTime: format.dateTime,
    number: format.number,
  };
}
