import { z } from 'zod';
import { LANGUAGES, type Language } from '../constants.js';
import { nameText } from '../text-rules.js';

/*
 * Orange reports (issue 10): the catalogue of services a report can recommend, the reports
 * themselves (below), and the endpoint shapes.
 *
 * Catalogue endpoints:
 *   GET    /api/OrangeReportServices?includeRetired=&search=&category=  → { data: OrangeReportService[] }  staff
 *   GET    /api/OrangeReportServices/{id}                                → OrangeReportService               staff
 *   POST   /api/OrangeReportServices          OrangeReportServiceCreate → OrangeReportService (201)        System Admin
 *   PUT    /api/OrangeReportServices/{id}     OrangeReportServiceUpdate → OrangeReportService              System Admin (retired: true retires)
 *   DELETE /api/OrangeReportServices/{id}     → 204; 409 when anything uses it (retire it instead)        System Admin
 * Prices are integer cents (USD): no floating point on money anywhere.
 */

export const ORANGE_SERVICE_CATEGORIES = [
  'irrigation',
  'tree_care',
  'plants',
  'turf',
  'mulch_soil',
  'drainage',
  'hardscape',
  'pest',
  'enhancement',
  'other',
] as const;
export type OrangeServiceCategory = (typeof ORANGE_SERVICE_CATEGORIES)[number];

export const ORANGE_SERVICE_UNITS = ['each', 'hour', 'sq_ft', 'linear_ft'] as const;
export type OrangeServiceUnit = (typeof ORANGE_SERVICE_UNITS)[number];

export const ORANGE_REPORT_LIMITS = {
  serviceName: 80,
  serviceDescription: 500,
  /** $1,000,000.00 per unit. */
  maxUnitPriceCents: 100_000_000,
} as const;

/** A name per interface language; English is required and is the fallback of the others. */
export type LocalizedNames = { en: string } & Partial<Record<Exclude<Language, 'en'>, string | null>>;

const optionalName = nameText(ORANGE_REPORT_LIMITS.serviceName, 0)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

export const localizedNamesSchema = z.object({
  en: nameText(ORANGE_REPORT_LIMITS.serviceName),
  zh: optionalName,
  es: optionalName,
  ja: optionalName,
  de: optionalName,
  fr: optionalName,
});

/** Names as stored and answered: every language present, `null` where English stands in. */
export const localizedNamesOutSchema = z.object({
  en: z.string(),
  zh: z.string().nullable(),
  es: z.string().nullable(),
  ja: z.string().nullable(),
  de: z.string().nullable(),
  fr: z.string().nullable(),
});
export type LocalizedNamesOut = z.infer<typeof localizedNamesOutSchema>;

/** The name in `language`, falling back to English. */
export function localizedName(names: Partial<Record<Language, string | null>> & { en: string }, language: string): string {
  const lang = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
  return names[lang] || names.en;
}

const unitPriceCents = z.number().int({ message: 'invalid' }).min(0).max(ORANGE_REPORT_LIMITS.maxUnitPriceCents);

/**
 * One catalogue service. `inUse`: a report recommends it (then it can only be retired); other
 * areas that reference the catalogue (plans, proposals) block deleting through their foreign keys.
 */
export const orangeReportServiceSchema = z.object({
  id: z.uuid(),
  names: localizedNamesOutSchema,
  description: z.string(),
  category: z.enum(ORANGE_SERVICE_CATEGORIES),
  unit: z.enum(ORANGE_SERVICE_UNITS),
  /** Null: priced per job (the estimate is entered on the report). */
  unitPriceCents: z.number().int().nullable(),
  sortOrder: z.number().int(),
  retired: z.boolean(),
  retiredAt: z.string().nullable(),
  inUse: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrangeReportService = z.infer<typeof orangeReportServiceSchema>;

export const orangeReportServiceListSchema = z.object({ data: z.array(orangeReportServiceSchema) });

export const orangeReportServiceListQuerySchema = z.object({
  /** `true` lists retired services too (the settings screen); pickers leave it off. */
  includeRetired: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** Matches the name in any language and the description. */
  search: z.string().trim().max(100).optional(),
  category: z.enum(ORANGE_SERVICE_CATEGORIES).optional(),
});
export type OrangeReportServiceListQuery = z.input<typeof orangeReportServiceListQuerySchema>;

export const orangeReportServiceCreateSchema = z.object({
  names: localizedNamesSchema,
  description: z.string().trim().max(ORANGE_REPORT_LIMITS.serviceDescription).default(''),
  category: z.enum(ORANGE_SERVICE_CATEGORIES, { message: 'required' }),
  unit: z.enum(ORANGE_SERVICE_UNITS, { message: 'required' }),
  unitPriceCents: unitPriceCents.nullable().default(null),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
});
export type OrangeReportServiceCreate = z.input<typeof orangeReportServiceCreateSchema>;

export const orangeReportServiceUpdateSchema = z.object({
  names: localizedNamesSchema.optional(),
  description: z.string().trim().max(ORANGE_REPORT_LIMITS.serviceDescription).optional(),
  category: z.enum(ORANGE_SERVICE_CATEGORIES).optional(),
  unit: z.enum(ORANGE_SERVICE_UNITS).optional(),
  unitPriceCents: unitPriceCents.nullable().optional(),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
  /** `true` retires (hidden from pickers, reports keep it); `false` offers it again. */
  retired: z.boolean().optional(),
});
export type OrangeReportServiceUpdate = z.input<typeof orangeReportServiceUpdateSchema>;

export const orangeReportServiceIdParamsSchema = z.object({ id: z.uuid({ message: 'invalid' }) });

// ── Reports ─────────────────────────────────────────────────────────────────────────────────────
/*
 * Report endpoints (errors are `{ message, errors? }`; out-of-scope or hidden reports are 404):
 *   GET    /api/OrangeReports?OrangeReportListQuery        → Page<OrangeReportSummary>
 *   GET    /api/OrangeReports/export.csv?(same filters)    → text/csv (staff)
 *   GET    /api/OrangeReports/pending?customerId=&page=    → Page<OrangeReportSummary> review queue, oldest first (reviewers)
 *   GET    /api/OrangeReports/map?customerId=              → { data: OrangeReportPin[] }
 *   GET    /api/OrangeReports/{id}                         → OrangeReportDetail (customer users: the customer shape)
 *   POST   /api/OrangeReports                              OrangeReportDraft → detail (201), a draft
 *   PUT    /api/OrangeReports/{id}                         OrangeReportDraft → detail (author: draft/returned; reviewer: submitted)
 *   DELETE /api/OrangeReports/{id}                         → 204 (the author's draft)
 *   POST   /api/OrangeReports/{id}/{action}                action body → detail
 *          submit | approve | return | acknowledge | requestProposal | decline | resolve | comment
 *   POST   /api/OrangeReports/bulk-approve                 { ids } → { approved, skipped }
 * Illegal moves answer 409; actions the caller may never take 403.
 */

export const ORANGE_REPORT_STATUSES = ['draft', 'submitted', 'returned', 'approved', 'acknowledged', 'resolved', 'declined'] as const;
export type OrangeReportStatus = (typeof ORANGE_REPORT_STATUSES)[number];
/** What customer users may ever see. */
export const ORANGE_REPORT_PUBLISHED_STATUSES = ['approved', 'acknowledged', 'resolved', 'declined'] as const satisfies readonly OrangeReportStatus[];

export const ORANGE_REPORT_CATEGORIES = [
  'irrigation',
  'tree',
  'plants',
  'turf',
  'drainage',
  'hardscape',
  'storm_damage',
  'pest',
  'safety_hazard',
  'out_of_scope',
  'other',
] as const;
export type OrangeReportCategory = (typeof ORANGE_REPORT_CATEGORIES)[number];

export const ORANGE_REPORT_URGENCIES = ['safety', 'soon', 'routine'] as const;
export type OrangeReportUrgency = (typeof ORANGE_REPORT_URGENCIES)[number];

export const ORANGE_REPORT_ACTIONS = ['edit', 'submit', 'approve', 'return', 'acknowledge', 'requestProposal', 'decline', 'resolve', 'comment', 'delete'] as const;
export type OrangeReportAction = (typeof ORANGE_REPORT_ACTIONS)[number];

export const ORANGE_REPORT_EVENT_KINDS = [
  'created',
  'submitted',
  'returned',
  'approved',
  'acknowledged',
  'proposal_requested',
  'declined',
  'resolved',
  'comment',
  'reviewer_edit',
] as const;
export type OrangeReportEventKind = (typeof ORANGE_REPORT_EVENT_KINDS)[number];

/** Who reads a timeline entry: staff only, or the customer too (once the report is published). */
export const ORANGE_REPORT_EVENT_VISIBILITIES = ['staff', 'all'] as const;
/** A photo of the finding, or an "after" photo of the work done. */
export const ORANGE_REPORT_PHOTO_KINDS = ['finding', 'after'] as const;

export const ORANGE_REPORT_REPORT_LIMITS = {
  title: 120,
  findings: 5000,
  locationText: 300,
  caption: 300,
  comment: 2000,
  reason: 1000,
  photos: 12,
  afterPhotos: 12,
  recommendations: 30,
  /** Quantities up to 1 000 000 units, two decimals. */
  maxQuantity: 1_000_000,
  bulkApprove: 100,
  exportRows: 10_000,
} as const;

const reportLimits = ORANGE_REPORT_REPORT_LIMITS;
const isoDay = z.iso.date({ message: 'invalid' });
const lat = z.number().min(-90).max(90);
const lng = z.number().min(-180).max(180);

export const orangeReportPhotoInputSchema = z.object({
  fileId: z.uuid({ message: 'invalid' }),
  caption: z.string().trim().max(reportLimits.caption).default(''),
});

export const orangeReportRecommendationInputSchema = z.object({
  serviceId: z.uuid({ message: 'invalid' }),
  quantity: z
    .number({ message: 'invalid' })
    .positive({ message: 'invalid' })
    .max(reportLimits.maxQuantity)
    .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), { message: 'invalid' }),
  /**
   * Price per unit in cents. The catalogue price always wins for authors; used only for services
   * priced per job (the estimate) — and, for reviewers, as their corrected price.
   */
  unitPriceCents: z.number().int({ message: 'invalid' }).min(0).max(ORANGE_REPORT_LIMITS.maxUnitPriceCents).nullable().optional(),
  note: z.string().trim().max(300).default(''),
});

/**
 * A draft's fields (POST creates, PUT saves). Everything but the customer is optional while
 * drafting; `submit` checks what a report needs. Arrays given replace the current ones.
 */
const draftFields = {
    customerId: z.uuid({ message: 'required' }),
    title: z.string().trim().max(reportLimits.title).optional(),
    foundOn: isoDay.optional(),
    category: z.enum(ORANGE_REPORT_CATEGORIES).nullable().optional(),
    urgency: z.enum(ORANGE_REPORT_URGENCIES).nullable().optional(),
    findings: z.string().trim().max(reportLimits.findings).optional(),
    zoneId: z.uuid({ message: 'invalid' }).nullable().optional(),
    latitude: lat.nullable().optional(),
    longitude: lng.nullable().optional(),
    locationText: z.string().trim().max(reportLimits.locationText).optional(),
    serviceRequestId: z.uuid({ message: 'invalid' }).nullable().optional(),
    photos: z.array(orangeReportPhotoInputSchema).max(reportLimits.photos).optional(),
    recommendations: z.array(orangeReportRecommendationInputSchema).max(reportLimits.recommendations).optional(),
};
const pointComplete = (v: { latitude?: number | null; longitude?: number | null }) => (v.latitude == null) === (v.longitude == null);
export const orangeReportDraftSchema = z.object(draftFields).refine(pointComplete, { path: ['longitude'], message: 'invalid' });
export type OrangeReportDraft = z.input<typeof orangeReportDraftSchema>;
/** PUT: the same fields; the customer cannot change once drafted (a different one answers 400). */
export const orangeReportUpdateSchema = z
  .object({ ...draftFields, customerId: z.uuid({ message: 'invalid' }).optional() })
  .refine(pointComplete, { path: ['longitude'], message: 'invalid' });
export type OrangeReportUpdate = z.input<typeof orangeReportUpdateSchema>;

const optionalBody = <T extends z.ZodRawShape>(shape: T) => z.preprocess((value) => value ?? {}, z.object(shape));
export const orangeReportNoteBodySchema = optionalBody({ note: z.string().trim().max(reportLimits.comment).optional() });
export const orangeReportReturnBodySchema = z.object({ comment: z.string().trim().min(1).max(reportLimits.comment) });
export const orangeReportDeclineBodySchema = z.object({ reason: z.string().trim().min(1).max(reportLimits.reason) });
export const orangeReportResolveBodySchema = optionalBody({
  note: z.string().trim().max(reportLimits.comment).optional(),
  afterPhotos: z.array(orangeReportPhotoInputSchema).max(reportLimits.afterPhotos).optional(),
});
export const orangeReportCommentBodySchema = z.object({ text: z.string().trim().min(1).max(reportLimits.comment) });
export const orangeReportBulkApproveSchema = z.object({ ids: z.array(z.uuid({ message: 'invalid' })).min(1).max(reportLimits.bulkApprove) });
export const orangeReportBulkApproveResultSchema = z.object({
  approved: z.number().int(),
  skipped: z.array(z.object({ id: z.string(), reason: z.enum(['not_found', 'not_pending', 'not_reviewer']) })),
});
export type OrangeReportBulkApproveResult = z.infer<typeof orangeReportBulkApproveResultSchema>;

export const ORANGE_REPORT_SORTS = ['createdAt', '-createdAt', 'submittedAt', '-submittedAt', 'number', '-number', 'urgency', '-urgency', 'total', '-total'] as const;

const statusList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z.array(z.enum(ORANGE_REPORT_STATUSES)).max(ORANGE_REPORT_STATUSES.length).optional(),
);

export const orangeReportListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(ORANGE_REPORT_SORTS).default('-createdAt'),
  search: z.string().trim().max(200).optional(),
  customerId: z.uuid({ message: 'invalid' }).optional(),
  status: statusList,
  urgency: z.enum(ORANGE_REPORT_URGENCIES).optional(),
  /** `true`: only reports I wrote. */
  mine: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type OrangeReportListQuery = z.infer<typeof orangeReportListQuerySchema>;
export type OrangeReportListQueryInput = z.input<typeof orangeReportListQuerySchema>;
export const orangeReportExportQuerySchema = orangeReportListQuerySchema.omit({ page: true, pageSize: true });
export const orangeReportPendingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  customerId: z.uuid({ message: 'invalid' }).optional(),
});
export const orangeReportMapQuerySchema = z.object({ customerId: z.uuid({ message: 'invalid' }) });
export const orangeReportIdParamsSchema = z.object({ id: z.uuid({ message: 'invalid' }) });

const person = z.object({ id: z.uuid(), name: z.string() }).nullable();

export const orangeReportPhotoSchema = z.object({
  id: z.uuid(),
  fileId: z.uuid(),
  caption: z.string(),
  kind: z.enum(ORANGE_REPORT_PHOTO_KINDS),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type OrangeReportPhoto = z.infer<typeof orangeReportPhotoSchema>;

export const orangeReportRecommendationSchema = z.object({
  id: z.uuid(),
  serviceId: z.uuid(),
  /** The service's names when it was recommended. */
  names: localizedNamesOutSchema,
  category: z.enum(ORANGE_SERVICE_CATEGORIES),
  unit: z.enum(ORANGE_SERVICE_UNITS),
  quantity: z.number(),
  /** Null: priced per job and no estimate yet. */
  unitPriceCents: z.number().int().nullable(),
  lineTotalCents: z.number().int().nullable(),
  note: z.string(),
});
export type OrangeReportRecommendation = z.infer<typeof orangeReportRecommendationSchema>;

/** A row of the lists (both audiences see these fields; customers only of published reports). */
export const orangeReportSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  customerId: z.uuid(),
  customerName: z.string(),
  status: z.enum(ORANGE_REPORT_STATUSES),
  title: z.string(),
  category: z.enum(ORANGE_REPORT_CATEGORIES).nullable(),
  urgency: z.enum(ORANGE_REPORT_URGENCIES).nullable(),
  foundOn: z.string(),
  author: person,
  photoCount: z.number().int(),
  /** Up to four photos for the strip of the lists and the review queue. */
  photos: z.array(orangeReportPhotoSchema),
  totalCents: z.number().int(),
  /** A recommendation has no price yet (priced per job). */
  totalIncomplete: z.boolean(),
  proposalRequested: z.boolean(),
  submittedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrangeReportSummary = z.infer<typeof orangeReportSummarySchema>;

export const orangeReportEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(ORANGE_REPORT_EVENT_KINDS),
  author: z.object({ id: z.uuid(), name: z.string(), isStaff: z.boolean() }).nullable(),
  text: z.string(),
  fromStatus: z.enum(ORANGE_REPORT_STATUSES).nullable(),
  toStatus: z.enum(ORANGE_REPORT_STATUSES).nullable(),
  /** reviewer_edit: { field, from, to }; declined: { reason }. */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: z.string(),
});
export type OrangeReportEvent = z.infer<typeof orangeReportEventSchema>;

/** What a customer user receives: no reviewer comments, no internal history, published reports only. */
export const orangeReportCustomerDetailSchema = orangeReportSummarySchema.extend({
  findings: z.string(),
  locationText: z.string(),
  zone: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  allPhotos: z.array(orangeReportPhotoSchema),
  recommendations: z.array(orangeReportRecommendationSchema),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: person,
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  timeline: z.array(orangeReportEventSchema),
  allowedActions: z.array(z.enum(ORANGE_REPORT_ACTIONS)),
});
export type OrangeReportCustomerDetail = z.infer<typeof orangeReportCustomerDetailSchema>;

/** Staff see the review fields and the whole history too. */
export const orangeReportDetailSchema = orangeReportCustomerDetailSchema.extend({
  serviceRequest: z.object({ id: z.uuid(), number: z.string(), title: z.string() }).nullable(),
  reviewer: person,
  /** The reviewer's comment of the last return. */
  returnComment: z.string().nullable(),
});
export type OrangeReportDetail = z.infer<typeof orangeReportDetailSchema>;

export const orangeReportPinSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  title: z.string(),
  status: z.enum(ORANGE_REPORT_STATUSES),
  urgency: z.enum(ORANGE_REPORT_URGENCIES).nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export const orangeReportPinListSchema = z.object({ data: z.array(orangeReportPinSchema) });
export type OrangeReportPin = z.infer<typeof orangeReportPinSchema>;
