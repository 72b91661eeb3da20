import { ORANGE_REPORT_PUBLISHED_STATUSES, type OrangeReportStatus } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema.js';
import type { TestContext } from '../../test/test-app.js';
import { formatReportNumber } from './numbering.js';
import { REPORT_FILE_OWNER } from './service.js';
import { orangeReportPhotos, orangeReports } from './tables.js';

export type OrangeReportRow = typeof orangeReports.$inferSelect;
let sequence = 0;

/**
 * A complete report written straight to the database (no notifications) in any status, with one
 * attached photo (staff-only until published, as the service does). For tests of other areas too.
 */
export async function createOrangeReport(
  target: Db | Pick<TestContext, 'database'>,
  values: { customerId: string; authorId: string; status?: OrangeReportStatus } & Partial<typeof orangeReports.$inferInsert>,
): Promise<OrangeReportRow> {
  const db = 'database' in target ? target.database.db : target;
  const status = values.status ?? 'draft';
  const published = (ORANGE_REPORT_PUBLISHED_STATUSES as readonly string[]).includes(status);
  const now = new Date();
  const [report] = await db
    .insert(orangeReports)
    .values({
      number: formatReportNumber(1900 + (++sequence % 100), 10_000 + Math.floor(Math.random() * 89_999_999)),
      title: 'Broken irrigation head',
      foundOn: now.toISOString().slice(0, 10),
      category: 'irrigation',
      urgency: 'soon',
      findings: 'A rotor head is snapped off.',
      locationText: 'Pool gate',
      submittedAt: status === 'draft' ? null : now,
      approvedAt: published ? now : null,
      ...values,
      status,
    })
    .returning();
  const [file] = await db
    .insert(files)
    .values({
      kind: 'photo',
      originalName: 'finding.jpg',
      storageKey: `test/${crypto.randomUUID()}`,
      mimeType: 'image/jpeg',
      sizeBytes: 1000,
      sha256: 'x'.repeat(64),
      uploadedBy: values.authorId,
      customerId: values.customerId,
      ownerType: REPORT_FILE_OWNER,
      ownerId: report!.id,
      attachedAt: now,
      staffOnly: !published,
    })
    .returning();
  await db.insert(orangeReportPhotos).values({ reportId: report!.id, fileId: file!.id, caption: 'Finding' });
  return report!;
}
