import { z } from 'zod';
import { pageQuerySchema } from './common.js';

export const CUSTOMER_TYPES = ['hoa', 'commercial', 'multifamily', 'municipal', 'retail', 'other'] as const;
export const CUSTOMER_STATUSES = ['prospect', 'active', 'inactive'] as const;
export const CUSTOMER_SORTS = ['name', '-name', 'accountNumber', '-accountNumber', 'createdAt', '-createdAt'] as const;

export const customerListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(CUSTOMER_SORTS).default('name'),
  status: z.enum(CUSTOMER_STATUSES).optional(),
  type: z.enum(CUSTOMER_TYPES).optional(),
  regionId: z.uuid().optional(),
  branchId: z.uuid().optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

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
  accountManagerName: z.string().nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerDetailSchema = customerSummarySchema.extend({
  addressLine2: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  contractStart: z.string().nullable(),
  contractEnd: z.string().nullable(),
  serviceDays: z.array(z.string()),
  propertySizeAcres: z.number().nullable(),
  notes: z.string().nullable(),
  team: z.array(
    z.object({ userId: z.uuid(), name: z.string(), teamRole: z.string(), email: z.string() }),
  ),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
