import { z } from 'zod';
import { pageQuerySchema } from './common.js';

export const CUSTOMER_TYPES = ['hoa', 'commercial', 'multifamily', 'municipal', 'retail', 'other'] as const;
export const CUSTOMER_STATUSES = ['prospect', 'active', 'inactive'] as const;
export const CUSTOMER_SORTS = ['name', '-name', 'accountNumber', '-accountNumber', 'createdAt', '-createdAt'] as const;
/** Service days of a customer, stored as these short lower-case names. */
export const SERVICE_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** Roles a staff member can hold on a customer's team; being on the team scopes team-scoped roles. */
export const CUSTOMER_TEAM_ROLES = ['Account Manager', 'Crew Leader', 'Business Development'] as const;

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
});
export type CustomerTeamMember = z.infer<typeof customerTeamMemberSchema>;

export const customerDetailSchema = customerSummarySchema.extend({
  addressLine2: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  contractStart: z.string().nullable(),
  contractEnd: z.string().nullable(),
  serviceDays: z.array(z.string()),
  propertySizeAcres: z.number().nullable(),
  notes: z.string().nullable(),
  branchTimeZone: z.string(),
  team: z.array(customerTeamMemberSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

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
