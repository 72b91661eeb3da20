import { defineModule } from '../../modules/domain-module.js';
import { customerDashboardTiles } from './dashboard-tiles.js';
import { customerRoutes } from './routes.js';

export const customersModule = defineModule({ name: 'customers', routes: [customerRoutes], dashboardTiles: customerDashboardTiles });
