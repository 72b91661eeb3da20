import { z } from 'zod';
import { nameText } from '../text-rules.js';
import { pageQuerySchema, text } from './common.js';

/*
 * Service requests (issue 5): reference data, requests, their timeline and the endpoint shapes.
 *
 * Endpoints (all JSON unless said otherwise; errors are `{ message, errors? }`):
 *   GET    /api/ServiceRequestTypes?includeRetired=        → { data: ServiceRequestType[] }     signed in
 *   POST   /api/ServiceRequestTypes                         ServiceRequestTypeCreate → type     System Admin
 *   PUT    /api/ServiceRequestTypes/{id}                    ServiceRequestTypeUpdate → type     System Admin (retired: true retires)
 *   DELETE /api/ServiceRequestTypes/{id}                    → 204; 409 when in use              System Admin
 *   …the same four for /api/ServiceRequestPriorities with the priority shapes.
 *
 *   GET    /api/ServiceRequests?ServiceRequestListQuery     → Page<ServiceRequestSummary>
 *   GET    /api/ServiceRequests/export.csv?(same filters)   → text/csv of the whole filter (max 10 000 rows)
 *   GET    /api/ServiceRequests/map?customerId=             → { data: ServiceRequestPin[] }
 *   POST   /api/ServiceRequests/bulk-assign                 BulkAssign → { updated, skipped }   staff
 *   GET    /api/ServiceRequests/{id}                        → ServiceRequestDetail (timeline filtered by audience)
 *   POST   /api/ServiceRequests                             ServiceRequestCreate → ServiceRequestDetail (201)
 *   PUT    /api/ServiceRequests/{id}                        ServiceRequestUpdate → ServiceRequestDetail
 *   POST   /api/ServiceRequests/{id}/comments               CommentCreate → ServiceRequestDetail (201)
 *   POST   /api/ServiceRequests/{id}/{action}               action body → ServiceRequestDetail
 *          action ∈ acknowledge | schedule | start | complete | close | cancel | reopen | assign | priority
 * Illegal transitions answer 409 `{ message }`; actions the caller may not take answer 403;
 * requests outside the caller's scope answer 404.
 */

export const SERVICE_REQUEST_STATUSES = [
  'new',
  'acknowledged',
  'scheduled',
  'in_progress',
  'completed',
  'closed',
  'cancelled',
] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];

/** Statuses in which work is still owed: cancel, assign, priority and schedule changes apply here. */
export const OPEN_SERVICE_REQUEST_STATUSES = ['new', 'acknowledged', 'scheduled', 'in_progress'] as const satisfies readonly ServiceRequestStatus[];

/** The progress bar of the customer view, in order (cancelled is off the bar). */
export const SERVICE_REQUEST_PROGRESS = ['new', 'acknowledged', 'scheduled', 'in_progress', 'completed', 'closed'] as const;

export const SERVICE_REQUEST_TRANSITIONS = ['acknowledge', 'schedule', 'start', 'complete', 'close', 'cancel', 'reopen'] as const;
export type ServiceRequestTransition = (typeof SERVICE_REQUEST_TRANSITIONS)[number];

/** Every `POST /api/ServiceRequests/{id}/{action}`; `allowedActions` of a detail lists those the caller may take now. */
export const SERVICE_REQUEST_ACTIONS = [...SERVICE_REQUEST_TRANSITIONS, 'assign', 'priority', 'comment', 'internalNote', 'edit'] as const;
export type ServiceRequestAction = (typeof SERVICE_REQUEST_ACTIONS)[number];

export const PREFERRED_CONTACTS = ['email', 'phone', 'text', 'none'] as const;
export type PreferredContact = (typeof PREFERRED_CONTACTS)[number];

export const TIMELINE_KINDS = ['comment', 'internal_note', 'status_change', 'assignment', 'priority_change', 'schedule_change'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** `all`: staff and the customer's users; `staff`: never sent to customer-side users. */
export const TIMELINE_VISIBILITIES = ['all', 'staff'] as const;

/** The requester (or a user of that customer) may reopen this long after completion. */
export const REOPEN_WINDOW_DAYS = 14;
/** A completed request closes itself after this many days without being reopened. */
export const AUTO_CLOSE_AFTER_DAYS = 7;

/**
 * SLA clock (docs/decisions/006-sla-business-hours.md): business hours are Monday–Friday
 * 08:00–17:00 in the branch's time zone, so one business day is 9 business hours and "N business
 * days" ends at the same clock time N working days later. A `calendar` priority (emergency) counts
 * every hour, nights and weekends included.
 */
export const BUSINESS_HOURS = { startHour: 8, endHour: 17, weekdays: [1, 2, 3, 4, 5] } as const;
export const BUSINESS_DAY_HOURS = BUSINESS_HOURS.endHour - BUSINESS_HOURS.startHour;
export const SLA_CLOCKS = ['business', 'calendar'] as const;
export type SlaClock = (typeof SLA_CLOCKS)[number];

export const SERVICE_REQUEST_LIMITS = {
  title: 150,
  description: 5000,
  locationText: 500,
  comment: 5000,
  reason: 1000,
  attachments: 20,
  referenceName: 80,
  referenceCode: 40,
  bulkAssign: 200,
  exportRows: 10_000,
} as const;

// ── Reference data ──────────────────────────────────────────────────────────────────────────────

const referenceCode = z
  .string()
  .trim()
  .min(1)
  .max(SERVICE_REQUEST_LIMITS.referenceCode)
  .regex(/^[a-z][a-z0-9_]*$/, { message: 'invalid' });

export const referenceListQuerySchema = z.object({
  /** `true` lists retired entries too (settings screens); pickers leave it off. */
  includeRetired: z.enum(['true', 'false']).optional().transform((value) => value === 'true'),
});
export type ReferenceListQuery = z.input<typeof referenceListQuerySchema>;

/**
 * A request type. `code` is stable (the web translates `serviceRequests:types.<code>` when it knows
 * it and falls back to `name`); `name` is the English label the System Admin edits.
 */
export const serviceRequestTypeSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  sortOrder: z.number().int(),
  retired: z.boolean(),
  retiredAt: z.string().nullable(),
  inUse: z.boolean(),
});
export type ServiceRequestType = z.infer<typeof serviceRequestTypeSchema>;

export const serviceRequestTypeCreateSchema = z.object({
  code: referenceCode,
  name: nameText(SERVICE_REQUEST_LIMITS.referenceName),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
});
export type ServiceRequestTypeCreate = z.infer<typeof serviceRequestTypeCreateSchema>;

export const serviceRequestTypeUpdateSchema = z.object({
  name: nameText(SERVICE_REQUEST_LIMITS.referenceName).optional(),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
  /** `true` retires (hidden from pickers, existing requests keep it); `false` restores. */
  retired: z.boolean().optional(),
});
export type ServiceRequestTypeUpdate = z.infer<typeof serviceRequestTypeUpdateSchema>;

/** Targets are hours on the priority's clock: business hours (9 a day) or calendar hours. */
export const serviceRequestPrioritySchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  /** Higher is more urgent (low 1 … emergency 4); sorting by priority uses it. */
  rank: z.number().int(),
  responseTargetHours: z.number().int(),
  resolutionTargetHours: z.number().int(),
  clock: z.enum(SLA_CLOCKS),
  retired: z.boolean(),
  retiredAt: z.string().nullable(),
  inUse: z.boolean(),
});
export type ServiceRequestPriority = z.infer<typeof serviceRequestPrioritySchema>;

const targetHours = z.number().int().min(1).max(24 * 365);

export const serviceRequestPriorityCreateSchema = z
  .object({
    code: referenceCode,
    name: nameText(SERVICE_REQUEST_LIMITS.referenceName),
    rank: z.number().int().min(0).max(1000),
    responseTargetHours: targetHours,
    resolutionTargetHours: targetHours,
    clock: z.enum(SLA_CLOCKS).default('business'),
  })
  .refine((p) => p.resolutionTargetHours >= p.responseTargetHours, { path: ['resolutionTargetHours'], message: 'invalid' });
export type ServiceRequestPriorityCreate = z.input<typeof serviceRequestPriorityCreateSchema>;

export const serviceRequestPriorityUpdateSchema = z.object({
  name: nameText(SERVICE_REQUEST_LIMITS.referenceName).optional(),
  rank: z.number().int().min(0).max(1000).optional(),
  responseTargetHours: targetHours.optional(),
  resolutionTargetHours: targetHours.optional(),
  clock: z.enum(SLA_CLOCKS).optional(),
  retired: z.boolean().optional(),
});
export type ServiceRequestPriorityUpdate = z.infer<typeof serviceRequestPriorityUpdateSchema>;

export const serviceRequestTypeListSchema = z.object({ data: z.array(serviceRequestTypeSchema) });
export const serviceRequestPriorityListSchema = z.object({ data: z.array(serviceRequestPrioritySchema) });

// ── Requests ────────────────────────────────────────────────────────────────────────────────────

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const isoDate = z.iso.date({ message: 'invalid' });
const attachmentIds = z.array(z.uuid({ message: 'invalid' })).max(SERVICE_REQUEST_LIMITS.attachments);

/**
 * Filing a request. Customer users file for a customer they are linked to and are the requester;
 * staff file on the customer's behalf and may name a customer user as `requesterId` (otherwise the
 * staff member is the requester). `assigneeId` is staff-only (403 otherwise); a visit date is set by
 * the `schedule` transition, which refuses a day already past in the branch's time zone.
 * Photos and files are uploaded first (`/api/Files/uploadPhoto|uploadFile`) and passed by id.
 */
export const serviceRequestCreateSchema = z
  .object({
    customerId: z.uuid({ message: 'required' }),
    typeId: z.uuid({ message: 'required' }),
    /** Defaults to the `normal` priority. */
    priorityId: z.uuid({ message: 'invalid' }).optional(),
    title: text(SERVICE_REQUEST_LIMITS.title),
    description: z.string().trim().max(SERVICE_REQUEST_LIMITS.description).default(''),
    locationText: z.string().trim().max(SERVICE_REQUEST_LIMITS.locationText).default(''),
    latitude: latitude.nullable().optional(),
    longitude: longitude.nullable().optional(),
    /** A zone drawn on this customer's map (400 on `zoneId` otherwise). */
    zoneId: z.uuid({ message: 'invalid' }).nullable().optional(),
    preferredContact: z.enum(PREFERRED_CONTACTS).default('email'),
    requesterId: z.uuid({ message: 'invalid' }).optional(),
    assigneeId: z.uuid({ message: 'invalid' }).nullable().optional(),
    photoIds: attachmentIds.default([]),
    fileIds: attachmentIds.default([]),
  })
  .refine((v) => (v.latitude == null) === (v.longitude == null), { path: ['longitude'], message: 'invalid' });
export type ServiceRequestCreate = z.input<typeof serviceRequestCreateSchema>;

/**
 * Editing the description fields. Staff in scope may edit while the request is open; the requester
 * may edit while it is still `new`. Status, assignee, priority and schedule change through actions.
 */
export const serviceRequestUpdateSchema = z
  .object({
    typeId: z.uuid({ message: 'invalid' }).optional(),
    title: text(SERVICE_REQUEST_LIMITS.title).optional(),
    description: z.string().trim().max(SERVICE_REQUEST_LIMITS.description).optional(),
    locationText: z.string().trim().max(SERVICE_REQUEST_LIMITS.locationText).optional(),
    latitude: latitude.nullable().optional(),
    longitude: longitude.nullable().optional(),
    zoneId: z.uuid({ message: 'invalid' }).nullable().optional(),
    preferredContact: z.enum(PREFERRED_CONTACTS).optional(),
    /** More photos/files to attach (existing ones stay). */
    photoIds: attachmentIds.optional(),
    fileIds: attachmentIds.optional(),
  })
  .refine((v) => (v.latitude === undefined) === (v.longitude === undefined), { path: ['longitude'], message: 'invalid' })
  .refine((v) => (v.latitude === null) === (v.longitude === null), { path: ['longitude'], message: 'invalid' });
export type ServiceRequestUpdate = z.infer<typeof serviceRequestUpdateSchema>;

/** Optional note and photos that go with a transition into the timeline entry. */
const transitionNote = {
  note: z.string().trim().max(SERVICE_REQUEST_LIMITS.comment).optional(),
  photoIds: attachmentIds.optional(),
};
const reason = text(SERVICE_REQUEST_LIMITS.reason);

/** Steps whose body is optional: no body (null/undefined) is the same as `{}`. */
const optionalBody = <T extends z.ZodRawShape>(shape: T) => z.preprocess((value) => value ?? {}, z.object(shape));

/**
 * Steps that may assign the request in the same change ("acknowledge and assign to me", the crew of
 * a schedule): the assignee must be staff on the customer's team, as for `assign`.
 */
const withAssignee = { assigneeId: z.uuid({ message: 'invalid' }).optional() };

export const acknowledgeBodySchema = optionalBody({ ...transitionNote, ...withAssignee });
/** A time of day, `HH:mm` (24 h), in the customer's branch time zone. */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'invalid' });
/**
 * The visit day, optionally a time window (`from` and/or `to`, `HH:mm`, from before to) and the crew
 * (`assigneeId`, as for `assign`). Omitted window fields clear the window.
 */
export const scheduleBodySchema = z
  .object({
    scheduledDate: isoDate,
    scheduledFrom: timeOfDay.nullable().optional(),
    scheduledTo: timeOfDay.nullable().optional(),
    ...transitionNote,
    ...withAssignee,
  })
  .refine((v) => !v.scheduledFrom || !v.scheduledTo || v.scheduledFrom < v.scheduledTo, { path: ['scheduledTo'], message: 'invalid' });
export const startBodySchema = optionalBody(transitionNote);
/** `photoIds` are the "after" photos of the finished work. */
export const completeBodySchema = optionalBody({ ...transitionNote, ...withAssignee });
export const closeBodySchema = optionalBody(transitionNote);
export const cancelBodySchema = z.object({ reason, photoIds: attachmentIds.optional() });
export const reopenBodySchema = z.object({ reason, photoIds: attachmentIds.optional() });
/** `null` unassigns. The assignee must be staff on the customer's team (400 on `assigneeId` otherwise). */
export const assignBodySchema = z.object({ assigneeId: z.uuid({ message: 'invalid' }).nullable(), note: transitionNote.note });
export const priorityBodySchema = z.object({ priorityId: z.uuid({ message: 'invalid' }), note: transitionNote.note });
export type ScheduleBody = z.infer<typeof scheduleBodySchema>;
export type CancelBody = z.infer<typeof cancelBodySchema>;
export type ReopenBody = z.infer<typeof reopenBodySchema>;
export type AssignBody = z.infer<typeof assignBodySchema>;
export type PriorityBody = z.infer<typeof priorityBodySchema>;
export type TransitionNoteBody = z.infer<typeof startBodySchema>;

/** A comment; `internal: true` (staff only, 403 for customer users) makes it an internal note. */
export const commentCreateSchema = z.object({
  text: text(SERVICE_REQUEST_LIMITS.comment),
  internal: z.boolean().default(false),
  photoIds: attachmentIds.default([]),
});
export type CommentCreate = z.input<typeof commentCreateSchema>;

export const bulkAssignSchema = z.object({
  ids: z.array(z.uuid({ message: 'invalid' })).min(1).max(SERVICE_REQUEST_LIMITS.bulkAssign),
  assigneeId: z.uuid({ message: 'invalid' }).nullable(),
});
export type BulkAssign = z.infer<typeof bulkAssignSchema>;
/** `skipped`: ids not found in scope, not open, or whose customer's team lacks the assignee. */
export const bulkAssignResultSchema = z.object({
  updated: z.number().int(),
  skipped: z.array(z.object({ id: z.string(), reason: z.enum(['not_found', 'not_open', 'not_on_team']) })),
});
export type BulkAssignResult = z.infer<typeof bulkAssignResultSchema>;

export const SERVICE_REQUEST_SORTS = [
  'number',
  '-number',
  'createdAt',
  '-createdAt',
  'updatedAt',
  '-updatedAt',
  'priority',
  '-priority',
  'status',
  '-status',
  'title',
  '-title',
  'scheduledDate',
  '-scheduledDate',
  'responseDueAt',
  '-responseDueAt',
  'resolutionDueAt',
  '-resolutionDueAt',
] as const;
export type ServiceRequestSort = (typeof SERVICE_REQUEST_SORTS)[number];

/** Ready views of the staff list: "My open", "Unassigned", "Overdue" (plus `open`). */
export const SERVICE_REQUEST_VIEWS = ['myOpen', 'unassigned', 'overdue', 'open'] as const;
export type ServiceRequestView = (typeof SERVICE_REQUEST_VIEWS)[number];

const flag = z.enum(['true', 'false']).optional().transform((value) => (value === undefined ? undefined : value === 'true'));
/** `a,b,c` or repeated parameters → a list of allowed values. */
function listOf<T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
    z.array(z.enum(values)).max(values.length).optional(),
  );
}
function idListOf() {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
    z.array(z.uuid({ message: 'invalid' })).max(50).optional(),
  );
}

/**
 * `GET /api/ServiceRequests` filters. Lists are always limited to the caller's scope.
 * - `status`, `priorityId`, `typeId`: one value or a comma-separated list.
 * - `open=true`: new/acknowledged/scheduled/in_progress. `overdue=true`: past a due time (see `overdue`).
 * - `unassigned=true`; `mine=true`: assigned to me or requested by me.
 * - `view`: a ready view (myOpen = mine+open, unassigned = unassigned+open, overdue).
 * - `createdFrom`/`createdTo` (YYYY-MM-DD, inclusive, UTC days); `search` on number and title.
 */
export const serviceRequestListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(SERVICE_REQUEST_SORTS).default('-createdAt'),
  status: listOf(SERVICE_REQUEST_STATUSES),
  priorityId: idListOf(),
  typeId: idListOf(),
  customerId: z.uuid({ message: 'invalid' }).optional(),
  branchId: z.uuid({ message: 'invalid' }).optional(),
  assigneeId: z.uuid({ message: 'invalid' }).optional(),
  overdue: flag,
  unassigned: flag,
  mine: flag,
  open: flag,
  view: z.enum(SERVICE_REQUEST_VIEWS).optional(),
  createdFrom: isoDate.optional(),
  createdTo: isoDate.optional(),
  /**
   * Keyset paging for deep pages (decision 029): the `nextCursor` of the previous page; with the
   * sorts `createdAt` and `-createdAt` only. `page` then only echoes back.
   */
  cursor: z.string().regex(/^[0-9]{1,20}_[0-9a-f-]{36}$/, { message: 'invalid' }).optional(),
});
export type ServiceRequestListQuery = z.infer<typeof serviceRequestListQuerySchema>;
export type ServiceRequestListQueryInput = z.input<typeof serviceRequestListQuerySchema>;
export const serviceRequestExportQuerySchema = serviceRequestListQuerySchema.omit({ page: true, pageSize: true, cursor: true });
export type ServiceRequestExportQuery = z.infer<typeof serviceRequestExportQuerySchema>;

const personRef = z.object({ id: z.uuid(), name: z.string() }).nullable();

/** A row of the lists. `overdue`: past response-due while still new, or past resolution-due while open. */
export const serviceRequestSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  customerId: z.uuid(),
  customerName: z.string(),
  branchId: z.uuid(),
  branchName: z.string(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  title: z.string(),
  locationText: z.string(),
  type: z.object({ id: z.uuid(), code: z.string(), name: z.string() }),
  priority: z.object({ id: z.uuid(), code: z.string(), name: z.string(), rank: z.number().int() }),
  assignee: personRef,
  requester: personRef,
  scheduledDate: z.string().nullable(),
  /** The visit's time window on `scheduledDate`, `HH:mm` in the branch's time zone, either may be null. */
  scheduledFrom: z.string().nullable(),
  scheduledTo: z.string().nullable(),
  responseDueAt: z.string(),
  resolutionDueAt: z.string(),
  overdue: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type ServiceRequestSummary = z.infer<typeof serviceRequestSummarySchema>;

/** A photo or file attached to a request or a timeline entry; `url`s are file-service content paths. */
export const serviceRequestAttachmentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['photo', 'file']),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
});
export type ServiceRequestAttachment = z.infer<typeof serviceRequestAttachmentSchema>;

/**
 * One timeline entry. `fromStatus`/`toStatus` for status changes; `data` carries the details of
 * the other kinds: assignment `{ assigneeId, assigneeName }`, priority_change `{ fromPriority,
 * toPriority }` (names), schedule_change `{ from, to }` (dates), cancel/reopen `{ reason }`,
 * auto-close `{ automatic: true }`. Customer users never receive `staff` entries.
 */
export const timelineEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(TIMELINE_KINDS),
  visibility: z.enum(TIMELINE_VISIBILITIES),
  author: z.object({ id: z.uuid(), name: z.string(), isStaff: z.boolean() }).nullable(),
  text: z.string(),
  fromStatus: z.enum(SERVICE_REQUEST_STATUSES).nullable(),
  toStatus: z.enum(SERVICE_REQUEST_STATUSES).nullable(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  attachments: z.array(serviceRequestAttachmentSchema),
  createdAt: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const serviceRequestDetailSchema = serviceRequestSummarySchema.extend({
  description: z.string(),
  zoneId: z.uuid().nullable(),
  preferredContact: z.enum(PREFERRED_CONTACTS),
  createdBy: personRef,
  acknowledgedAt: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  reopenedAt: z.string().nullable(),
  reopenCount: z.number().int(),
  /** Until when a reopen is accepted (completion + 14 days), while completed or closed. */
  reopenUntil: z.string().nullable(),
  /** Actions the caller may take now; the web shows exactly these. */
  allowedActions: z.array(z.enum(SERVICE_REQUEST_ACTIONS)),
  attachments: z.array(serviceRequestAttachmentSchema),
  timeline: z.array(timelineEntrySchema),
});
export type ServiceRequestDetail = z.infer<typeof serviceRequestDetailSchema>;

export const serviceRequestIdParamsSchema = z.object({ id: z.uuid({ message: 'invalid' }) });

export const serviceRequestMapQuerySchema = z.object({ customerId: z.uuid({ message: 'invalid' }) });
/** Pins of the customer map, coloured by status on the web. Only requests with a point. */
export const serviceRequestPinSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  title: z.string(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  lat: z.number(),
  lng: z.number(),
});
export const serviceRequestPinListSchema = z.object({ data: z.array(serviceRequestPinSchema) });
export type ServiceRequestPin = z.infer<typeof serviceRequestPinSchema>;
