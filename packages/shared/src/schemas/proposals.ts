import { z } from 'zod';
import { hasAtMostThreeDecimals } from '../money.js';
import { nameText } from '../text-rules.js';
import { pageOf, pageQuerySchema, text } from './common.js';

/*
 * Proposals with e-signature and board approval (issue 12).
 *
 *   GET    /api/Proposals?ProposalListQuery           → ProposalPage (open value in scope)         signed in
 *   POST   /api/Proposals                             ProposalCreate → ProposalDetail (201, draft)  staff
 *   GET    /api/Proposals/{id}?version=               → ProposalDetail (customer users: never drafts)
 *   PUT    /api/Proposals/{id}                        ProposalWrite → ProposalDetail (draft only)   staff
 *   DELETE /api/Proposals/{id}                        → 204 (draft only)                            staff
 *   POST   /api/Proposals/{id}/send                   → ProposalDetail                              staff
 *   POST   /api/Proposals/{id}/revise                 ProposalWrite → new version, sent again       staff
 *   POST   /api/Proposals/{id}/withdraw               { reason? }                                   staff
 *   POST   /api/Proposals/{id}/accept                 ProposalAccept (typed signature)              Property Manager / Board Member
 *   POST   /api/Proposals/{id}/decline                { reason }                                    Property Manager / Board Member
 *   POST   /api/Proposals/{id}/vote                   { vote, comment? } (approval round)           Board Member
 *   GET    /api/Proposals/{id}/pdf?version=           → application/pdf (signature page once signed)
 *   GET    /api/Proposals/approval-rules/{customerId} → ApprovalRuleAnswer                          signed in, in scope
 *   PUT    /api/Proposals/approval-rules/{customerId} ApprovalRule | { rule: null }                 staff
 * Wrong status → 409 with the reason; accepting a superseded version → 409; out of scope → 404.
 */

export const PROPOSAL_STATUSES = ['draft', 'sent', 'viewed', 'pending_approval', 'accepted', 'declined', 'rejected', 'expired', 'withdrawn'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** Statuses in which the customer still has to decide (the open value counts these). */
export const OPEN_PROPOSAL_STATUSES = ['sent', 'viewed', 'pending_approval'] as const satisfies readonly ProposalStatus[];

export const PROPOSAL_ACTIONS = ['edit', 'send', 'revise', 'withdraw', 'delete', 'accept', 'decline', 'vote'] as const;
export type ProposalAction = (typeof PROPOSAL_ACTIONS)[number];

/** Customer-side roles (at the customer) who see proposals, who may sign or decline, who vote. */
export const PROPOSAL_VIEWER_ROLES = ['Property Manager', 'Board Member', 'Landscape Committee'] as const;
export const PROPOSAL_SIGNER_ROLES = ['Property Manager', 'Board Member'] as const;
export const PROPOSAL_VOTER_ROLES = ['Board Member'] as const;

export const PROPOSAL_LIMITS = {
  title: 150,
  scope: 10_000,
  description: 500,
  unit: 20,
  lineItems: 200,
  options: 5,
  optionTitle: 100,
  attachments: 20,
  reason: 1000,
  signerName: 150,
  maxQuantity: 100_000,
  /** $10,000,000.00 per unit. */
  maxUnitPriceCents: 1_000_000_000,
  maxTaxRateBps: 10_000,
  maxRequiredApprovals: 25,
} as const;

export const OPTION_KEYS = ['A', 'B', 'C', 'D', 'E'] as const;
export type OptionKey = (typeof OPTION_KEYS)[number];

const isoDate = z.iso.date({ message: 'invalid' });

export const proposalLineItemInputSchema = z.object({
  /** A service of the orange-report catalogue; the description is still stored as written. */
  serviceId: z.uuid({ message: 'invalid' }).nullable().optional(),
  description: text(PROPOSAL_LIMITS.description),
  quantity: z
    .number()
    .gt(0)
    .max(PROPOSAL_LIMITS.maxQuantity)
    .refine(hasAtMostThreeDecimals, { message: 'invalid' }),
  unit: z.string().trim().max(PROPOSAL_LIMITS.unit).default('each'),
  unitPriceCents: z.number().int().min(0).max(PROPOSAL_LIMITS.maxUnitPriceCents),
  taxRateBps: z.number().int().min(0).max(PROPOSAL_LIMITS.maxTaxRateBps).default(0),
  /** The alternative the line belongs to; null: part of every alternative. */
  optionKey: z.enum(OPTION_KEYS).nullable().optional(),
});
export type ProposalLineItemInput = z.input<typeof proposalLineItemInputSchema>;

export const proposalOptionInputSchema = z.object({
  key: z.enum(OPTION_KEYS),
  title: text(PROPOSAL_LIMITS.optionTitle),
});

/** The content of a proposal version: what staff write (create, draft edit, revision). */
export const proposalWriteSchema = z
  .object({
    title: text(PROPOSAL_LIMITS.title),
    scope: z.string().trim().max(PROPOSAL_LIMITS.scope).default(''),
    validUntil: isoDate,
    lineItems: z.array(proposalLineItemInputSchema).min(1).max(PROPOSAL_LIMITS.lineItems),
    /** Alternatives the customer picks one of ("option A / option B"); none: one price. */
    options: z.array(proposalOptionInputSchema).max(PROPOSAL_LIMITS.options).default([]),
    /** Uploaded files (`/api/Files/uploadFile|uploadPhoto`) to attach; existing ones stay. */
    attachmentIds: z.array(z.uuid({ message: 'invalid' })).max(PROPOSAL_LIMITS.attachments).default([]),
    serviceRequestId: z.uuid({ message: 'invalid' }).nullable().optional(),
    orangeReportId: z.uuid({ message: 'invalid' }).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    const keys = value.options.map((option) => option.key);
    keys.forEach((key, index) => {
      if (keys.indexOf(key) !== index) ctx.addIssue({ code: 'custom', path: ['options', index, 'key'], message: 'invalid' });
    });
    if (keys.length === 1) ctx.addIssue({ code: 'custom', path: ['options'], message: 'invalid' });
    value.lineItems.forEach((item, index) => {
      if (item.optionKey && !keys.includes(item.optionKey)) {
        ctx.addIssue({ code: 'custom', path: ['lineItems', index, 'optionKey'], message: 'invalid' });
      }
    });
    for (const [index, key] of keys.entries()) {
      if (!value.lineItems.some((item) => item.optionKey === key)) {
        ctx.addIssue({ code: 'custom', path: ['options', index, 'key'], message: 'invalid' });
      }
    }
  });
export type ProposalWrite = z.input<typeof proposalWriteSchema>;
export type ProposalWriteParsed = z.output<typeof proposalWriteSchema>;

export const proposalCreateSchema = z.intersection(z.object({ customerId: z.uuid({ message: 'required' }) }), proposalWriteSchema);
export type ProposalCreate = z.input<typeof proposalCreateSchema>;

export const proposalIdParamsSchema = z.object({ id: z.uuid({ message: 'invalid' }) });
export const proposalVersionQuerySchema = z.object({ version: z.coerce.number().int().min(1).max(10_000).optional() });

export const proposalListQuerySchema = pageQuerySchema.extend({
  customerId: z.uuid({ message: 'invalid' }).optional(),
  /** Comma-separated statuses, or `open` for sent + viewed + awaiting board approval. */
  status: z
    .string()
    .max(200)
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const parts = value.split(',').map((part) => part.trim()).filter(Boolean);
      const expanded = parts.flatMap((part) => (part === 'open' ? [...OPEN_PROPOSAL_STATUSES] : [part]));
      if (!expanded.every((part) => (PROPOSAL_STATUSES as readonly string[]).includes(part))) {
        ctx.addIssue({ code: 'custom', message: 'invalid' });
        return z.NEVER;
      }
      return expanded as ProposalStatus[];
    }),
  sort: z.enum(['number', '-number', 'updatedAt', '-updatedAt', 'total', '-total', 'validUntil', '-validUntil']).optional(),
});
export type ProposalListQuery = z.input<typeof proposalListQuerySchema>;

export const proposalWithdrawSchema = z.preprocess((value) => value ?? {}, z.object({ reason: z.string().trim().max(PROPOSAL_LIMITS.reason).optional() }));
export const proposalDeclineSchema = z.object({ reason: text(PROPOSAL_LIMITS.reason) });

/**
 * The electronic signature: the version the signer read (a newer one makes this 409), their full
 * name typed, the consent box, and the alternative they choose when the proposal has several.
 */
export const proposalAcceptSchema = z.object({
  version: z.number().int().min(1),
  signerName: nameText(PROPOSAL_LIMITS.signerName, 2),
  consent: z.literal(true, { message: 'terms' }),
  optionKey: z.enum(OPTION_KEYS).nullable().optional(),
});
export type ProposalAccept = z.input<typeof proposalAcceptSchema>;

export const PROPOSAL_VOTES = ['approve', 'reject'] as const;
export const proposalVoteSchema = z.object({
  vote: z.enum(PROPOSAL_VOTES),
  comment: z.string().trim().max(PROPOSAL_LIMITS.reason).optional(),
});
export type ProposalVote = z.infer<typeof proposalVoteSchema>;

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────

const amounts = {
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
};

export const proposalLineItemSchema = z.object({
  serviceId: z.uuid().nullable(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unitPriceCents: z.number().int(),
  taxRateBps: z.number().int(),
  optionKey: z.enum(OPTION_KEYS).nullable(),
  ...amounts,
});
export type ProposalLineItem = z.infer<typeof proposalLineItemSchema>;

/** An alternative with its totals: the lines of every alternative plus its own. */
export const proposalOptionSchema = z.object({ key: z.enum(OPTION_KEYS), title: z.string(), ...amounts });
export type ProposalOption = z.infer<typeof proposalOptionSchema>;

const person = z.object({ id: z.uuid(), name: z.string() });

export const proposalSignatureSchema = z.object({
  version: z.number().int(),
  signerName: z.string(),
  signer: person,
  /** The signer's roles at the customer when signing. */
  signerRoles: z.array(z.string()),
  optionKey: z.enum(OPTION_KEYS).nullable(),
  signedAt: z.string(),
  /** SHA-256 (hex) of the exact version content signed. */
  contentSha256: z.string(),
  /** Staff only (null for customer users). */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ProposalSignature = z.infer<typeof proposalSignatureSchema>;

export const proposalVoteRecordSchema = z.object({
  voter: person,
  vote: z.enum(PROPOSAL_VOTES),
  comment: z.string().nullable(),
  votedAt: z.string(),
});

export const APPROVAL_ROUND_STATUSES = ['open', 'approved', 'rejected', 'cancelled'] as const;

export const proposalApprovalSchema = z.object({
  status: z.enum(APPROVAL_ROUND_STATUSES),
  requiredApprovals: z.number().int(),
  thresholdCents: z.number().int(),
  /** Board members who may vote (those of the customer when the round started). */
  voters: z.array(person),
  approvals: z.number().int(),
  rejections: z.number().int(),
  votes: z.array(proposalVoteRecordSchema),
  startedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type ProposalApproval = z.infer<typeof proposalApprovalSchema>;

export const proposalVersionSummarySchema = z.object({
  version: z.number().int(),
  totalCents: z.number().int(),
  contentSha256: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  createdBy: person.nullable(),
});

export const proposalAttachmentSchema = z.object({ id: z.uuid(), name: z.string(), mimeType: z.string(), sizeBytes: z.number().int() });

export const proposalSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  customerId: z.uuid(),
  customerName: z.string(),
  title: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  version: z.number().int(),
  /** Without alternatives the total; with them the chosen one's, or the highest until one is chosen. */
  totalCents: z.number().int(),
  validUntil: z.string(),
  sentAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The caller has something to do (sign, decide, vote). */
  awaitingYou: z.boolean(),
});
export type ProposalSummary = z.infer<typeof proposalSummarySchema>;

export const proposalPageSchema = z.object({
  ...pageOf(proposalSummarySchema).shape,
  /** Open proposals (sent, viewed, awaiting board approval) in the filter's customers: count and value. */
  openCount: z.number().int(),
  openValueCents: z.number().int(),
});
export type ProposalPage = z.infer<typeof proposalPageSchema>;

export const proposalDetailSchema = z.object({
  ...proposalSummarySchema.shape,
  /** The version shown (the latest unless `?version=` asked for an older one). */
  shownVersion: z.number().int(),
  scope: z.string(),
  currency: z.string(),
  lineItems: z.array(proposalLineItemSchema),
  options: z.array(proposalOptionSchema),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  chosenOptionKey: z.enum(OPTION_KEYS).nullable(),
  contentSha256: z.string().nullable(),
  attachments: z.array(proposalAttachmentSchema),
  serviceRequest: z.object({ id: z.uuid(), number: z.string(), title: z.string() }).nullable(),
  orangeReportId: z.uuid().nullable(),
  /** The orange report it answers (number and title), when linked. */
  orangeReport: z.object({ id: z.uuid(), number: z.string(), title: z.string() }).nullable(),
  createdBy: person.nullable(),
  createdAt: z.string(),
  viewedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  withdrawReason: z.string().nullable(),
  versions: z.array(proposalVersionSummarySchema),
  signature: proposalSignatureSchema.nullable(),
  approval: proposalApprovalSchema.nullable(),
  /** The customer's rule when the proposal was sent or signed (null: no board approval needed). */
  approvalRule: z.object({ thresholdCents: z.number().int(), requiredApprovals: z.number().int() }).nullable(),
  allowedActions: z.array(z.enum(PROPOSAL_ACTIONS)),
});
export type ProposalDetail = z.infer<typeof proposalDetailSchema>;

// ── Approval rule (per customer) ────────────────────────────────────────────────────────────────

/** "Proposals over $500 need 2 of the board members": totals strictly above the threshold. */
export const approvalRuleSchema = z.object({
  thresholdCents: z.number().int().min(0).max(PROPOSAL_LIMITS.maxUnitPriceCents),
  requiredApprovals: z.number().int().min(1).max(PROPOSAL_LIMITS.maxRequiredApprovals),
});
export type ApprovalRule = z.infer<typeof approvalRuleSchema>;

export const approvalRuleUpdateSchema = z.object({ rule: approvalRuleSchema.nullable() });
export type ApprovalRuleUpdate = z.infer<typeof approvalRuleUpdateSchema>;

export const approvalRuleAnswerSchema = z.object({
  rule: approvalRuleSchema.nullable(),
  /** Active board members of the customer (a rule needing more can never be met). */
  boardMembers: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type ApprovalRuleAnswer = z.infer<typeof approvalRuleAnswerSchema>;

export const approvalRuleParamsSchema = z.object({ customerId: z.uuid({ message: 'invalid' }) });
