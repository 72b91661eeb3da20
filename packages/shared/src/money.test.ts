import { describe, expect, it } from 'vitest';
import { divideRounded, dollarsToCents, hasAtMostThreeDecimals, lineAmounts, percentToBps, sumAmounts } from './money.js';

describe('money in integer cents', () => {
  it('rounds half away from zero', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
    expect(divideRounded(149n, 100n)).toBe(1n);
    expect(divideRounded(150n, 100n)).toBe(2n);
  });

  it('prices a line: quantity × unit price, then tax, each rounded once', () => {
    expect(lineAmounts({ quantity: 2.5, unitPriceCents: 33, taxRateBps: 825 })).toEqual({ subtotalCents: 83, taxCents: 7, totalCents: 90 });
    expect(lineAmounts({ quantity: 1, unitPriceCents: 1999, taxRateBps: 0 })).toEqual({ subtotalCents: 1999, taxCents: 0, totalCents: 1999 });
    // 0.1 + 0.2 style traps: 3 × 0.1 would drift in floating point; thousandths do not.
    expect(lineAmounts({ quantity: 0.3, unitPriceCents: 10, taxRateBps: 0 }).subtotalCents).toBe(3);
    // Large values stay exact (BigInt products).
    expect(lineAmounts({ quantity: 100_000, unitPriceCents: 1_000_000_000, taxRateBps: 1000 })).toEqual({
      subtotalCents: 100_000_000_000_000,
      taxCents: 10_000_000_000_000,
      totalCents: 110_000_000_000_000,
    });
  });

  it('sums per-line amounts (tax is not recomputed on the total)', () => {
    const lines = [lineAmounts({ quantity: 1, unitPriceCents: 5, taxRateBps: 1000 }), lineAmounts({ quantity: 1, unitPriceCents: 5, taxRateBps: 1000 })];
    // Each line's 0.5¢ tax rounds to 1¢: 2¢ in all, where 10 % of 10¢ would be 1¢.
    expect(sumAmounts(lines)).toEqual({ subtotalCents: 10, taxCents: 2, totalCents: 12 });
  });

  it('converts form input', () => {
    expect(dollarsToCents(12.345)).toBe(1235);
    expect(dollarsToCents(0.005)).toBe(1);
    expect(percentToBps(8.25)).toBe(825);
    expect(hasAtMostThreeDecimals(1.125)).toBe(true);
    expect(hasAtMostThreeDecimals(1.1255)).toBe(false);
  });
});
