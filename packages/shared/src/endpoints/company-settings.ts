import { defineEndpoint } from '../contract.js';
import { companySettingsSchema, companySettingsWriteSchema } from '../schemas/company-settings.js';

const tags = ['settings'] as const;

/** `/api/CompanySettings`: the company details on invoice PDFs; every staff member reads, System Admin writes. */
export const COMPANY_SETTINGS_ENDPOINTS = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/CompanySettings',
    access: 'staff',
    tags,
    summary: 'The company details printed on invoices',
    response: companySettingsSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/CompanySettings',
    access: 'staff',
    tags,
    summary: 'Change the company details (System Admin)',
    body: companySettingsWriteSchema,
    response: companySettingsSchema,
  }),
};
