import { defineModule } from '../../modules/domain-module.js';
import { documentRoutes } from './routes.js';

export const documentsModule = defineModule({ name: 'documents', routes: [documentRoutes] });
