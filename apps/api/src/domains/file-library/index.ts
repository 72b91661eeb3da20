import { defineModule } from '../../modules/domain-module.js';
import { seedDemoLibrary } from './demo-seed.js';
import { fileLibraryRoutes } from './routes.js';
import { LIBRARY_FILE_OWNER, mayReadLibraryFile } from './service.js';

export const fileLibraryModule = defineModule({
  name: 'file-library',
  routes: [fileLibraryRoutes],
  // A library file is readable by staff who see its folder (role limits included).
  files: { ownerTypes: [LIBRARY_FILE_OWNER], canSeeFiles: (db, user, file) => mayReadLibraryFile(db, user, file.ownerId) },
  demoSeed: { run: seedDemoLibrary },
  testing: () => import('./testing.js').then((m) => m.fileLibraryTesting),
});
