import { defineModule } from '../../modules/domain-module.js';
import { messageRoutes } from './routes.js';

export const messagesModule = defineModule({ name: 'messages', routes: [messageRoutes] });
export { seedDemoMessages } from './demo-seed.js';
