import { defineModule } from '../../modules/domain-module.js';
import { companySettingsRoutes } from './routes.js';

/** Company details for documents (issue 12): a System Admin setting, defaulting to COMPANY_*. */
export const companySettingsModule = defineModule({
  name: 'company-settings',
  routes: [companySettingsRoutes],
  testing: () => import('./testing.js').then((m) => m.companySettingsTesting),
});

export { companyDetails } from './service.js';
