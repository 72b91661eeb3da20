import { formatCents, type InvoiceStatus, type Language } from '@grove/shared';
import { intlLocale } from '../../../app/format';

/** Cents in the interface language's format. */
export function money(cents: number, language: Language): string {
  return formatCents(cents, intlLocale(language));
}

export const STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: 'gray',
  issued: 'blue',
  partly_paid: 'yellow',
  paid: 'green',
  void: 'gray',
};
