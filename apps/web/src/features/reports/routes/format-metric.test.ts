import { describe, expect, it } from 'vitest';
import { formatMetric } from './PerformanceReportPage';

describe('formatMetric', () => {
  it('shows money (integer cents in the report) as currency, ratios as percent, hours with one decimal', () => {
    expect(formatMetric({ format: 'money' }, 170_000)).toBe('$1,700.00');
    expect(formatMetric({ format: 'percent' }, 0.25)).toBe('25%');
    expect(formatMetric({ format: 'hours' }, 12.345)).toBe('12.3');
    expect(formatMetric({ format: 'count' }, 3)).toBe('3');
    expect(formatMetric({ format: 'money' }, null)).toBe('–');
  });
});
