import { defineModule } from '../../modules/domain-module.js';
import { customerRoutes } from './routes.js';

export const customersModule = defineModule({ name: 'customers', routes: [customerRoutes] });
