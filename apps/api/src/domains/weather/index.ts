import { defineModule } from '../../modules/domain-module.js';
import { weatherRoutes } from './routes.js';

export const weatherModule = defineModule({ name: 'weather', routes: [weatherRoutes] });
