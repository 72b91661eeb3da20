/*
 * Money is integer cents everywhere (issue 12). Quantities carry up to three decimals and are
 * counted in thousandths; tax rates are basis points (825 = 8.25 %). Products are formed with
 * BigInt so no intermediate value loses precision, and every rounding is half away from zero, per
 * line: line subtotal = round(quantity × unit price), line tax = round(line subtotal × rate).
 * The API computes totals with these functions and stores them; the web uses them only to preview.
 */

export const CURRENCY = 'USD';
export const QUANTITY_SCALE = 1000;
export const BASIS_POINTS = 10_000;

export interface PricedLine {
  quantity: number;
  unitPriceCents: number;
  taxRateBps: number;
}

export interface LineAmounts {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** `numerator / denominator` rounded half away from zero (denominator > 0). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -quotient : quotient;
}

/** The quantity in thousandths (2.5 → 2500); callers validate at most three decimals. */
export function quantityThousandths(quantity: number): bigint {
  return BigInt(Math.round(quantity * QUANTITY_SCALE));
}

/** Whether a number has at most three decimals (the quantity rule). */
export function hasAtMostThreeDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value * QUANTITY_SCALE - Math.round(value * QUANTITY_SCALE)) < 1e-6;
}

export function lineAmounts(line: PricedLine): LineAmounts {
  const subtotal = divideRounded(quantityThousandths(line.quantity) * BigInt(line.unitPriceCents), BigInt(QUANTITY_SCALE));
  const tax = divideRounded(subtotal * BigInt(line.taxRateBps), BigInt(BASIS_POINTS));
  return { subtotalCents: Number(subtotal), taxCents: Number(tax), totalCents: Number(subtotal + tax) };
}

export function sumAmounts(lines: readonly LineAmounts[]): LineAmounts {
  let subtotal = 0;
  let tax = 0;
  for (const line of lines) {
    subtotal += line.subtotalCents;
    tax += line.taxCents;
  }
  return { subtotalCents: subtotal, taxCents: tax, totalCents: subtotal + tax };
}

/** `1234567` → `$12,345.67` in the given locale (the web passes the interface language). */
export function formatCents(cents: number, locale = 'en-US', currency = CURRENCY): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/** Basis points as a percent number for forms (825 → 8.25). */
export function bpsToPercent(bps: number): number {
  return bps / 100;
}

/** A percent typed in a form as basis points (8.25 → 825). */
export function percentToBps(percent: number): number {
  return Math.round(percent * 100);
}

/** Dollars typed in a form as cents (12.345 → 1235: half away from zero). */
export function dollarsToCents(dollars: number): number {
  return Number(divideRounded(BigInt(Math.round(dollars * 1000)), 10n));
}
