import { defineModule } from '../../modules/domain-module.js';
import { dashboardRoutes } from './routes.js';

export const dashboardModule = defineModule({
  name: 'dashboard',
  routes: [dashboardRoutes],
  // Staff: their scope; everyone: one property in scope (issue 14).
  testing: async () => {
    const { SIGNED_IN } = await import('../../test/audience.js');
    return {
      accessCases: { 'GET /api/Dashboard': { query: (_f, customer) => `customerId=${customer.id}` } },
      audience: { 'GET /api/Dashboard': { who: SIGNED_IN, scope: 'record' } },
    };
  },
});
