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
export { customerRecordFileVisible } from './policy.js';
export { contentUrl } from './file-view.js';
export { releaseOwnerFiles, setOwnerFilesStaffOnly } from './attach-files.js';
// For files the server makes itself (demo data): stored like an upload, attached to their record at once.
export { storeGeneratedFile, type GeneratedFile } from './generated-files.js';
export type { FileStore } from './file-store.js';
export { fileStoreFor } from './file-store-for-config.js';
// Photos for server-rendered documents (PDFs): JPEG bytes of stored images, by file id.
export { documentImages, type DocumentImage } from './document-images.js';
