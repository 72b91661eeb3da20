import { defineModule } from '../../modules/domain-module.js';
import { registrationMessages, registrationNotificationKinds } from './notifications.js';
import { registrationRoutes } from './routes.js';

export const registrationModule = defineModule({
  name: 'registration',
  routes: [registrationRoutes],
  notificationKinds: registrationNotificationKinds,
  notificationMessages: registrationMessages,
});
