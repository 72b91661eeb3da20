import { DateInput, useDatesContext, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { DatesLocaleProvider } from '../../app/dates';

dayjs.extend(customParseFormat);
dayjs.extend(localizedFormat);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const YEAR_FIRST = new Set(['ja', 'zh-cn']);

/**
 * What a user may type: the ISO day, the locale's short form (24.11.2026, 2026/11/24, 11/24/2026),
 * with or without leading zeros, and the medium form the field shows ("24. Nov. 2026").
 */
export function parseDay(text: string, locale: string): string | null {
  const value = text.trim();
  if (!value) return null;
  if (ISO_DAY.test(value)) return dayjs(value, 'YYYY-MM-DD', true).isValid() ? value : null;
  const formats = (dayjs.Ls[locale]?.formats ?? {}) as { L?: string; LL?: string };
  const short = formats.L ?? 'MM/DD/YYYY';
  const candidates = [short, short.replace('DD', 'D').replace('MM', 'M'), 'll', 'LL', formats.LL ?? 'MMMM D, YYYY'];
  for (const format of candidates) {
    const day = dayjs(value, format, locale, true);
    if (day.isValid()) return day.format('YYYY-MM-DD');
  }
  return null;
}

export interface DateFieldProps
  extends Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'minDate' | 'maxDate' | 'dateParser' | 'valueFormat'> {
  /** The day as `YYYY-MM-DD`, or '' / null for none. */
  value: string | null | undefined;
  /** Called with `YYYY-MM-DD`, or '' when the field is cleared. */
  onChange: (value: string) => void;
  /** Earliest and latest day that may be picked, `YYYY-MM-DD`. */
  min?: string | null;
  max?: string | null;
  'data-testid'?: string;
}

/**
 * A calendar day in the interface language (issue 17 §9): month names, weekdays, first day of the
 * week and the shown form follow the DatesLocaleProvider of app/dates.tsx, never the browser's
 * `mm/dd/yyyy`. The value stays an ISO day (`YYYY-MM-DD`), as the API expects.
 */
export function DateField(props: DateFieldProps) {
  // The provider (and dayjs with its locales) comes with the first date field, not with every
  // signed-in screen: a list page without dates downloads none of it (decision 028).
  return (
    <DatesLocaleProvider>
      <LocalizedDateInput {...props} />
    </DatesLocaleProvider>
  );
}

function LocalizedDateInput({ value, onChange, min, max, name, clearable, ...rest }: DateFieldProps) {
  const { locale } = useDatesContext();
  return (
    <DateInput
      value={value && ISO_DAY.test(value) ? value : null}
      onChange={(day) => onChange(day ?? '')}
      minDate={min ?? undefined}
      maxDate={max ?? undefined}
      valueFormat="ll"
      // "2026年11月" in Chinese and Japanese, "November 2026" elsewhere.
      monthLabelFormat={YEAR_FIRST.has(locale) ? 'YYYY年M月' : 'MMMM YYYY'}
      dateParser={(text) => parseDay(text, locale)}
      clearable={clearable}
      leftSection={<IconCalendar size={16} stroke={1.6} aria-hidden />}
      leftSectionPointerEvents="none"
      name={name}
      data-name={name}
      {...rest}
    />
  );
}
