import { TimePicker, type TimePickerProps } from '@mantine/dates';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface TimeFieldProps extends Omit<TimePickerProps, 'value' | 'onChange' | 'format'> {
  /** `HH:mm` (24 h) or '' for none. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * A time of day in the interface language's clock (issue 17 §9): 12 hours with AM/PM in English,
 * 24 hours in the other languages. The value is always `HH:mm`.
 */
export function TimeField({ value, onChange, ...rest }: TimeFieldProps) {
  const { t, i18n } = useTranslation('forms');
  const twelve = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  return (
    <TimePicker
      value={value}
      onChange={(time) => onChange(time.slice(0, 5))}
      format={twelve ? '12h' : '24h'}
      leftSection={<IconClock size={16} stroke={1.6} aria-hidden />}
      hoursInputLabel={t('time.hours')}
      minutesInputLabel={t('time.minutes')}
      amPmInputLabel={t('time.amPm')}
      clearable
      {...rest}
    />
  );
}
