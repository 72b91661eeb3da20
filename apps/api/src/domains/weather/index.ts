import { defineModule } from '../../modules/domain-module.js';
import { weatherRoutes } from './routes.js';

export const weatherModule = defineModule({
  name: 'weather',
  routes: [weatherRoutes],
  // Any signed-in user, for a customer in their scope (issue 14).
  testing: async () => ({ accessCases: { 'GET /api/Weather': { scoped: true, query: (_f, customer) => `customerId=${customer.id}` } } }),
});
