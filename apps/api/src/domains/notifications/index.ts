import { defineModule } from '../../modules/domain-module.js';
import { notificationDashboardTiles } from './dashboard-tiles.js';
import { notificationEmailTopic } from './email-topic.js';
import { notificationRoutes } from './routes.js';

export const notificationsModule = defineModule({
  name: 'notifications',
  routes: [notificationRoutes],
  outboxTopics: [notificationEmailTopic],
  dashboardTiles: notificationDashboardTiles,
});
