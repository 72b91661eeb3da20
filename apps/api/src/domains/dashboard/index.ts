import { defineModule } from '../../modules/domain-module.js';
import { dashboardRoutes } from './routes.js';

export const dashboardModule = defineModule({
  name: 'dashboard',
  routes: [dashboardRoutes],
  // Staff: their scope; everyone: one property in scope (issue 14).
  testing: async () => ({ accessCases: { 'GET /api/Dashboard': { scoped: true, query: (_f, customer) => `customerId=${customer.id}` } } }),
});
