import { defineModule } from '../../modules/domain-module.js';
import { uploadCleanupJob } from './cleanup-job.js';
import { fileRoutes } from './routes.js';

export const filesModule = defineModule({ name: 'files', routes: [fileRoutes], jobs: [uploadCleanupJob] });
