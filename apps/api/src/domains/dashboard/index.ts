import { defineModule } from '../../modules/domain-module.js';
import { dashboardRoutes } from './routes.js';

export const dashboardModule = defineModule({ name: 'dashboard', routes: [dashboardRoutes] });
