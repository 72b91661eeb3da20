import { createHash } from 'node:crypto';
import {
  CURRENCY,
  lineAmounts,
  sumAmounts,
  type LineAmounts,
  type OptionKey,
  type ProposalLineItem,
  type ProposalOption,
  type ProposalWriteParsed,
} from '@grove/shared';

export interface PricedContent {
  lineItems: ProposalLineItem[];
  options: ProposalOption[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * Totals on the server, in integer cents (shared/money.ts rounds per line). With alternatives, each
 * alternative costs the shared lines plus its own; the version's headline amounts are those of the
 * most expensive alternative (the most the customer can commit to), until one is chosen.
 */
export function priceContent(input: Pick<ProposalWriteParsed, 'lineItems' | 'options'>): PricedContent {
  const lineItems: ProposalLineItem[] = input.lineItems.map((item) => ({
    serviceId: item.serviceId ?? null,
    description: item.description,
    quantity: item.quantity,
    unit: item.unit,
    unitPriceCents: item.unitPriceCents,
    taxRateBps: item.taxRateBps,
    optionKey: item.optionKey ?? null,
    ...lineAmounts(item),
  }));
  const shared = sumAmounts(lineItems.filter((item) => item.optionKey === null));
  const options: ProposalOption[] = input.options.map((option) => {
    const own = sumAmounts(lineItems.filter((item) => item.optionKey === option.key));
    return { key: option.key, title: option.title, ...sumAmounts([shared, own]) };
  });
  const headline: LineAmounts =
    options.length === 0 ? sumAmounts(lineItems) : options.reduce((best, option) => (option.totalCents > best.totalCents ? option : best));
  return { lineItems, options, subtotalCents: headline.subtotalCents, taxCents: headline.taxCents, totalCents: headline.totalCents };
}

/** The amount a decision commits to: the chosen alternative's total, or the headline total. */
export function committedTotal(content: Pick<PricedContent, 'options' | 'totalCents'>, optionKey: OptionKey | null): number {
  if (!optionKey) return content.totalCents;
  return content.options.find((option) => option.key === optionKey)?.totalCents ?? content.totalCents;
}

export interface VersionContent extends PricedContent {
  number: string;
  version: number;
  customerId: string;
  customerName: string;
  title: string;
  scope: string;
  validUntil: string;
}

/**
 * The exact bytes a signature refers to: the version's content as JSON with a fixed key order
 * (arrays keep their order). Attachments are not part of it; their own hashes are on the files.
 */
export function canonicalContent(content: VersionContent): string {
  return JSON.stringify({
    number: content.number,
    version: content.version,
    customer: { id: content.customerId, name: content.customerName },
    title: content.title,
    scope: content.scope,
    validUntil: content.validUntil,
    currency: CURRENCY,
    lineItems: content.lineItems.map((item) => ({
      description: item.description,
      serviceId: item.serviceId,
      optionKey: item.optionKey,
      quantity: item.quantity,
      unit: item.unit,
      unitPriceCents: item.unitPriceCents,
      taxRateBps: item.taxRateBps,
      subtotalCents: item.subtotalCents,
      taxCents: item.taxCents,
      totalCents: item.totalCents,
    })),
    options: content.options.map((option) => ({
      key: option.key,
      title: option.title,
      subtotalCents: option.subtotalCents,
      taxCents: option.taxCents,
      totalCents: option.totalCents,
    })),
    subtotalCents: content.subtotalCents,
    taxCents: content.taxCents,
    totalCents: content.totalCents,
  });
}

export function contentSha256(content: VersionContent): string {
  return createHash('sha256').update(canonicalContent(content), 'utf8').digest('hex');
}
