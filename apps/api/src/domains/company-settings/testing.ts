/** Access-matrix entries of the company details: all staff read; only System Admin writes (others 403). */
import type { ModuleTesting } from '../../modules/domain-module.js';
import { STAFF, SYSTEM_ADMIN } from '../../test/audience.js';

export const companySettingsTesting: ModuleTesting = {
  accessCases: {
    'GET /api/CompanySettings': {},
    'PUT /api/CompanySettings': { body: { name: 'Matrix Landscapes', addressLines: ['1 Matrix Way'] } },
  },
  // Company-wide data (no scope): every staff member reads the details printed on invoices; System Admin changes them.
  audience: {
    'GET /api/CompanySettings': { who: STAFF },
    'PUT /api/CompanySettings': { who: SYSTEM_ADMIN },
  },
};
