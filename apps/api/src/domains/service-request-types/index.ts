import { defineModule } from '../../modules/domain-module.js';
import { serviceRequestReferenceRoutes } from './routes.js';

export const serviceRequestTypesModule = defineModule({ name: 'service-request-types', routes: [serviceRequestReferenceRoutes] });

export { DEFAULT_PRIORITY_CODE, ensureReferenceData } from './defaults.js';
