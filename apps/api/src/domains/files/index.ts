import { defineModule } from '../../modules/domain-module.js';
import { uploadCleanupJob } from './cleanup-job.js';
import { fileRoutes } from './routes.js';

export const filesModule = defineModule({
  name: 'files',
  routes: [fileRoutes],
  jobs: [uploadCleanupJob],
  testing: () => import('./testing.js').then((m) => m.filesTesting),
});

// What other domains use: attach uploads to their records (in their transaction), the usual visibility answers.
export { attachFiles, type AttachFilesInput } from './attach-files.js';
export { customerRecordFileVisible, staffFileVisible } from './policy.js';
export { contentUrl } from './file-view.js';
export { releaseOwnerFiles, setOwnerFilesStaffOnly } from './attach-files.js';
