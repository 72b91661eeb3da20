import { inArray } from 'drizzle-orm';
import type { OrangeReportCategory, OrangeReportStatus, OrangeReportUrgency } from '@grove/shared';
import type { Db } from '../../db/client.js';
import type { DemoFiles, DemoPhotoScene } from '../../modules/domain-module.js';
import { customers, users } from '../../db/schema.js';
import { seedDemoCatalogue } from './demo-catalogue.js';
import { formatReportNumber } from './numbering.js';
import { REPORT_FILE_OWNER } from './service.js';
import { orangeReportCounters, orangeReportEvents, orangeReportPhotos, orangeReportRecommendations, orangeReports, orangeReportServices } from './tables.js';

/*
 * Orange-report demo data (issue 10): the catalogue, and reports in every status for the Marietta
 * customers the demo crew leader (Luis Ortega) works on, reviewed by their account manager (Jordan
 * Ellis) — so crew-leader@ has drafts and a returned report, account-manager@ and branch-manager@ a
 * review queue, and property-manager@ (Whitlock Ridge, Brookstone Lakes) published reports to act on.
 * Times are relative to now so the queue shows realistic waiting times.
 */

type Executor = Pick<Db, 'select' | 'insert' | 'execute'>;

interface DemoReport {
  customer: string;
  status: OrangeReportStatus;
  daysAgo: number;
  title: string;
  category: OrangeReportCategory;
  urgency: OrangeReportUrgency;
  findings: string;
  location: string;
  lines: [service: string, quantity: number, estimateCents?: number][];
  returnComment?: string;
  declineReason?: string;
  proposal?: boolean;
}

const REPORTS: DemoReport[] = [
  { customer: 'MAR-1001', status: 'draft', daysAgo: 0.05, title: 'Mulch washed out along the clubhouse path', category: 'plants', urgency: 'routine', findings: 'Heavy rain washed the mulch off the slope beside the clubhouse path; bare soil is showing.', location: 'Clubhouse path, east slope', lines: [['Hardwood mulch installation', 240]] },
  { customer: 'MAR-1002', status: 'draft', daysAgo: 1, title: 'Cracked curb stones at the entrance island', category: 'hardscape', urgency: 'routine', findings: 'Three curb stones around the entrance island are cracked by delivery trucks.', location: 'Main entrance island', lines: [] },
  { customer: 'MAR-1001', status: 'submitted', daysAgo: 0.3, title: 'Leaning oak over the tot lot', category: 'tree', urgency: 'safety', findings: 'A 30 ft water oak next to the playground leans about 15° since the storm, with soil heaving at the root plate. The tot lot should be closed until it is removed.', location: 'Playground, north corner', lines: [['Tree removal', 1, 185000], ['Stump grinding', 1]] },
  { customer: 'MAR-1006', status: 'submitted', daysAgo: 1.2, title: 'Irrigation main leaking at the front entrance', category: 'irrigation', urgency: 'soon', findings: 'Water bubbles up through the turf at the front entrance even with the system off; the main line is likely cracked.', location: 'Front entrance, left of the sign', lines: [['Irrigation line repair', 1], ['Sod installation', 60]] },
  { customer: 'MAR-1003', status: 'submitted', daysAgo: 2.5, title: 'Fire ant mounds around the dog park', category: 'pest', urgency: 'soon', findings: 'About a dozen active fire ant mounds inside the dog park fence; residents have reported stings.', location: 'Dog park', lines: [['Fire ant treatment', 4000]] },
  { customer: 'MAR-1006', status: 'returned', daysAgo: 3, title: 'Dead shrubs at the pool house', category: 'plants', urgency: 'routine', findings: 'Several shrubs at the pool house are dead.', location: 'Pool house', lines: [['Shrub replacement (3 gal)', 6]], returnComment: 'How many exactly, and which species? Please add a photo of the whole bed so the board sees the gap.' },
  { customer: 'MAR-1001', status: 'approved', daysAgo: 4, title: 'Standing water by the mailbox kiosk', category: 'drainage', urgency: 'soon', findings: 'Water pools for two days after every rain beside the mailbox kiosk; the turf is dying and residents step into mud. A French drain to the street inlet would carry it away.', location: 'Mailbox kiosk', lines: [['French drain installation', 45], ['Sod installation', 120]] },
  { customer: 'MAR-1006', status: 'approved', daysAgo: 6, title: 'Broken irrigation heads along the lake trail', category: 'irrigation', urgency: 'soon', findings: 'Four spray heads along the lake trail are broken by mowers and spray the path instead of the beds.', location: 'Lake trail, zones 7–8', lines: [['Irrigation head replacement', 4]] },
  { customer: 'MAR-1001', status: 'acknowledged', daysAgo: 9, title: 'Crepe myrtles blocking the entrance sign', category: 'tree', urgency: 'routine', findings: 'The crepe myrtles at the entrance have grown over the community sign and block sight lines for cars turning out.', location: 'Entrance sign', lines: [['Tree pruning (up to 20 ft)', 3]], proposal: true },
  { customer: 'MAR-1006', status: 'acknowledged', daysAgo: 12, title: 'Wasp nest in the gazebo roof', category: 'pest', urgency: 'safety', findings: 'A large paper wasp nest hangs under the gazebo roof above the benches.', location: 'Gazebo by the lake', lines: [['Wasp nest removal', 1]] },
  { customer: 'MAR-1001', status: 'resolved', daysAgo: 20, title: 'Loose pavers on the pool deck path', category: 'hardscape', urgency: 'safety', findings: 'About 40 sq ft of pavers on the path to the pool deck rock when stepped on — a trip hazard.', location: 'Path to the pool deck', lines: [['Paver reset', 40]] },
  { customer: 'MAR-1006', status: 'declined', daysAgo: 25, title: 'Seasonal color for the entrance beds', category: 'out_of_scope', urgency: 'routine', findings: 'The entrance beds are bare after the summer annuals; fall color would brighten the entrance.', location: 'Entrance beds', lines: [['Seasonal color installation', 300]], declineReason: 'The board keeps the entrance beds green this year to save budget.' },
];

const DAY = 24 * 60 * 60 * 1000;

const SCENE: Record<OrangeReportCategory, DemoPhotoScene> = {
  tree: 'tree',
  irrigation: 'irrigation',
  hardscape: 'hardscape',
  drainage: 'drainage',
  plants: 'plants',
  pest: 'pest',
  out_of_scope: 'plants',
  turf: 'lawn',
  storm_damage: 'tree',
  safety_hazard: 'hardscape',
  other: 'lawn',
};

/** Orange-report demo data: the catalogue, then the reports (inside the demo seed's transaction). */
export async function seedDemoOrangeReports(tx: Executor, files?: DemoFiles): Promise<void> {
  await seedDemoCatalogue(tx);
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['crew-leader@demo.grove.test', 'account-manager@demo.grove.test', 'property-manager@demo.grove.test']));
  const idOf = (email: string) => people.find((p) => p.email === email)?.id;
  const crew = idOf('crew-leader@demo.grove.test');
  const manager = idOf('account-manager@demo.grove.test');
  const pm = idOf('property-manager@demo.grove.test');
  if (!crew || !manager || !pm) return;
  const accountNumbers = [...new Set(REPORTS.map((r) => r.customer))];
  const customerRows = await tx.select({ id: customers.id, accountNumber: customers.accountNumber, latitude: customers.latitude, longitude: customers.longitude }).from(customers).where(inArray(customers.accountNumber, accountNumbers));
  const services = await tx.select().from(orangeReportServices);
  const now = Date.now();
  const year = new Date(now).getUTCFullYear();
  let sequence = 0;
  const ordered = [...REPORTS].sort((a, b) => b.daysAgo - a.daysAgo);
  for (const [index, demo] of ordered.entries()) {
    const customer = customerRows.find((c) => c.accountNumber === demo.customer);
    if (!customer) continue;
    const created = new Date(now - demo.daysAgo * DAY);
    const at = (hours: number) => new Date(created.getTime() + hours * 60 * 60 * 1000);
    const s = demo.status;
    const submitted = s !== 'draft';
    const published = ['approved', 'acknowledged', 'resolved', 'declined'].includes(s);
    const lines = demo.lines.map(([name, quantity, estimate], order) => {
      const service = services.find((row) => row.nameEn === name)!;
      const price = service.unitPriceCents ?? estimate ?? null;
      return { serviceId: service.id, names: service.names, category: service.category, unit: service.unit, quantity, unitPriceCents: price, lineTotalCents: price === null ? null : Math.round(quantity * price), sortOrder: order };
    });
    const total = lines.reduce((sum, line) => sum + (line.lineTotalCents ?? 0), 0);
    // A little spread around the property's centre so the pins do not sit on top of each other.
    const offset = ((index % 5) - 2) * 0.0006;
    const [report] = await tx
      .insert(orangeReports)
      .values({
        number: formatReportNumber(year, ++sequence),
        customerId: customer.id,
        authorId: crew,
        status: s,
        title: demo.title,
        foundOn: created.toISOString().slice(0, 10),
        category: demo.category,
        urgency: demo.urgency,
        findings: demo.findings,
        locationText: demo.location,
        latitude: customer.latitude === null ? null : customer.latitude + offset,
        longitude: customer.longitude === null ? null : customer.longitude - offset,
        totalCents: total,
        totalIncomplete: lines.some((line) => line.lineTotalCents === null),
        reviewerId: s === 'returned' || published ? manager : null,
        returnComment: demo.returnComment ?? null,
        submittedAt: submitted ? at(1) : null,
        approvedAt: published ? at(5) : null,
        acknowledgedAt: s === 'acknowledged' || s === 'resolved' ? at(30) : null,
        acknowledgedById: s === 'acknowledged' || s === 'resolved' ? pm : null,
        proposalRequestedAt: demo.proposal ? at(30) : null,
        declinedAt: s === 'declined' ? at(40) : null,
        declineReason: demo.declineReason ?? null,
        resolvedAt: s === 'resolved' ? at(24 * 6) : null,
        createdAt: created,
        updatedAt: at(1),
      })
      .returning({ id: orangeReports.id });
    const reportId = report!.id;
    if (lines.length) await tx.insert(orangeReportRecommendations).values(lines.map((line) => ({ ...line, reportId })));
    const events: (typeof orangeReportEvents.$inferInsert)[] = [{ reportId, kind: 'created', authorId: crew, toStatus: 'draft', createdAt: created }];
    if (submitted) events.push({ reportId, kind: 'submitted', authorId: crew, fromStatus: 'draft', toStatus: 'submitted', createdAt: at(1) });
    if (s === 'returned') events.push({ reportId, kind: 'returned', authorId: manager, fromStatus: 'submitted', toStatus: 'returned', text: demo.returnComment ?? '', createdAt: at(3) });
    if (published) events.push({ reportId, kind: 'approved', visibility: 'all', authorId: manager, fromStatus: 'submitted', toStatus: 'approved', createdAt: at(5) });
    if (s === 'acknowledged' || s === 'resolved')
      events.push({ reportId, kind: demo.proposal ? 'proposal_requested' : 'acknowledged', visibility: 'all', authorId: pm, fromStatus: 'approved', toStatus: 'acknowledged', createdAt: at(30) });
    if (s === 'declined')
      events.push({ reportId, kind: 'declined', visibility: 'all', authorId: pm, fromStatus: 'approved', toStatus: 'declined', text: demo.declineReason ?? '', data: { reason: demo.declineReason ?? '' }, createdAt: at(40) });
    if (s === 'resolved') events.push({ reportId, kind: 'resolved', visibility: 'all', authorId: crew, fromStatus: 'acknowledged', toStatus: 'resolved', text: 'Reset on a new sand base; the path is level again.', createdAt: at(24 * 6) });
    for (const event of events) await tx.insert(orangeReportEvents).values(event);

    // Photos as the crew took them (a wide shot and a close-up), plus an "after" photo once resolved.
    if (files) {
      const photos: { caption: string; kind: 'finding' | 'after' }[] = [
        { caption: demo.location, kind: 'finding' },
        ...(demo.status === 'returned' ? [] : [{ caption: demo.title, kind: 'finding' as const }]),
        ...(s === 'resolved' ? [{ caption: `${demo.location}, after the repair`, kind: 'after' as const }] : []),
      ];
      for (const [order, photo] of photos.entries()) {
        const fileId = await files.photo({
          caption: photo.caption,
          scene: photo.kind === 'after' ? 'lawn' : SCENE[demo.category],
          userId: crew,
          customerId: customer.id,
          owner: { type: REPORT_FILE_OWNER, id: reportId, staffOnly: !published },
        });
        if (fileId) await tx.insert(orangeReportPhotos).values({ reportId, fileId, kind: photo.kind, caption: photo.caption, sortOrder: order });
      }
    }
  }
  // New reports continue the numbering after the demo ones.
  if (sequence > 0) await tx.insert(orangeReportCounters).values({ year, lastValue: sequence }).onConflictDoNothing();
}
