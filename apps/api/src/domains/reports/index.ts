import { defineModule } from '../../modules/domain-module.js';
import { reportRoutes } from './routes.js';

export const reportsModule = defineModule({
  name: 'reports',
  routes: [reportRoutes],
  // Staff; the figures are in the caller's own scope (issue 14).
  testing: async () => ({
    accessCases: { 'GET /api/reports': {}, 'GET /api/reports/performance': { query: 'from=2026-01-01&to=2026-03-31&groupBy=branch' } },
  }),
});
