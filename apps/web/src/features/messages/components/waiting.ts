import { intlLocale } from '../../../app/format';
import type { Language } from '@grove/shared';

/** How long someone has waited, in the largest whole unit: "45 min", "3 hr", "2 days". */
export function formatWaiting(since: string, lang: Language, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000));
  const [value, unit] = minutes < 60 ? [minutes, 'minute'] : minutes < 48 * 60 ? [Math.floor(minutes / 60), 'hour'] : [Math.floor(minutes / 1440), 'day'];
  return new Intl.NumberFormat(intlLocale(lang), { style: 'unit', unit, unitDisplay: unit === 'day' ? 'long' : 'short' }).format(value);
}
