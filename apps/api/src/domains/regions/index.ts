import { defineModule } from '../../modules/domain-module.js';
import { regionRoutes } from './routes.js';

export const regionsModule = defineModule({ name: 'regions', routes: [regionRoutes] });
