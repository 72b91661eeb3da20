import { defineModule } from '../../modules/domain-module.js';
import { portalAccessRoutes } from './routes.js';

export const portalAccessModule = defineModule({ name: 'portal-access', routes: [portalAccessRoutes] });
