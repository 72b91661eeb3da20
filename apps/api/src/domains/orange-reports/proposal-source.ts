import { and, eq, inArray } from 'drizzle-orm';
import { ORANGE_REPORT_PUBLISHED_STATUSES } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { orangeReports } from './tables.js';

export interface ReportRef {
  id: string;
  number: string;
  title: string;
}

/**
 * A report a proposal may answer (issue 12: "a report can become a proposal"): one of this
 * customer's, approved (published) — never a draft, a report under review or another customer's.
 */
export async function publishedReportOf(db: Pick<Db, 'select'>, customerId: string, reportId: string): Promise<ReportRef | null> {
  const [row] = await db
    .select({ id: orangeReports.id, number: orangeReports.number, title: orangeReports.title })
    .from(orangeReports)
    .where(and(eq(orangeReports.id, reportId), eq(orangeReports.customerId, customerId), inArray(orangeReports.status, [...ORANGE_REPORT_PUBLISHED_STATUSES])));
  return row ?? null;
}
