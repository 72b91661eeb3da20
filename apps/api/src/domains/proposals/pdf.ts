import { interpolate, type Language, type ProposalDetail } from '@grove/shared';
import { perLanguage } from '../../lib/i18n.js';
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
  /** `{{required}}` approvals above `{{threshold}}`. */
  rule: string;
  approve: string;
  reject: string;
  pendingVote: string;
  outcome: string;
  outcomes: Record<'open' | 'approved' | 'rejected' | 'cancelled', string>;
  statuses: Record<ProposalDetail['status'], string>;
};

const LABELS: Record<Language, Labels> = perLanguage('server/proposals:pdf.labels');

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
      pdf.text(interpolate(l.rule, { required: approval.requiredApprovals, threshold: pdf.money(approval.thresholdCents) }));
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
