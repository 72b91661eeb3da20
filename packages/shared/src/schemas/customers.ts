import { z } from 'zod';
import { nameText } from '../text-rules.js';
import { CUSTOMER_ROLES } from '../roles.js';
import { pageQuerySchema } from './common.js';
import { notificationKindSchema } from './notifications.js';

/*
 * Customers (issue 4). Who may do what is decided by the API's policy (apps/api/src/domains/customers/policy.ts):
 *   GET  /api/Customers                      list in the caller's scope (everyone signed in)
 *   GET  /api/Customers/export.csv           CSV of the list filter (staff)
 *   POST /api/Customers                      CustomerCreate → 201 CustomerDetail (System Admin, Executive,
 *                                            Executive Team, Regional Director/Manager in their region, Branch Manager in their branch)
 *   GET  /api/Customers/{id}                 CustomerDetail for staff, CustomerViewDetail for customer users
 *   PUT  /api/Customers/{id}                 CustomerUpdate → CustomerDetail (editors: all fields; the
 *                                            customer's Account Manager: CUSTOMER_CONTACT_FIELDS only)
 *   GET  /api/Customers/{id}/overview        counts and latest items of each per-customer area
 *   GET/PUT /api/Customers/{id}/settings, POST …/settings/rotate-code
 *   GET/POST /api/Customers/{id}/team, DELETE …/team/{userId}   (addYnMember)
 */

export const CUSTOMER_TYPES = ['hoa', 'commercial', 'multifamily', 'municipal', 'retail', 'other'] as const;
export const CUSTOMER_STATUSES = ['prospect', 'active', 'inactive'] as const;
export const CUSTOMER_SORTS = ['name', '-name', 'accountNumber', '-accountNumber', 'createdAt', '-createdAt'] as const;
/** Service days of a customer, stored as these short lower-case names. */
export const SERVICE_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/**
 * Roles a staff member can hold on a customer's team. Being on the team is what scopes Account
 * Managers, Crew Leaders and Business Development; the team role is the label of their job there.
 */
export const CUSTOMER_TEAM_ROLES = [
  'Account Manager',
  'Crew Leader',
  'Business Development',
  'Irrigation Technician',
  'Enhancements Manager',
  'Other',
] as const;
export type CustomerTeamRole = (typeof CUSTOMER_TEAM_ROLES)[number];

export const CUSTOMER_LIMITS = {
  name: 200,
  accountNumber: 40,
  addressLine: 200,
  city: 100,
  state: 60,
  postalCode: 20,
  notes: 4000,
  propertySizeAcres: 1_000_000,
  exportRows: 10_000,
} as const;

/**
 * "Contact details" of a customer: what its own Account Manager may change (everything else needs an
 * editor role). The address and the map pin locate the property; notes hold access instructions
 * (gate codes, hours) that the account manager keeps current.
 */
export const CUSTOMER_CONTACT_FIELDS = ['addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'latitude', 'longitude', 'notes'] as const;
export type CustomerContactField = (typeof CUSTOMER_CONTACT_FIELDS)[number];

export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const customerListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(CUSTOMER_SORTS).default('name'),
  status: z.enum(CUSTOMER_STATUSES).optional(),
  type: z.enum(CUSTOMER_TYPES).optional(),
  regionId: z.uuid().optional(),
  branchId: z.uuid().optional(),
  accountManagerId: z.uuid().optional(),
  /** "My customers": the caller manages them, is on their team or is linked to them as a customer user. */
  mine: z.stringbool().optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;
/** The query as the web sends it (strings before coercion). */
export type CustomerListParams = z.input<typeof customerListQuerySchema>;

export const customerIdParamsSchema = z.object({ id: z.uuid() });

/** `GET /api/Customers/export.csv`: the list filter without paging (up to CUSTOMER_LIMITS.exportRows rows). */
export const customerExportQuerySchema = customerListQuerySchema.omit({ page: true, pageSize: true });

export const customerSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  accountNumber: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  status: z.enum(CUSTOMER_STATUSES),
  addressLine1: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  regionId: z.uuid(),
  regionName: z.string(),
  branchId: z.uuid(),
  branchName: z.string(),
  accountManagerId: z.uuid().nullable(),
  accountManagerName: z.string().nullable(),
  /** Service requests still open (new, acknowledged, scheduled, in progress). */
  openRequestCount: z.number().int(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerTeamMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  teamRole: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  /** The person's staff photo (`/api/Files/{id}/content`; customer users of this customer may read it too). */
  photoFileId: z.uuid().nullable(),
});
export type CustomerTeamMember = z.infer<typeof customerTeamMemberSchema>;

/** What staff get for `GET /api/Customers/{id}` (customer users get CustomerViewDetail; `view` tells them apart). */
export const customerDetailSchema = customerSummarySchema.extend({
  view: z.literal('staff'),
  addressLine2: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  contractStart: z.string().nullable(),
  contractEnd: z.string().nullable(),
  serviceDays: z.array(z.string()),
  propertySizeAcres: z.number().nullable(),
  notes: z.string().nullable(),
  branchTimeZone: z.string(),
  /** Property photo: read it through `/api/Files/{id}/content`. */
  photoFileId: z.uuid().nullable(),
  team: z.array(customerTeamMemberSchema),
  /** What the caller may do here, so screens show only the actions that will work. */
  permissions: z.object({
    /** `all` fields, only the `contact` fields (CUSTOMER_CONTACT_FIELDS), or `none`. */
    edit: z.enum(['all', 'contact', 'none']),
    /** Settings (self-registration, code, notifications): editors only. */
    editSettings: z.boolean(),
    /** Zones and the pin of the map. */
    editMap: z.boolean(),
    managePortal: z.boolean(),
    manageTeam: z.boolean(),
  }),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
export type CustomerEditRight = CustomerDetail['permissions']['edit'];

/**
 * What customer users get for `GET /api/Customers/{id}`: the staff detail without internal data
 * (notes, contract dates, region/branch ids, account manager id). Told apart from the staff answer by
 * `view`.
 */
export const customerViewDetailSchema = z.object({
  view: z.literal('customer'),
  id: z.uuid(),
  name: z.string(),
  accountNumber: z.string(),
  type: z.enum(CUSTOMER_TYPES),
  status: z.enum(CUSTOMER_STATUSES),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  branchName: z.string(),
  branchTimeZone: z.string(),
  accountManagerName: z.string().nullable(),
  serviceDays: z.array(z.string()),
  propertySizeAcres: z.number().nullable(),
  photoFileId: z.uuid().nullable(),
  openRequestCount: z.number().int(),
  team: z.array(customerTeamMemberSchema),
  /** The caller's own customer-side roles at this customer. */
  myRoles: z.array(z.enum(CUSTOMER_ROLES)),
  permissions: z.object({ managePortal: z.boolean() }),
});
export type CustomerViewDetail = z.infer<typeof customerViewDetailSchema>;

/** The answer of `GET /api/Customers/{id}`, by the caller's side. */
export const customerDetailResponseSchema = z.discriminatedUnion('view', [customerDetailSchema, customerViewDetailSchema]);
export type CustomerDetailResponse = z.infer<typeof customerDetailResponseSchema>;

const isoDate = z.iso.date({ message: 'invalid' });
const coordinate = (limit: number) => z.number().min(-limit, { message: 'invalid' }).max(limit, { message: 'invalid' });

/** Every writable field; `PUT` takes any subset (absent fields keep their value). */
const customerFields = {
  name: nameText(CUSTOMER_LIMITS.name),
  accountNumber: z
    .string()
    .trim()
    .min(1)
    .max(CUSTOMER_LIMITS.accountNumber)
    // Empty passes the pattern: an empty number is only "required", not also "not valid".
    .regex(/^(?:[A-Za-z0-9][A-Za-z0-9._/-]*)?$/, { message: 'invalid' }),
  type: z.enum(CUSTOMER_TYPES),
  status: z.enum(CUSTOMER_STATUSES),
  addressLine1: z.string().trim().min(1).max(CUSTOMER_LIMITS.addressLine),
  addressLine2: z.string().trim().max(CUSTOMER_LIMITS.addressLine).nullable(),
  city: z.string().trim().min(1).max(CUSTOMER_LIMITS.city),
  state: z.string().trim().min(1).max(CUSTOMER_LIMITS.state),
  postalCode: z.string().trim().min(1).max(CUSTOMER_LIMITS.postalCode),
  latitude: coordinate(90).nullable(),
  longitude: coordinate(180).nullable(),
  regionId: z.uuid({ message: 'invalid' }),
  /** Must belong to `regionId`. */
  branchId: z.uuid({ message: 'invalid' }),
  /** An active staff member. */
  accountManagerId: z.uuid({ message: 'invalid' }).nullable(),
  contractStart: isoDate.nullable(),
  /** On or after `contractStart`. */
  contractEnd: isoDate.nullable(),
  serviceDays: z
    .array(z.enum(SERVICE_DAYS))
    .max(SERVICE_DAYS.length)
    .refine((days) => new Set(days).size === days.length, { message: 'invalid' }),
  propertySizeAcres: z.number().min(0, { message: 'invalid' }).max(CUSTOMER_LIMITS.propertySizeAcres, { message: 'invalid' }).nullable(),
  notes: z.string().trim().max(CUSTOMER_LIMITS.notes).nullable(),
  /** An uploaded photo (`/api/Files/uploadPhoto`) of the caller, attached on save; null removes it. */
  photoFileId: z.uuid({ message: 'invalid' }).nullable(),
};

type Pairs = { latitude?: number | null; longitude?: number | null; contractStart?: string | null; contractEnd?: string | null };

/**
 * Coordinates come as a pair; the contract ends on or after its start. A partial update checks
 * only what it carries (the API checks the result against the stored values).
 */
const checkPairs = (partial: boolean) => (value: Pairs, ctx: z.RefinementCtx) => {
  const lat = value.latitude ?? null;
  const lon = value.longitude ?? null;
  const carriesBoth = value.latitude !== undefined && value.longitude !== undefined;
  if ((!partial || carriesBoth) && (lat === null) !== (lon === null)) {
    ctx.addIssue({ code: 'custom', path: [lat === null ? 'latitude' : 'longitude'], message: 'invalid' });
  }
  if (value.contractStart && value.contractEnd && value.contractEnd < value.contractStart) {
    ctx.addIssue({ code: 'custom', path: ['contractEnd'], message: 'invalid' });
  }
};

export const customerCreateSchema = z
  .object({
    ...customerFields,
    type: customerFields.type.default('hoa'),
    status: customerFields.status.default('active'),
    addressLine2: customerFields.addressLine2.optional(),
    latitude: customerFields.latitude.optional(),
    longitude: customerFields.longitude.optional(),
    accountManagerId: customerFields.accountManagerId.optional(),
    contractStart: customerFields.contractStart.optional(),
    contractEnd: customerFields.contractEnd.optional(),
    serviceDays: customerFields.serviceDays.default([]),
    propertySizeAcres: customerFields.propertySizeAcres.optional(),
    notes: customerFields.notes.optional(),
    photoFileId: customerFields.photoFileId.optional(),
  })
  .superRefine(checkPairs(false));
export type CustomerCreate = z.infer<typeof customerCreateSchema>;
export type CustomerCreateInput = z.input<typeof customerCreateSchema>;

export const customerUpdateSchema = z.object(customerFields).partial().superRefine(checkPairs(true));
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

// ── Overview: counts and latest items of each per-customer area ─────────────────────────────────

/** The per-customer areas of spec §2; those not built yet answer zero and an empty list. */
export const CUSTOMER_AREAS = ['requests', 'orangeReports', 'plans', 'invoices', 'proposals', 'documents', 'messages'] as const;
export type CustomerArea = (typeof CUSTOMER_AREAS)[number];
export const CUSTOMER_OVERVIEW_LATEST = 5;

export const customerAreaItemSchema = z.object({
  id: z.uuid(),
  /** The record's readable number (e.g. `SR-2026-0042`), when it has one. */
  reference: z.string().nullable(),
  title: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type CustomerAreaItem = z.infer<typeof customerAreaItemSchema>;

export const customerAreaSummarySchema = z.object({
  area: z.enum(CUSTOMER_AREAS),
  /** All records of the area the caller may see. */
  total: z.number().int(),
  /** Records still needing work (open requests, pending reports…). */
  open: z.number().int(),
  latest: z.array(customerAreaItemSchema),
});
export type CustomerAreaSummary = z.infer<typeof customerAreaSummarySchema>;

export const customerOverviewSchema = z.object({
  areas: z.array(customerAreaSummarySchema),
  zoneCount: z.number().int(),
});
export type CustomerOverview = z.infer<typeof customerOverviewSchema>;

// ── Team (addYnMember) ──────────────────────────────────────────────────────────────────────────

export const customerTeamListSchema = z.object({ data: z.array(customerTeamMemberSchema) });
/** Adds a staff member (or changes their team role when already on the team). */
export const customerTeamAddSchema = z.object({ userId: z.uuid({ message: 'invalid' }), teamRole: z.enum(CUSTOMER_TEAM_ROLES) });
export type CustomerTeamAdd = z.infer<typeof customerTeamAddSchema>;
export const customerTeamParamsSchema = z.object({ id: z.uuid({ message: 'invalid' }), userId: z.uuid({ message: 'invalid' }) });

// ── Settings ────────────────────────────────────────────────────────────────────────────────────

/** Registration codes: 8 characters without look-alikes (no 0/O, 1/I/L), shown as XXXX-XXXX. */
export const REGISTRATION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REGISTRATION_CODE_LENGTH = 8;

const roleList = z.array(z.enum(CUSTOMER_ROLES)).max(CUSTOMER_ROLES.length);

export const customerSettingsSchema = z.object({
  customerId: z.uuid(),
  selfRegistrationEnabled: z.boolean(),
  /** Formatted `XXXX-XXXX`; null until self-registration is first turned on. */
  registrationCode: z.string().nullable(),
  boardMembersManagePortal: z.boolean(),
  /**
   * Notification kinds the customer routes to its customer-side roles (each API module says which of
   * its kinds are routed, and to whom by default): every such kind with the stored roles or the default.
   */
  notificationRoles: z.record(notificationKindSchema, roleList),
  /** The routed kinds in display order, titled in the caller's language. */
  notificationKinds: z.array(z.object({ kind: notificationKindSchema, title: z.string() })),
  /** Whether the caller may change them (editors) or only read (account manager, portal managers). */
  canEdit: z.boolean(),
});
export type CustomerSettings = z.infer<typeof customerSettingsSchema>;

/** Only the fields given change. Turning self-registration on creates a code when there is none. */
export const customerSettingsUpdateSchema = z.object({
  selfRegistrationEnabled: z.boolean().optional(),
  boardMembersManagePortal: z.boolean().optional(),
  /** Kinds not routed by any module are ignored. */
  notificationRoles: z.record(notificationKindSchema, roleList).optional(),
});
export type CustomerSettingsUpdate = z.infer<typeof customerSettingsUpdateSchema>;

export const regionSchema = z.object({ id: z.uuid(), name: z.string() });
export type Region = z.infer<typeof regionSchema>;

export const branchSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  regionId: z.uuid(),
  regionName: z.string(),
  timeZone: z.string(),
});
export type Branch = z.infer<typeof branchSchema>;

export const branchListQuerySchema = z.object({ regionId: z.uuid().optional() });

export const regionListSchema = z.object({ data: z.array(regionSchema) });
export const branchListSchema = z.object({ data: z.array(branchSchema) });

/*
 * Regions and branches (System Admin edits them in settings):
 *   POST /api/Regions  RegionWrite → 201 Region;   PUT /api/Regions/{id}  RegionWrite → Region
 *   POST /api/Branches BranchCreate → 201 Branch;  PUT /api/Branches/{id} BranchUpdate → Branch
 * Names are unique (409). Moving a branch to another region moves its customers with it.
 */
export const regionWriteSchema = z.object({ name: nameText(100) });
export type RegionWrite = z.infer<typeof regionWriteSchema>;

/** An IANA time zone the runtime knows, e.g. `America/Chicago`. */
export const timeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return zone.includes('/') || zone === 'UTC';
    } catch {
      return false;
    }
  }, { message: 'invalid' });

export const branchCreateSchema = z.object({
  name: nameText(100),
  regionId: z.uuid({ message: 'invalid' }),
  timeZone: timeZoneSchema,
});
export type BranchCreate = z.infer<typeof branchCreateSchema>;
export const branchUpdateSchema = branchCreateSchema.partial();
export type BranchUpdate = z.infer<typeof branchUpdateSchema>;
export const regionIdParamsSchema = z.object({ id: z.uuid({ message: 'invalid' }) });
