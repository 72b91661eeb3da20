import { ORANGE_REPORT_URGENCIES, type OrangeReportPin, type OrangeReportUrgency } from '@grove/shared';

/** Report pins are diamonds (requests are round dots), filled by urgency: red for safety, orange soon, amber routine. */
export const REPORT_URGENCY_COLORS: Record<OrangeReportUrgency | 'none', string> = {
  safety: '#c92a2a',
  soon: '#e8590c',
  routine: '#f59f00',
  none: '#868e96',
};

export function reportPinColor(pin: Pick<OrangeReportPin, 'urgency'>): string {
  return REPORT_URGENCY_COLORS[pin.urgency ?? 'none'];
}

/** How many pins have each urgency (legend counts), most urgent first; reports without one last. */
export function countByUrgency(pins: readonly OrangeReportPin[]): { urgency: OrangeReportUrgency | 'none'; count: number }[] {
  return [...ORANGE_REPORT_URGENCIES, 'none' as const].map((urgency) => ({ urgency, count: pins.filter((pin) => (pin.urgency ?? 'none') === urgency).length }));
}

export type ReportLinkBuilder = (reportId: string) => string;

/**
 * Links to a report's page from the customer's map: staff `/customers/{id}/orange-reports/{reportId}/view`,
 * customer users `/customerView/{id}/orange-reports/{reportId}/view` — each lands in their own view.
 */
export function reportLinkBuilder(base: '/customers' | '/customerView', customerId: string): ReportLinkBuilder {
  return (reportId) => `${base}/${encodeURIComponent(customerId)}/orange-reports/${encodeURIComponent(reportId)}/view`;
}
