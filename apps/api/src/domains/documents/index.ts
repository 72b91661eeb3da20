import { defineModule } from '../../modules/domain-module.js';
import { seedDemoDocuments } from './demo-seed.js';
import { documentRoutes } from './routes.js';
import { DOCUMENT_OWNER, mayReadDocumentFiles } from './service.js';

export const documentsModule = defineModule({
  name: 'documents',
  routes: [documentRoutes],
  // Every version's file follows its document: scope, and staff-only documents hidden from customer users.
  files: { ownerTypes: [DOCUMENT_OWNER], canSeeFiles: (db, user, file) => mayReadDocumentFiles(db, user, file.ownerId) },
  demoSeed: { run: seedDemoDocuments },
  testing: () => import('./testing.js').then((m) => m.documentsTesting),
});
