import { defineModule } from '../../modules/domain-module.js';
import { registrationRoutes } from './routes.js';

export const registrationModule = defineModule({ name: 'registration', routes: [registrationRoutes] });
