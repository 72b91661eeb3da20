import { z } from 'zod';
import { nameText } from '../text-rules.js';
import { STAFF_ROLES } from '../roles.js';
import { PROFILE_NAME_MAX_LENGTH, PROFILE_PHONE_MAX_LENGTH, PROFILE_TITLE_MAX_LENGTH } from './auth.js';
import { emailSchema, pageQuerySchema } from './common.js';

/*
 * Team directory and staff records (issue 4, `/yn-team-directory`):
 *   GET  /api/Employees        ?page&pageSize&sort&search&branchId&regionId&role&active → Page<Employee>   (staff)
 *   GET  /api/Employees/{id}   → Employee                                               (staff)
 *   POST /api/Employees        EmployeeCreate → 201 Employee; emails an invitation      (System Admin)
 *   PUT  /api/Employees/{id}   EmployeeUpdate → Employee; role changes end sessions     (System Admin)
 *   POST /api/Employees/{id}/deactivate         → Employee; ends their sessions         (System Admin)
 *   POST /api/Employees/{id}/resend-invitation  → Employee (only while invited, else 409) (System Admin)
 * `customers` lists the customers the person serves (account manager or team) that the caller may
 * see, at most EMPLOYEE_CUSTOMERS_SHOWN of them; `customerCount` counts those visible ones.
 */

export const EMPLOYEE_SORTS = ['name', '-name', 'title', '-title', 'branch', '-branch'] as const;
export const EMPLOYEE_CUSTOMERS_SHOWN = 5;

export const employeeListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(EMPLOYEE_SORTS).default('name'),
  branchId: z.uuid({ message: 'invalid' }).optional(),
  regionId: z.uuid({ message: 'invalid' }).optional(),
  role: z.enum(STAFF_ROLES).optional(),
  /** Default: active staff only; `false` lists the deactivated (System Admin screens). */
  active: z.stringbool().default(true),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuerySchema>;
export type EmployeeListParams = z.input<typeof employeeListQuerySchema>;

export const employeeIdParamsSchema = z.object({ id: z.uuid({ message: 'invalid' }) });

export const employeeSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string().nullable(),
  roles: z.array(z.enum(STAFF_ROLES)),
  email: z.string(),
  phone: z.string().nullable(),
  /** Read through `/api/Files/{id}/content`. */
  photoFileId: z.uuid().nullable(),
  regionId: z.uuid().nullable(),
  regionName: z.string().nullable(),
  branchId: z.uuid().nullable(),
  branchName: z.string().nullable(),
  active: z.boolean(),
  /** Has not set a password yet (invitation pending). */
  invited: z.boolean(),
  lastLoginAt: z.string().nullable(),
  customers: z.array(z.object({ id: z.uuid(), name: z.string() })),
  customerCount: z.number().int(),
});
export type Employee = z.infer<typeof employeeSchema>;

const staffRoles = z
  .array(z.enum(STAFF_ROLES, { message: 'invalid' }))
  .min(1, { message: 'required' })
  .max(STAFF_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, { message: 'invalid' });

const employeeFields = {
  firstName: nameText(PROFILE_NAME_MAX_LENGTH),
  lastName: nameText(PROFILE_NAME_MAX_LENGTH),
  title: z.string().trim().max(PROFILE_TITLE_MAX_LENGTH).nullable(),
  phone: z.string().trim().max(PROFILE_PHONE_MAX_LENGTH).nullable(),
  /** Staff roles only. */
  roles: staffRoles,
  regionId: z.uuid({ message: 'invalid' }).nullable(),
  /** Must belong to `regionId` (the region is taken from the branch when only the branch is given). */
  branchId: z.uuid({ message: 'invalid' }).nullable(),
  /** An uploaded photo of the caller (`/api/Files/uploadPhoto`); null removes it. */
  photoFileId: z.uuid({ message: 'invalid' }).nullable(),
};

export const employeeCreateSchema = z.object({
  email: emailSchema,
  ...employeeFields,
  title: employeeFields.title.optional(),
  phone: employeeFields.phone.optional(),
  regionId: employeeFields.regionId.optional(),
  branchId: employeeFields.branchId.optional(),
  photoFileId: employeeFields.photoFileId.optional(),
});
export type EmployeeCreate = z.infer<typeof employeeCreateSchema>;

/** Only the fields given change; `active: false` is the same as deactivate. */
export const employeeUpdateSchema = z.object({ ...employeeFields, active: z.boolean() }).partial();
export type EmployeeUpdate = z.infer<typeof employeeUpdateSchema>;
