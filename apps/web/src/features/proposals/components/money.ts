import { formatCents } from '@grove/shared';
import { intlLocale } from '../../../app/format';
import type { Language } from '@grove/shared';

/** Cents in the interface language's format. */
export function money(cents: number, language: Language): string {
  return formatCents(cents, intlLocale(language));
}

export const STATUS_COLORS: Record<string, string> = {
  draft: 'gray',
  sent: 'blue',
  viewed: 'cyan',
  pending_approval: 'yellow',
  accepted: 'green',
  declined: 'red',
  rejected: 'red',
  expired: 'gray',
  withdrawn: 'gray',
};
