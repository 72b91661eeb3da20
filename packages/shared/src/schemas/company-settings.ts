import { z } from 'zod';
import { text } from './common.js';

/*
 * Company details (System Admin, the "Company" tab of /settings), printed on invoice PDFs.
 *   GET /api/CompanySettings → CompanySettings   staff
 *   PUT /api/CompanySettings CompanySettingsWrite → CompanySettings   System Admin
 */


export const COMPANY_LIMITS = { name: 150, addressLine: 150, addressLines: 4, phone: 40, email: 254, website: 200, taxId: 60 } as const;

const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

export const companySettingsWriteSchema = z.object({
  name: text(COMPANY_LIMITS.name),
  addressLines: z.array(z.string().trim().min(1).max(COMPANY_LIMITS.addressLine)).max(COMPANY_LIMITS.addressLines).default([]),
  phone: optionalLine(COMPANY_LIMITS.phone),
  email: z
    .string()
    .trim()
    .max(COMPANY_LIMITS.email)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null))
    .pipe(z.email({ message: 'invalid' }).nullable()),
  website: optionalLine(COMPANY_LIMITS.website),
  taxId: optionalLine(COMPANY_LIMITS.taxId),
});
export type CompanySettingsWrite = z.input<typeof companySettingsWriteSchema>;

export const companySettingsSchema = z.object({
  name: z.string(),
  addressLines: z.array(z.string()),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  taxId: z.string().nullable(),
  /** false: nobody saved details yet, these are the install's COMPANY_* defaults. */
  saved: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;
