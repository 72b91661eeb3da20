import type { DocumentCategory, DocumentVisibility } from '@grove/shared';
import type { Tx } from '../../db/client.js';
import type { DemoWorld } from '../../modules/domain-module.js';
import { DOCUMENT_OWNER } from './service.js';
import { documents, documentVersions } from './tables.js';

/*
 * Documents of the demo customers the demo property manager and board member see (Whitlock Ridge,
 * Brookstone Lakes), plus one staff-only record, so /customers/{id}/documents and the customer's
 * documents screen open with real PDFs. The maintenance agreement has two versions.
 */

interface DemoDocument {
  customer: string;
  title: string;
  category: DocumentCategory;
  visibility: DocumentVisibility;
  description: string;
  daysAgo: number;
  paragraphs: string[];
  revised?: { note: string; daysAgo: number; paragraphs: string[] };
}

const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    customer: 'whitlock',
    title: 'Grounds maintenance agreement 2026',
    category: 'contract',
    visibility: 'customer',
    description: 'Scope, visit frequency and pricing for the 2026 season.',
    daysAgo: 320,
    paragraphs: ['Weekly mowing, edging and blowing from March through November; bi-weekly in winter.', 'Seasonal color rotations in April and October; mulch once a year in February.', 'Monthly fee: $4,850.00, invoiced on the first of each month.'],
    revised: { note: 'Added the irrigation inspection in spring and fall.', daysAgo: 140, paragraphs: ['Weekly mowing, edging and blowing from March through November; bi-weekly in winter.', 'Seasonal color rotations in April and October; mulch once a year in February.', 'Irrigation inspection with a written report in April and September.', 'Monthly fee: $5,120.00, invoiced on the first of each month.'] },
  },
  {
    customer: 'whitlock',
    title: 'Certificate of insurance',
    category: 'insurance',
    visibility: 'customer',
    description: 'General liability and workers’ compensation, naming the association as additional insured.',
    daysAgo: 60,
    paragraphs: ['General liability: $2,000,000 per occurrence.', 'Workers’ compensation: statutory limits.', 'Additional insured: Whitlock Ridge HOA.'],
  },
  {
    customer: 'whitlock',
    title: 'Irrigation zone map',
    category: 'site_plan',
    visibility: 'customer',
    description: 'Controller locations and the 14 zones with their valves.',
    daysAgo: 95,
    paragraphs: ['Controller A (pool equipment room): zones 1–8, clubhouse and entrance.', 'Controller B (north meter): zones 9–14, common areas along Whitlock Ridge Dr.'],
  },
  {
    customer: 'whitlock',
    title: 'Site walk notes — renewal pricing',
    category: 'report',
    visibility: 'staff',
    description: 'Internal: the crew hours per visit and the margin behind the renewal price.',
    daysAgo: 20,
    paragraphs: ['Crew of four, 6.5 hours per weekly visit in season.', 'Renewal at +3.5 % keeps the target margin; the board expects no more than 4 %.'],
  },
  {
    customer: 'brookstone',
    title: 'Landscape maintenance contract',
    category: 'contract',
    visibility: 'customer',
    description: 'Three-year agreement signed with the association board.',
    daysAgo: 400,
    paragraphs: ['Term: three years with yearly price review.', 'Lake trail and both entrances are maintained weekly; the lake fountain is excluded.'],
  },
  {
    customer: 'brookstone',
    title: 'Board meeting minutes — landscape committee, September',
    category: 'board_minutes',
    visibility: 'customer',
    description: 'The committee’s priorities for fall: entrance beds and lake trail irrigation.',
    daysAgo: 45,
    paragraphs: ['The committee asks for a proposal to replace the lake trail spray heads with drip.', 'Entrance beds stay green this year; no seasonal color.'],
  },
];

const DAY = 86_400_000;

export async function seedDemoDocuments(tx: Tx, demo: DemoWorld): Promise<void> {
  const author = demo.staffIds.get('amMar');
  if (!author) return;
  for (const item of DEMO_DOCUMENTS) {
    const customerId = demo.customerIds.get(item.customer);
    if (!customerId) continue;
    const created = new Date(Date.now() - item.daysAgo * DAY);
    const id = crypto.randomUUID();
    const staffOnly = item.visibility === 'staff';
    const file = (version: number, paragraphs: string[]) =>
      demo.files.pdf({
        name: `${item.title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}-v${version}.pdf`,
        title: item.title,
        facts: [['Version', String(version)]],
        paragraphs,
        userId: author,
        customerId,
        owner: { type: DOCUMENT_OWNER, id, staffOnly },
      });
    const first = await file(1, item.paragraphs);
    // Without a file store (seed tests that need no files) a document cannot exist: skip them all.
    if (!first) return;
    const second = item.revised ? await file(2, item.revised.paragraphs) : null;
    const updated = item.revised ? new Date(Date.now() - item.revised.daysAgo * DAY) : created;
    await tx.insert(documents).values({
      id,
      customerId,
      title: item.title,
      category: item.category,
      visibility: item.visibility,
      description: item.description,
      version: second ? 2 : 1,
      currentFileId: second ?? first,
      createdBy: author,
      createdAt: created,
      updatedAt: updated,
    });
    await tx.insert(documentVersions).values([
      { documentId: id, version: 1, fileId: first, uploadedBy: author, createdAt: created },
      ...(second ? [{ documentId: id, version: 2, fileId: second, note: item.revised!.note, uploadedBy: author, createdAt: updated }] : []),
    ]);
  }
}
