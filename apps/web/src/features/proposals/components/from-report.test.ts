import { describe, expect, it } from 'vitest';
import type { OrangeReportRecommendation } from '@grove/shared';
import { valuesFromReport } from './from-report';

const rec = (values: Partial<OrangeReportRecommendation>): OrangeReportRecommendation => ({
  id: crypto.randomUUID(),
  serviceId: crypto.randomUUID(),
  names: { en: 'Shrub replacement', de: 'Strauchersatz', zh: null, es: null, ja: null, fr: null },
  category: 'plants',
  unit: 'each',
  quantity: 3,
  unitPriceCents: 4500,
  lineTotalCents: 13500,
  note: '',
  ...values,
});

describe('a proposal from an orange report', () => {
  it('takes the title, the findings as scope and one priced line per recommended service, in the reader’s language', () => {
    const values = valuesFromReport(
      { title: 'Dead shrubs', findings: 'Three boxwoods died.', locationText: 'Main entrance', recommendations: [rec({}), rec({ unitPriceCents: null, lineTotalCents: null, note: 'Haul away' })] },
      'de',
      (unit) => `unit:${unit}`,
    );
    expect(values.title).toBe('Dead shrubs');
    expect(values.scope).toBe('Three boxwoods died.\n\nMain entrance');
    expect(values.lines).toEqual([
      expect.objectContaining({ description: 'Strauchersatz', quantity: 3, unit: 'unit:each', unitPrice: 45, taxRate: 0 }),
      expect.objectContaining({ description: 'Strauchersatz — Haul away', unitPrice: '' }),
    ]);
  });

  it('a report without recommendations starts with one empty line', () => {
    expect(valuesFromReport({ title: 'x', findings: '', locationText: '', recommendations: [] }, 'en', (u) => u).lines).toHaveLength(1);
  });
});
