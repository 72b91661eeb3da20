import { z } from 'zod';
import { idSchema, optionalText, pageQuerySchema, text } from './common.js';
import { ZONE_KINDS } from './customer-zones.js';

/*
 * Quarterly (90-day) plans and plan templates (issue 11).
 *
 * Templates, staff only (customer users never see them):
 *   GET    /api/quarterlyPlanTemplates?customerId=&scope=&season=&search=&page=&pageSize=
 *            without customerId: global templates; with it: the global ones and that customer's
 *   GET    /api/quarterlyPlanTemplates/{id}
 *   POST   /api/quarterlyPlanTemplates                  PlanTemplateInput (+ customerId for a customer's own)
 *   PUT    /api/quarterlyPlanTemplates/{id}             PlanTemplateInput
 *   DELETE /api/quarterlyPlanTemplates/{id}
 *   POST   /api/quarterlyPlanTemplates/{id}/copy        { customerId }: a tailored copy for one property
 *   Global templates are written only by the planTemplates roles (spec §6); a customer's own by any
 *   staff member who sees the customer.
 *
 * Plans:
 *   GET    /api/quarterlyPlans?customerId=&status=&page=&pageSize=      (customer users: published and completed only)
 *   GET    /api/quarterlyPlans/this-week?customerId=                   what happens this week (dashboards)
 *   GET    /api/quarterlyPlans/{id}                                    PlanDetail
 *   GET    /api/quarterlyPlans/{id}/pdf                                the plan as a PDF for boards
 *   POST   /api/quarterlyPlans                                         PlanCreate (staff) → PlanDetail
 *   PUT    /api/quarterlyPlans/{id}                                    PlanUpdate (staff; on a published plan: a new version)
 *   DELETE /api/quarterlyPlans/{id}                                    drafts only (staff)
 *   POST   /api/quarterlyPlans/{id}/publish                            staff
 *   POST   /api/quarterlyPlans/{id}/acknowledge                        customer users
 *   POST   /api/quarterlyPlans/{id}/comments                           { text }
 *   POST   /api/quarterlyPlans/{id}/occurrences/{occurrenceId}         OccurrenceUpdate (staff)
 */

/** A plan covers 90 days from its start date (the last day is start + 89). */
export const PLAN_QUARTER_DAYS = 90;
export const PLAN_SEASONS = ['spring', 'summer', 'fall', 'winter'] as const;
export type PlanSeason = (typeof PLAN_SEASONS)[number];
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const PLAN_FREQUENCY_KINDS = ['once', 'weekly', 'everyNWeeks', 'monthly', 'dates'] as const;
export type PlanFrequencyKind = (typeof PLAN_FREQUENCY_KINDS)[number];
export const PLAN_STATUSES = ['draft', 'published', 'completed'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const OCCURRENCE_STATUSES = ['planned', 'done', 'skipped', 'rescheduled'] as const;
export type OccurrenceStatus = (typeof OCCURRENCE_STATUSES)[number];
/** Why a visit was skipped (free text may add to it). */
export const SKIP_REASONS = ['weather', 'access', 'customer_request', 'crew', 'not_needed', 'other'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
/** An occurrence still open this many days after its date tells the account manager. */
export const PLAN_OVERDUE_NOTICE_DAYS = 7;

export const PLAN_LIMITS = {
  name: 120,
  service: 120,
  description: 2000,
  notes: 2000,
  items: 60,
  zones: 50,
  dates: 30,
  comment: 2000,
  reason: 500,
  changeNote: 500,
  photos: 6,
} as const;

const isoDate = z.iso.date({ message: 'invalid' });
/** `MM-DD` (a day of the year: templates) or `YYYY-MM-DD` (a plan's own dates). */
const dayOfYearOrDate = z.string().regex(/^(\d{4}-)?(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'invalid' });

/** How often an item happens within the quarter. */
export const planFrequencySchema = z.discriminatedUnion('kind', [
  /** One visit in week `week` of the quarter (1–13), on `weekday`. */
  z.object({ kind: z.literal('once'), week: z.number().int().min(1).max(13), weekday: z.enum(WEEKDAYS) }),
  z.object({ kind: z.literal('weekly'), weekday: z.enum(WEEKDAYS) }),
  z.object({ kind: z.literal('everyNWeeks'), interval: z.number().int().min(2).max(12), weekday: z.enum(WEEKDAYS) }),
  /** Days 29–31 do not exist in every month: 1–28 keeps every month's visit. */
  z.object({ kind: z.literal('monthly'), dayOfMonth: z.number().int().min(1).max(28) }),
  z.object({ kind: z.literal('dates'), dates: z.array(dayOfYearOrDate).min(1).max(PLAN_LIMITS.dates) }),
]);
export type PlanFrequency = z.infer<typeof planFrequencySchema>;

/**
 * One line of a template or plan. `serviceId`: an orange-report service of the catalogue, when
 * one fits (`service` then holds its name); otherwise `service` is free text. `zoneIds`: zones of
 * the customer's map (customer templates and plans); `zoneKinds`: kinds of zone a global template
 * means (its copies pick the property's zones of those kinds).
 */
export const planItemInputSchema = z.object({
  /** Kept on edit so occurrences and version changes follow the item. */
  id: idSchema.optional(),
  serviceId: idSchema.nullable().optional(),
  service: text(PLAN_LIMITS.service),
  description: optionalText(PLAN_LIMITS.description),
  frequency: planFrequencySchema,
  zoneIds: z.array(idSchema).max(PLAN_LIMITS.zones).default([]),
  zoneKinds: z.array(z.enum(ZONE_KINDS)).max(ZONE_KINDS.length).default([]),
  notes: optionalText(PLAN_LIMITS.notes),
});
export type PlanItemInput = z.input<typeof planItemInputSchema>;

export const planItemSchema = z.object({
  id: z.uuid(),
  serviceId: z.uuid().nullable(),
  service: z.string(),
  description: z.string(),
  frequency: planFrequencySchema,
  zoneIds: z.array(z.uuid()),
  zoneKinds: z.array(z.enum(ZONE_KINDS)),
  notes: z.string(),
});
export type PlanItem = z.infer<typeof planItemSchema>;

const personRef = z.object({ id: z.uuid(), name: z.string() }).nullable();

// ── Templates ───────────────────────────────────────────────────────────────────────────────────

export const planTemplateInputSchema = z.object({
  name: text(PLAN_LIMITS.name),
  season: z.enum(PLAN_SEASONS),
  regionId: idSchema.nullable().optional(),
  description: optionalText(PLAN_LIMITS.description),
  items: z.array(planItemInputSchema).min(1).max(PLAN_LIMITS.items),
});
export type PlanTemplateInput = z.input<typeof planTemplateInputSchema>;

/** Create: without `customerId` a global template (restricted roles), with it the customer's own. */
export const planTemplateCreateSchema = planTemplateInputSchema.extend({ customerId: idSchema.nullable().optional() });
export type PlanTemplateCreate = z.input<typeof planTemplateCreateSchema>;

export const planTemplateCopySchema = z.object({ customerId: idSchema, name: text(PLAN_LIMITS.name).optional() });
export type PlanTemplateCopy = z.infer<typeof planTemplateCopySchema>;

export const planTemplateListQuerySchema = pageQuerySchema.extend({
  customerId: idSchema.optional(),
  /** With a customer: `all` (global and the customer's), `global` or `customer`. */
  scope: z.enum(['all', 'global', 'customer']).default('all'),
  season: z.enum(PLAN_SEASONS).optional(),
});
export type PlanTemplateListQuery = z.input<typeof planTemplateListQuerySchema>;

export const planTemplateSummarySchema = z.object({
  id: z.uuid(),
  customerId: z.uuid().nullable(),
  customerName: z.string().nullable(),
  name: z.string(),
  season: z.enum(PLAN_SEASONS),
  regionId: z.uuid().nullable(),
  regionName: z.string().nullable(),
  description: z.string(),
  itemCount: z.number().int(),
  /** Item services, for the list's one-line preview. */
  services: z.array(z.string()),
  updatedAt: z.string(),
  /** Whether the caller may edit or delete it. */
  canEdit: z.boolean(),
});
export type PlanTemplateSummary = z.infer<typeof planTemplateSummarySchema>;

export const planTemplateSchema = planTemplateSummarySchema.extend({
  items: z.array(planItemSchema),
  sourceTemplate: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdBy: personRef,
  createdAt: z.string(),
});
export type PlanTemplate = z.infer<typeof planTemplateSchema>;

export const planTemplateIdParamsSchema = z.object({ id: idSchema });

// ── Plans ───────────────────────────────────────────────────────────────────────────────────────

export const planCreateSchema = z.object({
  customerId: idSchema,
  /** A global template or one of the customer's; none: a blank plan. */
  templateId: idSchema.nullable().optional(),
  /** Defaults to the template's name, or "Quarterly plan". */
  name: text(PLAN_LIMITS.name).optional(),
  startDate: isoDate,
  notes: optionalText(PLAN_LIMITS.notes),
  /** Items of a blank plan (a template's are copied instead). */
  items: z.array(planItemInputSchema).max(PLAN_LIMITS.items).optional(),
});
export type PlanCreate = z.input<typeof planCreateSchema>;

export const planUpdateSchema = z.object({
  name: text(PLAN_LIMITS.name),
  startDate: isoDate,
  notes: optionalText(PLAN_LIMITS.notes),
  items: z.array(planItemInputSchema).max(PLAN_LIMITS.items),
  /** On a published plan: what changed, shown to the customer with the new version. */
  changeNote: optionalText(PLAN_LIMITS.changeNote),
});
export type PlanUpdate = z.input<typeof planUpdateSchema>;

export const planListQuerySchema = pageQuerySchema.extend({
  customerId: idSchema.optional(),
  status: z.enum(PLAN_STATUSES).optional(),
});
export type PlanListQuery = z.input<typeof planListQuerySchema>;

export const planIdParamsSchema = z.object({ id: idSchema });
export const occurrenceParamsSchema = z.object({ id: idSchema, occurrenceId: idSchema });
export const planCustomerQuerySchema = z.object({ customerId: idSchema });

export const planProgressSchema = z.object({
  total: z.number().int(),
  done: z.number().int(),
  skipped: z.number().int(),
  /** Open and dated before today. */
  overdue: z.number().int(),
  /** Open, today or later. */
  upcoming: z.number().int(),
  /** Open, within the next 7 days (today included). */
  dueThisWeek: z.number().int(),
});
export type PlanProgress = z.infer<typeof planProgressSchema>;

export const planSummarySchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  customerName: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(PLAN_STATUSES),
  /** Published version (0 while a draft). */
  version: z.number().int(),
  acknowledgedVersion: z.number().int().nullable(),
  acknowledgedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  progress: planProgressSchema,
  updatedAt: z.string(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

export const occurrencePhotoSchema = z.object({ id: z.uuid(), name: z.string() });

export const planOccurrenceSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  /** The date it happens (after a reschedule: the new one). */
  date: z.string(),
  /** The date the plan gave it first. */
  originalDate: z.string(),
  status: z.enum(OCCURRENCE_STATUSES),
  overdue: z.boolean(),
  reason: z.enum(SKIP_REASONS).nullable(),
  note: z.string(),
  updatedBy: personRef,
  updatedAt: z.string().nullable(),
  photos: z.array(occurrencePhotoSchema),
});
export type PlanOccurrence = z.infer<typeof planOccurrenceSchema>;

export const PLAN_ITEM_FIELDS = ['service', 'description', 'frequency', 'zones', 'notes'] as const;
export type PlanItemField = (typeof PLAN_ITEM_FIELDS)[number];

/** What changed between two published versions. */
export const planChangesSchema = z.object({
  fromVersion: z.number().int(),
  toVersion: z.number().int(),
  plan: z.array(z.enum(['name', 'dates', 'notes'])),
  items: z.array(
    z.object({
      change: z.enum(['added', 'removed', 'changed']),
      itemId: z.uuid(),
      service: z.string(),
      fields: z.array(z.enum(PLAN_ITEM_FIELDS)),
    }),
  ),
});
export type PlanChanges = z.infer<typeof planChangesSchema>;

/** Two published versions to compare (`?from=1&to=3`), any two, in either order. */
export const planCompareQuerySchema = z
  .object({
    from: z.coerce.number({ message: 'invalid' }).int({ message: 'invalid' }).min(1, { message: 'invalid' }),
    to: z.coerce.number({ message: 'invalid' }).int({ message: 'invalid' }).min(1, { message: 'invalid' }),
  })
  .superRefine((value, ctx) => {
    if (value.from === value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'invalid' });
  });
export type PlanCompareQuery = z.input<typeof planCompareQuerySchema>;

/** A published version as it was: its fields and items. */
export const planSnapshotSchema = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  changeNote: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  notes: z.string(),
  items: z.array(planItemSchema),
});

/** Two versions side by side and what changed from the first to the second. */
export const planComparisonSchema = z.object({
  from: planSnapshotSchema,
  to: planSnapshotSchema,
  changes: planChangesSchema,
});
export type PlanComparison = z.infer<typeof planComparisonSchema>;

/** Which visits a page of the list shows: open (planned or moved), overdue, done, skipped, or all. */
export const OCCURRENCE_FILTERS = ['all', 'open', 'overdue', 'done', 'skipped'] as const;
export type OccurrenceFilter = (typeof OCCURRENCE_FILTERS)[number];
export const occurrenceListQuerySchema = z.object({
  page: z.coerce.number({ message: 'invalid' }).int({ message: 'invalid' }).min(1, { message: 'invalid' }).default(1),
  pageSize: z.coerce.number({ message: 'invalid' }).int({ message: 'invalid' }).min(1, { message: 'invalid' }).max(100, { message: 'invalid' }).default(25),
  filter: z.enum(OCCURRENCE_FILTERS, { message: 'invalid' }).default('all'),
});
export type OccurrenceListQuery = z.input<typeof occurrenceListQuerySchema>;

export const planCommentSchema = z.object({
  id: z.uuid(),
  author: personRef,
  authorIsStaff: z.boolean(),
  text: z.string(),
  createdAt: z.string(),
});
export type PlanComment = z.infer<typeof planCommentSchema>;

export const planVersionSchema = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  publishedBy: personRef,
  changeNote: z.string(),
});

export const planZoneSchema = z.object({ id: z.uuid(), name: z.string(), kind: z.enum(ZONE_KINDS), color: z.string() });

export const planDetailSchema = planSummarySchema.extend({
  notes: z.string(),
  template: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  items: z.array(planItemSchema),
  occurrences: z.array(planOccurrenceSchema),
  /** The customer's zones the items name (for the map and labels). */
  zones: z.array(planZoneSchema),
  acknowledgedBy: personRef,
  createdBy: personRef,
  versions: z.array(planVersionSchema),
  /** Changes since the version the customer acknowledged (null: nothing acknowledged yet, or nothing newer). */
  changesSinceAcknowledged: planChangesSchema.nullable(),
  comments: z.array(planCommentSchema),
  permissions: z.object({
    edit: z.boolean(),
    publish: z.boolean(),
    delete: z.boolean(),
    acknowledge: z.boolean(),
    tick: z.boolean(),
    comment: z.boolean(),
  }),
});
export type PlanDetail = z.infer<typeof planDetailSchema>;

export const occurrenceUpdateSchema = z
  .object({
    status: z.enum(OCCURRENCE_STATUSES),
    reason: z.enum(SKIP_REASONS).nullable().optional(),
    /** The new date of a rescheduled visit (within the quarter or up to 30 days after). */
    date: isoDate.optional(),
    note: optionalText(PLAN_LIMITS.reason),
    photoIds: z.array(idSchema).max(PLAN_LIMITS.photos).default([]),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'skipped' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
    if (value.status === 'rescheduled' && !value.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'required' });
  });
export type OccurrenceUpdate = z.input<typeof occurrenceUpdateSchema>;

export const planCommentCreateSchema = z.object({ text: text(PLAN_LIMITS.comment) });
export const planPublishSchema = z.object({ changeNote: optionalText(PLAN_LIMITS.changeNote) });

/** One visit of this week (customer dashboard: "this week on your property"). */
export const planWeekSchema = z.object({
  plan: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  from: z.string(),
  to: z.string(),
  visits: z.array(
    z.object({
      occurrenceId: z.uuid(),
      date: z.string(),
      service: z.string(),
      status: z.enum(OCCURRENCE_STATUSES),
    }),
  ),
});
export type PlanWeek = z.infer<typeof planWeekSchema>;
