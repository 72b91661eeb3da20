import { defineModule } from '../../modules/domain-module.js';
import { healthRoutes } from './routes.js';

export const healthModule = defineModule({ name: 'health', routes: [healthRoutes] });
