import { defineModule } from '../../modules/domain-module.js';
import { notificationDashboardTiles } from './dashboard-tiles.js';
import { notificationEmailTopic } from './email-topic.js';
import { notificationRoutes } from './routes.js';
import { NOTIFICATION_CREATED } from './service.js';

export const notificationsModule = defineModule({
  name: 'notifications',
  routes: [notificationRoutes],
  outboxTopics: [notificationEmailTopic],
  dashboardTiles: notificationDashboardTiles,
  // Only the users listed on the event (the notification's recipients) receive it.
  liveEvents: [{ type: NOTIFICATION_CREATED }],
});

// What other domains use: notify in the change's transaction, the customer's routing, per-membership choices.
export { notify, type Notifier, type NotifyInput, type Recipient } from './service.js';
export type { MessageParams, LocalizedText } from './messages.js';
export { customerRoleReceives, customerUsersReceiving, isRoutedKind, notificationRolesOf, routedKindTitles } from './customer-routing.js';
export { getMembershipPreferences, saveMembershipPreferences } from './preferences.js';
