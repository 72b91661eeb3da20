import type { Language, ProposalDetail } from '@grove/shared';
import { PdfWriter, type PdfCompany } from '../../lib/pdf/index.js';

type Labels = {
  proposal: string;
  number: string;
  version: string;
  date: string;
  validUntil: string;
  preparedFor: string;
  title: string;
  scope: string;
  items: string;
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  tax: string;
  amount: string;
  subtotal: string;
  taxTotal: string;
  total: string;
  allOptions: string;
  option: string;
  options: string;
  status: string;
  signaturePage: string;
  signedBy: string;
  signerRoles: string;
  signedAt: string;
  chosenOption: string;
  ipAddress: string;
  userAgent: string;
  sha256: string;
  consent: string;
  boardApproval: string;
  rule: (required: number, threshold: string) => string;
  approve: string;
  reject: string;
  pendingVote: string;
  outcome: string;
  outcomes: Record<'open' | 'approved' | 'rejected' | 'cancelled', string>;
  statuses: Record<ProposalDetail['status'], string>;
};

const LABELS: Record<Language, Labels> = {
  en: {
    proposal: 'Proposal', number: 'Number', version: 'Version', date: 'Date', validUntil: 'Valid until', preparedFor: 'Prepared for', title: 'Title',
    scope: 'Scope of work', items: 'Line items', description: 'Description', quantity: 'Qty', unit: 'Unit', unitPrice: 'Unit price', tax: 'Tax',
    amount: 'Amount', subtotal: 'Subtotal', taxTotal: 'Tax', total: 'Total', allOptions: 'All options', option: 'Option', options: 'Options', status: 'Status',
    signaturePage: 'Electronic signature', signedBy: 'Signed by', signerRoles: 'Role', signedAt: 'Signed at', chosenOption: 'Chosen option',
    ipAddress: 'IP address', userAgent: 'Browser', sha256: 'SHA-256 of the signed version',
    consent: 'The signer typed their full name and agreed that it is their electronic signature on this exact version of the proposal.',
    boardApproval: 'Board approval', rule: (n, t) => `Proposals over ${t} need ${n} board approvals.`, approve: 'Approved', reject: 'Rejected', pendingVote: 'Not voted yet',
    outcome: 'Outcome', outcomes: { open: 'Awaiting votes', approved: 'Approved by the board', rejected: 'Rejected by the board', cancelled: 'Cancelled' },
    statuses: { draft: 'Draft', sent: 'Sent', viewed: 'Viewed', pending_approval: 'Awaiting board approval', accepted: 'Accepted', declined: 'Declined', rejected: 'Rejected by the board', expired: 'Expired', withdrawn: 'Withdrawn' },
  },
  zh: {
    proposal: '提案', number: '编号', version: '版本', date: '日期', validUntil: '有效期至', preparedFor: '客户', title: '标题',
    scope: '工作范围', items: '明细', description: '说明', quantity: '数量', unit: '单位', unitPrice: '单价', tax: '税率',
    amount: '金额', subtotal: '小计', taxTotal: '税额', total: '合计', allOptions: '所有方案', option: '方案', options: '方案', status: '状态',
    signaturePage: '电子签名', signedBy: '签署人', signerRoles: '角色', signedAt: '签署时间', chosenOption: '所选方案',
    ipAddress: 'IP 地址', userAgent: '浏览器', sha256: '所签版本的 SHA-256',
    consent: '签署人输入了全名，并同意这是其对本提案此确切版本的电子签名。',
    boardApproval: '董事会审批', rule: (n, t) => `超过 ${t} 的提案需要 ${n} 位董事会成员批准。`, approve: '批准', reject: '拒绝', pendingVote: '尚未投票',
    outcome: '结果', outcomes: { open: '等待投票', approved: '董事会已批准', rejected: '董事会已拒绝', cancelled: '已取消' },
    statuses: { draft: '草稿', sent: '已发送', viewed: '已查看', pending_approval: '等待董事会审批', accepted: '已接受', declined: '已拒绝', rejected: '董事会已拒绝', expired: '已过期', withdrawn: '已撤回' },
  },
  es: {
    proposal: 'Propuesta', number: 'Número', version: 'Versión', date: 'Fecha', validUntil: 'Válida hasta', preparedFor: 'Preparada para', title: 'Título',
    scope: 'Alcance del trabajo', items: 'Partidas', description: 'Descripción', quantity: 'Cant.', unit: 'Unidad', unitPrice: 'Precio unitario', tax: 'Impuesto',
    amount: 'Importe', subtotal: 'Subtotal', taxTotal: 'Impuestos', total: 'Total', allOptions: 'Todas las opciones', option: 'Opción', options: 'Opciones', status: 'Estado',
    signaturePage: 'Firma electrónica', signedBy: 'Firmado por', signerRoles: 'Rol', signedAt: 'Firmado el', chosenOption: 'Opción elegida',
    ipAddress: 'Dirección IP', userAgent: 'Navegador', sha256: 'SHA-256 de la versión firmada',
    consent: 'El firmante escribió su nombre completo y aceptó que es su firma electrónica sobre esta versión exacta de la propuesta.',
    boardApproval: 'Aprobación de la junta', rule: (n, t) => `Las propuestas de más de ${t} necesitan ${n} aprobaciones de la junta.`, approve: 'Aprobada', reject: 'Rechazada', pendingVote: 'Aún no ha votado',
    outcome: 'Resultado', outcomes: { open: 'Esperando votos', approved: 'Aprobada por la junta', rejected: 'Rechazada por la junta', cancelled: 'Cancelada' },
    statuses: { draft: 'Borrador', sent: 'Enviada', viewed: 'Vista', pending_approval: 'Pendiente de la junta', accepted: 'Aceptada', declined: 'Rechazada', rejected: 'Rechazada por la junta', expired: 'Vencida', withdrawn: 'Retirada' },
  },
  ja: {
    proposal: '提案書', number: '番号', version: 'バージョン', date: '日付', validUntil: '有効期限', preparedFor: '宛先', title: '件名',
    scope: '作業範囲', items: '明細', description: '内容', quantity: '数量', unit: '単位', unitPrice: '単価', tax: '税率',
    amount: '金額', subtotal: '小計', taxTotal: '税額', total: '合計', allOptions: 'すべてのプラン', option: 'プラン', options: 'プラン', status: 'ステータス',
    signaturePage: '電子署名', signedBy: '署名者', signerRoles: '役割', signedAt: '署名日時', chosenOption: '選択したプラン',
    ipAddress: 'IP アドレス', userAgent: 'ブラウザー', sha256: '署名したバージョンの SHA-256',
    consent: '署名者は氏名を入力し、これがこの提案書のこのバージョンに対する電子署名であることに同意しました。',
    boardApproval: '理事会の承認', rule: (n, t) => `${t} を超える提案には理事 ${n} 名の承認が必要です。`, approve: '承認', reject: '却下', pendingVote: '未投票',
    outcome: '結果', outcomes: { open: '投票待ち', approved: '理事会が承認', rejected: '理事会が却下', cancelled: '取り消し' },
    statuses: { draft: '下書き', sent: '送信済み', viewed: '閲覧済み', pending_approval: '理事会の承認待ち', accepted: '承諾済み', declined: '辞退', rejected: '理事会が却下', expired: '期限切れ', withdrawn: '取り下げ' },
  },
  de: {
    proposal: 'Angebot', number: 'Nummer', version: 'Version', date: 'Datum', validUntil: 'Gültig bis', preparedFor: 'Erstellt für', title: 'Titel',
    scope: 'Leistungsumfang', items: 'Positionen', description: 'Beschreibung', quantity: 'Menge', unit: 'Einheit', unitPrice: 'Einzelpreis', tax: 'Steuer',
    amount: 'Betrag', subtotal: 'Zwischensumme', taxTotal: 'Steuer', total: 'Gesamt', allOptions: 'Alle Varianten', option: 'Variante', options: 'Varianten', status: 'Status',
    signaturePage: 'Elektronische Unterschrift', signedBy: 'Unterschrieben von', signerRoles: 'Rolle', signedAt: 'Unterschrieben am', chosenOption: 'Gewählte Variante',
    ipAddress: 'IP-Adresse', userAgent: 'Browser', sha256: 'SHA-256 der unterschriebenen Version',
    consent: 'Die unterzeichnende Person hat ihren vollständigen Namen eingegeben und bestätigt, dass dies ihre elektronische Unterschrift unter genau diese Version des Angebots ist.',
    boardApproval: 'Freigabe durch den Vorstand', rule: (n, t) => `Angebote über ${t} brauchen ${n} Freigaben des Vorstands.`, approve: 'Freigegeben', reject: 'Abgelehnt', pendingVote: 'Noch nicht abgestimmt',
    outcome: 'Ergebnis', outcomes: { open: 'Abstimmung läuft', approved: 'Vom Vorstand freigegeben', rejected: 'Vom Vorstand abgelehnt', cancelled: 'Abgebrochen' },
    statuses: { draft: 'Entwurf', sent: 'Gesendet', viewed: 'Angesehen', pending_approval: 'Wartet auf Vorstandsfreigabe', accepted: 'Angenommen', declined: 'Abgelehnt', rejected: 'Vom Vorstand abgelehnt', expired: 'Abgelaufen', withdrawn: 'Zurückgezogen' },
  },
  fr: {
    proposal: 'Proposition', number: 'Numéro', version: 'Version', date: 'Date', validUntil: 'Valable jusqu’au', preparedFor: 'Préparée pour', title: 'Titre',
    scope: 'Étendue des travaux', items: 'Lignes', description: 'Description', quantity: 'Qté', unit: 'Unité', unitPrice: 'Prix unitaire', tax: 'Taxe',
    amount: 'Montant', subtotal: 'Sous-total', taxTotal: 'Taxes', total: 'Total', allOptions: 'Toutes les options', option: 'Option', options: 'Options', status: 'Statut',
    signaturePage: 'Signature électronique', signedBy: 'Signée par', signerRoles: 'Rôle', signedAt: 'Signée le', chosenOption: 'Option choisie',
    ipAddress: 'Adresse IP', userAgent: 'Navigateur', sha256: 'SHA-256 de la version signée',
    consent: 'Le signataire a saisi son nom complet et accepté qu’il s’agit de sa signature électronique sur cette version exacte de la proposition.',
    boardApproval: 'Approbation du conseil', rule: (n, t) => `Les propositions de plus de ${t} nécessitent ${n} approbations du conseil.`, approve: 'Approuvée', reject: 'Rejetée', pendingVote: 'N’a pas encore voté',
    outcome: 'Résultat', outcomes: { open: 'En attente des votes', approved: 'Approuvée par le conseil', rejected: 'Rejetée par le conseil', cancelled: 'Annulée' },
    statuses: { draft: 'Brouillon', sent: 'Envoyée', viewed: 'Consultée', pending_approval: 'En attente du conseil', accepted: 'Acceptée', declined: 'Refusée', rejected: 'Rejetée par le conseil', expired: 'Expirée', withdrawn: 'Retirée' },
  },
};

export function proposalPdfLabels(language: Language): Labels {
  return LABELS[language];
}

/**
 * The proposal as a PDF in the reader's language: letterhead, scope, line items (grouped by
 * alternative), totals; when the shown version was signed, a signature page with the signature
 * record and the board's votes.
 */
export function renderProposalPdf(detail: ProposalDetail, language: Language, company: PdfCompany): PDFKit.PDFDocument {
  const l = LABELS[language];
  const pdf = new PdfWriter({ language, company, title: `${l.proposal} ${detail.number}`, footer: `${company.name} · ${detail.number} v${detail.shownVersion}` });
  const shownVersion = detail.versions.find((v) => v.version === detail.shownVersion);
  pdf.letterhead(company, l.proposal, [
    [l.number, detail.number],
    [l.version, String(detail.shownVersion)],
    [l.date, pdf.date(shownVersion?.sentAt ?? detail.createdAt)],
    [l.validUntil, pdf.date(detail.validUntil)],
  ]);
  pdf.keyValues([
    [l.preparedFor, detail.customerName],
    [l.title, detail.title],
    [l.status, l.statuses[detail.status]],
  ]);
  if (detail.scope) {
    pdf.heading(l.scope);
    pdf.text(detail.scope);
  }

  const columns = [
    { label: l.description, share: 0.4 },
    { label: l.quantity, share: 0.1, align: 'right' as const },
    { label: l.unit, share: 0.1 },
    { label: l.unitPrice, share: 0.15, align: 'right' as const },
    { label: l.tax, share: 0.1, align: 'right' as const },
    { label: l.amount, share: 0.15, align: 'right' as const },
  ];
  const rowsOf = (key: string | null) =>
    detail.lineItems
      .filter((item) => item.optionKey === key)
      .map((item) => [item.description, pdf.number(item.quantity), item.unit, pdf.money(item.unitPriceCents), pdf.percent(item.taxRateBps), pdf.money(item.subtotalCents)]);

  pdf.heading(detail.options.length ? `${l.items} · ${l.allOptions}` : l.items);
  const shared = rowsOf(null);
  if (shared.length) pdf.table(columns, shared);
  if (detail.options.length === 0) {
    pdf.totals([
      { label: l.subtotal, value: pdf.money(detail.subtotalCents) },
      { label: l.taxTotal, value: pdf.money(detail.taxCents) },
      { label: l.total, value: pdf.money(detail.totalCents), strong: true },
    ]);
  } else {
    for (const option of detail.options) {
      pdf.heading(`${l.option} ${option.key}: ${option.title}`, 11);
      pdf.table(columns, rowsOf(option.key));
      pdf.totals([
        { label: l.subtotal, value: pdf.money(option.subtotalCents) },
        { label: l.taxTotal, value: pdf.money(option.taxCents) },
        { label: `${l.total} (${l.option} ${option.key})`, value: pdf.money(option.totalCents), strong: true },
      ]);
    }
  }

  const signature = detail.signature && detail.signature.version === detail.shownVersion ? detail.signature : null;
  if (signature) {
    pdf.newPage();
    pdf.heading(l.signaturePage, 16);
    pdf.rule();
    pdf.text(signature.signerName, { size: 22, bold: true });
    pdf.rule();
    const chosen = signature.optionKey ? detail.options.find((o) => o.key === signature.optionKey) : undefined;
    pdf.keyValues([
      [l.signedBy, `${signature.signerName} (${signature.signer.name})`],
      [l.signerRoles, signature.signerRoles.join(', ')],
      [l.signedAt, pdf.date(signature.signedAt, true)],
      [`${l.number} / ${l.version}`, `${detail.number} / ${signature.version}`],
      ...(chosen ? [[l.chosenOption, `${chosen.key}: ${chosen.title} (${pdf.money(chosen.totalCents)})`] as const] : []),
      [l.total, pdf.money(chosen?.totalCents ?? detail.totalCents)],
      ...(signature.ip ? [[l.ipAddress, signature.ip] as const] : []),
      ...(signature.userAgent ? [[l.userAgent, signature.userAgent] as const] : []),
      [l.sha256, signature.contentSha256],
    ]);
    pdf.muted(l.consent);

    const approval = detail.approval;
    if (approval) {
      pdf.heading(l.boardApproval);
      pdf.text(l.rule(approval.requiredApprovals, pdf.money(approval.thresholdCents)));
      const votes = new Map(approval.votes.map((vote) => [vote.voter.id, vote]));
      pdf.table(
        [
          { label: l.signedBy, share: 0.35 },
          { label: l.outcome, share: 0.2 },
          { label: l.signedAt, share: 0.45 },
        ],
        approval.voters.map((voter) => {
          const vote = votes.get(voter.id);
          return [voter.name, vote ? (vote.vote === 'approve' ? l.approve : l.reject) : l.pendingVote, vote ? pdf.date(vote.votedAt, true) + (vote.comment ? ` — ${vote.comment}` : '') : ''];
        }),
      );
      pdf.keyValues([[l.outcome, l.outcomes[approval.status]]]);
    }
  }
  return pdf.finish();
}
