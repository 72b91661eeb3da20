import { defineModule } from '../../modules/domain-module.js';
import { fileLibraryRoutes } from './routes.js';

export const fileLibraryModule = defineModule({ name: 'file-library', routes: [fileLibraryRoutes] });
