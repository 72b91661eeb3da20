import { PROPOSAL_LIMITS, localizedName, type OrangeReportDetail } from '@grove/shared';
import { defaultValidUntil, type ProposalFormValues } from './ProposalForm';

/**
 * A new proposal's first values from an approved orange report (issue 12: a report can become a
 * proposal): its title, its findings as the scope, and one line per recommended service with the
 * quantity and price recommended (a service priced per job keeps an empty price to fill in).
 */
export function valuesFromReport(report: Pick<OrangeReportDetail, 'title' | 'findings' | 'locationText' | 'recommendations'>, language: string, unitLabel: (unit: string) => string): ProposalFormValues {
  const scope = [report.findings.trim(), report.locationText.trim()].filter(Boolean).join('\n\n');
  const lines = report.recommendations.map((item) => ({
    serviceId: item.serviceId,
    description: [localizedName(item.names, language), item.note.trim()].filter(Boolean).join(' — ').slice(0, PROPOSAL_LIMITS.description),
    quantity: item.quantity,
    unit: unitLabel(item.unit).slice(0, PROPOSAL_LIMITS.unit),
    unitPrice: item.unitPriceCents === null ? ('' as const) : item.unitPriceCents / 100,
    taxRate: 0,
    optionKey: null,
  }));
  return {
    title: report.title.slice(0, PROPOSAL_LIMITS.title),
    scope,
    validUntil: defaultValidUntil(),
    lines: lines.length ? lines : [{ serviceId: null, description: '', quantity: 1, unit: 'each', unitPrice: '', taxRate: 0, optionKey: null }],
    useOptions: false,
    options: [],
  };
}
