import { defineModule } from '../../modules/domain-module.js';
import { seedDemoContent } from './demo-seed.js';
import { contentFiles } from './file-visibility.js';
import { contentRoutes } from './routes.js';

/** Announcements and articles for customer-side users (issue 14, decision 027). */
export const contentModule = defineModule({
  name: 'content',
  routes: [contentRoutes],
  files: contentFiles,
  demoSeed: { run: async (tx, demo) => void (await seedDemoContent(tx, demo)) },
  testing: () => import('./testing.js').then((m) => m.contentTesting),
});
