import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
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
  // Default green and cyan/blue filled shades fall below 4.5:1; these read well as light badges.
  resolved: 'cyan',
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
    // The language the screen is in (resolvedLanguage can lag behind a switch while bundles load).
    service: (names: LocalizedNamesOut) => localizedName(names, (LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : (i18n.resolvedLanguage ?? 'en')),
    money: (cents: number | null | undefined) => (cents === null || cents === undefined ? '—' : format.money(cents / 100)),
    date: format.date,
    dateTime: format.dateTime,
    number: format.number,
  };
}
