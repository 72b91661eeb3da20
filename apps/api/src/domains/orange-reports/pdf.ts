import { interpolate, localizedName, type Language, type OrangeReportCategory, type OrangeReportCustomerDetail, type OrangeReportPhoto, type OrangeReportStatus, type OrangeReportUrgency, type OrangeServiceUnit } from '@grove/shared';
import { perLanguage } from '../../lib/i18n.js';
import { PdfWriter, type PdfCompany } from '../../lib/pdf/index.js';
import type { DocumentImage } from '../files/index.js';

/*
 * The printable orange report (issue 10): what property managers forward to their board. Written
 * from the caller's detail answer (customer users get the customer shape, so nothing internal can
 * reach the page), in the reader's language, with the photos and their captions.
 */

type Labels = {
  title: string;
  number: string;
  customer: string;
  status: string;
  foundOn: string;
  category: string;
  urgency: string;
  author: string;
  where: string;
  zone: string;
  pointOnMap: string;
  findings: string;
  photos: string;
  afterPhotos: string;
  recommendations: string;
  service: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  estimatedTotal: string;
  perJob: string;
  totalIncomplete: string;
  approvedOn: string;
  proposalRequested: string;
  declinedBecause: string;
  photosMissing: string;
  statuses: Record<OrangeReportStatus, string>;
  urgencies: Record<OrangeReportUrgency, string>;
  categories: Record<OrangeReportCategory, string>;
  units: Record<OrangeServiceUnit, string>;
};

const LABELS: Record<Language, Labels> = perLanguage('server/orange-reports:pdf.labels');

const GAP = 14;
const PHOTO_HEIGHT = 190;

function photoGrid(pdf: PdfWriter, photos: readonly OrangeReportPhoto[], images: ReadonlyMap<string, DocumentImage>, labels: Labels): void {
  const { doc } = pdf;
  const width = (pdf.contentWidth - GAP) / 2;
  const shown = photos.filter((photo) => images.has(photo.fileId));
  for (let i = 0; i < shown.length; i += 2) {
    const row = shown.slice(i, i + 2);
    const captionHeight = Math.max(...row.map((photo) => (photo.caption ? pdf.heightOf(photo.caption, width, { size: 9 }) : 0)));
    pdf.ensureSpace(PHOTO_HEIGHT + captionHeight + GAP);
    const top = doc.y;
    row.forEach((photo, column) => {
      const image = images.get(photo.fileId)!;
      const x = pdf.left + column * (width + GAP);
      doc.image(image.data, x, top, { fit: [width, PHOTO_HEIGHT], align: 'center', valign: 'center' });
      if (photo.caption) pdf.muted(photo.caption, { x, y: top + PHOTO_HEIGHT + 4, width, gap: 0 });
    });
    doc.x = pdf.left;
    doc.y = top + PHOTO_HEIGHT + 4 + captionHeight + GAP;
  }
  const missing = photos.length - shown.length;
  if (missing > 0) pdf.muted(interpolate(labels.photosMissing, { n: missing }));
}

/** The report as a PDF stream; `images` are the photos' pictures by file id (absent ones are counted, not drawn). */
export function renderReportPdf(report: OrangeReportCustomerDetail, language: Language, company: PdfCompany, images: ReadonlyMap<string, DocumentImage>): PDFKit.PDFDocument {
  const labels = LABELS[language];
  const pdf = new PdfWriter({ language, company, title: `${labels.title} ${report.number}`, footer: `${company.name} · ${report.number}` });
  const facts: [string, string][] = [
    [labels.number, report.number],
    [labels.foundOn, pdf.date(report.foundOn)],
    [labels.status, labels.statuses[report.status]],
  ];
  if (report.approvedAt) facts.push([labels.approvedOn, pdf.date(report.approvedAt)]);
  pdf.letterhead(company, labels.title, facts);

  pdf.text(report.title, { size: 15, bold: true });
  pdf.doc.moveDown(0.4);
  const where = [report.zone ? `${labels.zone}: ${report.zone.name}` : null, report.locationText || null, report.latitude !== null && report.longitude !== null ? `${labels.pointOnMap}: ${report.latitude.toFixed(5)}, ${report.longitude.toFixed(5)}` : null]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
  const pairs: [string, string][] = [[labels.customer, report.customerName]];
  if (report.category) pairs.push([labels.category, labels.categories[report.category]]);
  if (report.urgency) pairs.push([labels.urgency, labels.urgencies[report.urgency]]);
  if (where) pairs.push([labels.where, where]);
  if (report.author) pairs.push([labels.author, report.author.name]);
  if (report.proposalRequested) pairs.push([labels.proposalRequested, '✓']);
  if (report.declineReason) pairs.push([labels.declinedBecause, report.declineReason]);
  pdf.keyValues(pairs);

  if (report.findings) {
    pdf.heading(labels.findings);
    pdf.text(report.findings);
  }

  const findingPhotos = report.allPhotos.filter((photo) => photo.kind === 'finding');
  if (findingPhotos.length > 0) {
    pdf.heading(labels.photos);
    photoGrid(pdf, findingPhotos, images, labels);
  }

  if (report.recommendations.length > 0) {
    pdf.heading(labels.recommendations);
    pdf.table(
      [
        { label: labels.service, share: 0.46 },
        { label: labels.quantity, share: 0.16, align: 'right' },
        { label: labels.unitPrice, share: 0.19, align: 'right' },
        { label: labels.amount, share: 0.19, align: 'right' },
      ],
      report.recommendations.map((line) => {
        const name = localizedName(line.names, language);
        return [
          line.note ? `${name}\n${line.note}` : name,
          `${pdf.number(line.quantity)} ${labels.units[line.unit]}`,
          line.unitPriceCents === null ? labels.perJob : pdf.money(line.unitPriceCents),
          line.lineTotalCents === null ? labels.perJob : pdf.money(line.lineTotalCents),
        ];
      }),
    );
    pdf.totals([{ label: labels.estimatedTotal, value: pdf.money(report.totalCents), strong: true }]);
    if (report.totalIncomplete) pdf.muted(labels.totalIncomplete, { x: pdf.left });
  }

  const afterPhotos = report.allPhotos.filter((photo) => photo.kind === 'after');
  if (afterPhotos.length > 0) {
    pdf.heading(labels.afterPhotos);
    photoGrid(pdf, afterPhotos, images, labels);
  }
  return pdf.finish();
}
