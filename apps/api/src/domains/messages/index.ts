import { defineModule } from '../../modules/domain-module.js';
import { messageDashboardTiles } from './dashboard-tiles.js';
import { seedDemoMessages } from './demo-seed.js';
import { messageFiles } from './file-visibility.js';
import { messageLiveEvents } from './live.js';
import { messageMessages, messageNotificationKinds } from './notifications.js';
import { messageRoutes } from './routes.js';

export const messagesModule = defineModule({
  name: 'messages',
  routes: [messageRoutes],
  notificationKinds: messageNotificationKinds,
  notificationMessages: messageMessages,
  files: messageFiles,
  dashboardTiles: messageDashboardTiles,
  liveEvents: messageLiveEvents,
  demoSeed: { after: ['service-requests'], run: async (tx) => void (await seedDemoMessages(tx)) },
  testing: async () => {
    const { messageRouteCases, messageAudience } = await import('./access-matrix-cases.js');
    return { accessCases: messageRouteCases, audience: messageAudience };
  },
});
