import { defineModule } from '../../modules/domain-module.js';
import { weatherRoutes } from './routes.js';

export const weatherModule = defineModule({
  name: 'weather',
  routes: [weatherRoutes],
  // Any signed-in user, for a customer in their scope (issue 14).
  testing: async () => {
    const { SIGNED_IN } = await import('../../test/audience.js');
    return {
      accessCases: { 'GET /api/Weather': { query: (_f, customer) => `customerId=${customer.id}` } },
      audience: { 'GET /api/Weather': { who: SIGNED_IN, scope: 'record' } },
    };
  },
});
