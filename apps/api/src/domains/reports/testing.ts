/** Access-matrix entries and expected audience (domains/access-matrix.test.ts) of /api/reports. */
import type { ModuleTesting } from '../../modules/domain-module.js';
import { STAFF } from '../../test/audience.js';
import { createServiceRequest } from '../service-requests/test-factories.js';

const year = new Date().getUTCFullYear();

export const reportsTesting: ModuleTesting = {
  accessCases: {
    'GET /api/reports': {},
    'GET /api/reports/performance': {
      query: `from=${year}-01-01&to=${year}-12-31&groupBy=customer`,
      // A new request counts in the figures of its customer.
      listProbe: (f, customer) => createServiceRequest(f.ctx, { customerId: customer.id }),
    },
  },
  // Staff; the figures are in the caller's own scope (issue 14).
  audience: { 'GET /api/reports': { who: STAFF }, 'GET /api/reports/performance': { who: STAFF, scope: 'list' } },
};
