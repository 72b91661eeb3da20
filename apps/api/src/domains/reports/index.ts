import { defineModule } from '../../modules/domain-module.js';
import { reportRoutes } from './routes.js';

export const reportsModule = defineModule({
  name: 'reports',
  routes: [reportRoutes],
  // Staff; the figures are in the caller's own scope (issue 14).
  testing: () => import('./testing.js').then((m) => m.reportsTesting),
});
