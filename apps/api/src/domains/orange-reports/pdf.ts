import { localizedName, type Language, type OrangeReportCategory, type OrangeReportCustomerDetail, type OrangeReportPhoto, type OrangeReportStatus, type OrangeReportUrgency, type OrangeServiceUnit } from '@grove/shared';
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

const LABELS: Record<Language, Labels> = {
  en: {"title": "Orange report", "number": "Number", "customer": "Customer", "status": "Status", "foundOn": "Found on", "category": "Category", "urgency": "Urgency", "author": "Written by", "where": "Where", "zone": "Zone", "pointOnMap": "Point on the map", "findings": "Findings", "photos": "Photos", "afterPhotos": "After the work", "recommendations": "Recommended work", "service": "Service", "quantity": "Quantity", "unitPrice": "Unit price", "amount": "Amount", "estimatedTotal": "Estimated total", "perJob": "Priced per job", "totalIncomplete": "Some services are priced per job: their price follows.", "approvedOn": "Approved on", "proposalRequested": "Proposal requested", "declinedBecause": "Declined by the customer", "photosMissing": "{n} photo(s) could not be included.", "statuses": {"draft": "Draft", "submitted": "Waiting for review", "returned": "Returned", "approved": "Approved", "acknowledged": "Acknowledged", "resolved": "Resolved", "declined": "Declined"}, "urgencies": {"safety": "Safety", "soon": "Soon", "routine": "Routine"}, "categories": {"irrigation": "Irrigation", "tree": "Tree", "plants": "Plants and beds", "turf": "Turf", "drainage": "Drainage", "hardscape": "Hardscape", "storm_damage": "Storm damage", "pest": "Pests", "safety_hazard": "Safety hazard", "out_of_scope": "Outside the contract", "other": "Other"}, "units": {"each": "each", "hour": "hour", "sq_ft": "sq ft", "linear_ft": "linear ft"}},
  zh: {"title": "橙色报告", "number": "编号", "customer": "客户", "status": "状态", "foundOn": "发现日期", "category": "类别", "urgency": "紧急程度", "author": "撰写人", "where": "位置", "zone": "区域", "pointOnMap": "地图上的位置", "findings": "发现情况", "photos": "照片", "afterPhotos": "完工后", "recommendations": "建议的工作", "service": "服务", "quantity": "数量", "unitPrice": "单价", "amount": "金额", "estimatedTotal": "预计总额", "perJob": "按工单定价", "totalIncomplete": "部分服务按工单定价，价格稍后提供。", "approvedOn": "批准日期", "proposalRequested": "已请求报价", "declinedBecause": "客户已拒绝", "photosMissing": "{n} 张照片无法包含在内。", "statuses": {"draft": "草稿", "submitted": "待审核", "returned": "已退回", "approved": "已批准", "acknowledged": "已确认", "resolved": "已解决", "declined": "已拒绝"}, "urgencies": {"safety": "安全", "soon": "尽快", "routine": "常规"}, "categories": {"irrigation": "灌溉", "tree": "树木", "plants": "植物与花坛", "turf": "草坪", "drainage": "排水", "hardscape": "硬景观", "storm_damage": "风暴损害", "pest": "病虫害", "safety_hazard": "安全隐患", "out_of_scope": "合同范围外", "other": "其他"}, "units": {"each": "个", "hour": "小时", "sq_ft": "平方英尺", "linear_ft": "延英尺"}},
  es: {"title": "Informe naranja", "number": "Número", "customer": "Cliente", "status": "Estado", "foundOn": "Encontrado el", "category": "Categoría", "urgency": "Urgencia", "author": "Escrito por", "where": "Dónde", "zone": "Zona", "pointOnMap": "Punto en el mapa", "findings": "Hallazgos", "photos": "Fotos", "afterPhotos": "Después del trabajo", "recommendations": "Trabajo recomendado", "service": "Servicio", "quantity": "Cantidad", "unitPrice": "Precio unitario", "amount": "Importe", "estimatedTotal": "Total estimado", "perJob": "Precio por trabajo", "totalIncomplete": "Algunos servicios se cotizan por trabajo: su precio se indicará después.", "approvedOn": "Aprobado el", "proposalRequested": "Propuesta solicitada", "declinedBecause": "Rechazado por el cliente", "photosMissing": "No se pudieron incluir {n} fotos.", "statuses": {"draft": "Borrador", "submitted": "Pendiente de revisión", "returned": "Devuelto", "approved": "Aprobado", "acknowledged": "Confirmado", "resolved": "Resuelto", "declined": "Rechazado"}, "urgencies": {"safety": "Seguridad", "soon": "Pronto", "routine": "Rutina"}, "categories": {"irrigation": "Riego", "tree": "Árbol", "plants": "Plantas y arriates", "turf": "Césped", "drainage": "Drenaje", "hardscape": "Elementos construidos", "storm_damage": "Daños por tormenta", "pest": "Plagas", "safety_hazard": "Riesgo de seguridad", "out_of_scope": "Fuera del contrato", "other": "Otro"}, "units": {"each": "unidad", "hour": "hora", "sq_ft": "pie²", "linear_ft": "pie lineal"}},
  ja: {"title": "オレンジレポート", "number": "番号", "customer": "顧客", "status": "ステータス", "foundOn": "発見日", "category": "カテゴリ", "urgency": "緊急度", "author": "作成者", "where": "場所", "zone": "ゾーン", "pointOnMap": "マップ上の地点", "findings": "所見", "photos": "写真", "afterPhotos": "作業後", "recommendations": "推奨作業", "service": "サービス", "quantity": "数量", "unitPrice": "単価", "amount": "金額", "estimatedTotal": "見積合計", "perJob": "案件ごとの価格", "totalIncomplete": "一部のサービスは案件ごとの価格のため、後ほど提示します。", "approvedOn": "承認日", "proposalRequested": "見積もり依頼あり", "declinedBecause": "顧客が辞退", "photosMissing": "{n} 枚の写真を含められませんでした。", "statuses": {"draft": "下書き", "submitted": "確認待ち", "returned": "差し戻し", "approved": "承認済み", "acknowledged": "確認済み", "resolved": "対応済み", "declined": "辞退"}, "urgencies": {"safety": "安全", "soon": "早めに", "routine": "通常"}, "categories": {"irrigation": "灌水", "tree": "樹木", "plants": "植栽・花壇", "turf": "芝生", "drainage": "排水", "hardscape": "外構", "storm_damage": "嵐による被害", "pest": "害虫", "safety_hazard": "安全上の危険", "out_of_scope": "契約範囲外", "other": "その他"}, "units": {"each": "個", "hour": "時間", "sq_ft": "平方フィート", "linear_ft": "延長フィート"}},
  de: {"title": "Orange-Bericht", "number": "Nummer", "customer": "Kunde", "status": "Status", "foundOn": "Festgestellt am", "category": "Kategorie", "urgency": "Dringlichkeit", "author": "Verfasst von", "where": "Wo", "zone": "Zone", "pointOnMap": "Punkt auf der Karte", "findings": "Befund", "photos": "Fotos", "afterPhotos": "Nach der Arbeit", "recommendations": "Empfohlene Arbeiten", "service": "Leistung", "quantity": "Menge", "unitPrice": "Einzelpreis", "amount": "Betrag", "estimatedTotal": "Geschätzte Summe", "perJob": "Preis je Auftrag", "totalIncomplete": "Einige Leistungen werden je Auftrag berechnet: Ihr Preis folgt.", "approvedOn": "Freigegeben am", "proposalRequested": "Angebot angefragt", "declinedBecause": "Vom Kunden abgelehnt", "photosMissing": "{n} Foto(s) konnten nicht eingefügt werden.", "statuses": {"draft": "Entwurf", "submitted": "Wartet auf Prüfung", "returned": "Zurückgegeben", "approved": "Freigegeben", "acknowledged": "Bestätigt", "resolved": "Erledigt", "declined": "Abgelehnt"}, "urgencies": {"safety": "Sicherheit", "soon": "Bald", "routine": "Routine"}, "categories": {"irrigation": "Bewässerung", "tree": "Baum", "plants": "Pflanzen und Beete", "turf": "Rasen", "drainage": "Entwässerung", "hardscape": "Wege und Mauern", "storm_damage": "Sturmschaden", "pest": "Schädlinge", "safety_hazard": "Sicherheitsrisiko", "out_of_scope": "Außerhalb des Vertrags", "other": "Sonstiges"}, "units": {"each": "Stück", "hour": "Stunde", "sq_ft": "sq ft", "linear_ft": "lfd. ft"}},
  fr: {"title": "Rapport orange", "number": "Numéro", "customer": "Client", "status": "Statut", "foundOn": "Constaté le", "category": "Catégorie", "urgency": "Urgence", "author": "Rédigé par", "where": "Où", "zone": "Zone", "pointOnMap": "Point sur la carte", "findings": "Constat", "photos": "Photos", "afterPhotos": "Après les travaux", "recommendations": "Travaux recommandés", "service": "Service", "quantity": "Quantité", "unitPrice": "Prix unitaire", "amount": "Montant", "estimatedTotal": "Total estimé", "perJob": "Prix selon le chantier", "totalIncomplete": "Certains services sont chiffrés selon le chantier : leur prix suivra.", "approvedOn": "Approuvé le", "proposalRequested": "Devis demandé", "declinedBecause": "Refusé par le client", "photosMissing": "{n} photo(s) n’ont pas pu être incluses.", "statuses": {"draft": "Brouillon", "submitted": "En attente de relecture", "returned": "Renvoyé", "approved": "Approuvé", "acknowledged": "Pris en compte", "resolved": "Résolu", "declined": "Refusé"}, "urgencies": {"safety": "Sécurité", "soon": "Bientôt", "routine": "Courant"}, "categories": {"irrigation": "Irrigation", "tree": "Arbre", "plants": "Plantes et massifs", "turf": "Gazon", "drainage": "Drainage", "hardscape": "Aménagements durs", "storm_damage": "Dégâts de tempête", "pest": "Nuisibles", "safety_hazard": "Danger pour la sécurité", "out_of_scope": "Hors contrat", "other": "Autre"}, "units": {"each": "unité", "hour": "heure", "sq_ft": "pi²", "linear_ft": "pi linéaire"}},
};

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
  if (missing > 0) pdf.muted(labels.photosMissing.replace('{n}', String(missing)));
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
