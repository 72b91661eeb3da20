/** Where a report's pages are, for staff and for customer users. */
export const reportsPath = (customerId: string) => `/customers/${encodeURIComponent(customerId)}/orange-reports`;
export const reportViewPath = (report: { id: string; customerId: string }) => `${reportsPath(report.customerId)}/${encodeURIComponent(report.id)}/view`;
export const reportEditPath = (report: { id: string; customerId: string }) => `${reportsPath(report.customerId)}/${encodeURIComponent(report.id)}/edit`;
export const customerReportsPath = (customerId: string) => `/customerView/${encodeURIComponent(customerId)}/orange-reports`;
export const customerReportViewPath = (report: { id: string; customerId: string }) => `${customerReportsPath(report.customerId)}/${encodeURIComponent(report.id)}/view`;
