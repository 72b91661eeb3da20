import { defineModule } from '../../modules/domain-module.js';
import { portalAccessRoutes } from './routes.js';

export const portalAccessModule = defineModule({ name: 'portal-access', routes: [portalAccessRoutes] });

// What other domains use: links in emails and invitations.
export { baseUrlOf, invitationLink, signInLink } from './invitations.js';
export { registrationExistingAccountEmail } from './emails.js';
