import { describe, expect, it } from 'vitest';
import type { PlanDetail } from '@grove/shared';
import type { PdfCompany } from '../../lib/pdf/index.js';
import { pdfText } from '../../test/pdf-text.js';
import { renderPlanPdf } from './pdf.js';

const company: PdfCompany = { name: 'Grove Landscape Services', addressLines: ['100 Garden Way'], phone: null, email: null, website: null, taxId: null };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function plan(overrides: Partial<PlanDetail> = {}): PlanDetail {
  const person = { id: id(9), name: '山田 花子' };
  return {
    id: id(1),
    customerId: id(2),
    customerName: '桜ヶ丘レジデンス',
    name: '夏の庭園管理',
    startDate: '2026-06-01',
    endDate: '2026-08-29',
    status: 'published',
    version: 2,
    acknowledgedVersion: 2,
    acknowledgedAt: '2026-06-03T09:00:00.000Z',
    publishedAt: '2026-05-28T09:00:00.000Z',
    progress: { total: 2, done: 1, skipped: 0, overdue: 1, upcoming: 0, dueThisWeek: 0 },
    updatedAt: '2026-06-03T09:00:00.000Z',
    notes: '門の暗証番号は管理事務所でお尋ねください。',
    template: null,
    items: [
      { id: id(3), serviceId: null, service: '芝刈りと縁取り', description: '正面の芝生', frequency: { kind: 'weekly', weekday: 'tue' }, zoneIds: [id(5)], zoneKinds: [], notes: '' },
    ],
    occurrences: [
      { id: id(6), itemId: id(3), date: '2026-06-02', originalDate: '2026-06-02', status: 'done', overdue: false, reason: null, note: '', updatedBy: person, updatedAt: '2026-06-02T15:00:00.000Z', photos: [] },
      { id: id(7), itemId: id(3), date: '2026-07-07', originalDate: '2026-07-07', status: 'planned', overdue: true, reason: null, note: '', updatedBy: null, updatedAt: null, photos: [] },
    ],
    zones: [{ id: id(5), name: '正面の芝生', kind: 'turf', color: '#2f9e44' }],
    acknowledgedBy: person,
    createdBy: person,
    versions: [],
    changesSinceAcknowledged: null,
    comments: [],
    permissions: { edit: false, publish: false, delete: false, acknowledge: false, tick: false, comment: true },
    ...overrides,
  };
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('plan PDF', () => {
  it('renders a Japanese plan in Japanese with embedded fonts: labels, names, dates and the schedule', async () => {
    const bytes = await bytesOf(renderPlanPdf(plan(), 'ja', company, new Date('2026-06-10T00:00:00Z')));
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, title, pages } = await pdfText(bytes);
    expect(title).toBe('夏の庭園管理');
    for (const expected of ['四半期プラン', '桜ヶ丘レジデンス', '芝刈りと縁取り', '正面の芝生', '毎週火曜日', '山田 花子', 'スケジュール', '2026年7月', '期限超過', '門の暗証番号']) {
      expect(text, expected).toContain(expected);
    }
    // The schedule starts on its own page.
    expect(pages.length).toBeGreaterThanOrEqual(2);
    // Embedded Noto, never a built-in PDF font (which has no Japanese glyphs).
    expect(bytes.toString('latin1')).toContain('NotoSansJP');
    expect(bytes.toString('latin1')).not.toContain('/Helvetica');
  });

  it('renders Japanese names inside an English plan', async () => {
    const { text } = await pdfText(await bytesOf(renderPlanPdf(plan(), 'en', company)));
    expect(text).toContain('Quarterly plan');
    expect(text).toContain('桜ヶ丘レジデンス');
    expect(text).toContain('Weekly on Tuesday');
  });
});
