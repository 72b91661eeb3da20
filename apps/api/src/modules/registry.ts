import { authModule } from '../domains/auth/index.js';
import { customersModule } from '../domains/customers/index.js';
import { reportsModule } from '../domains/reports/index.js';
import { dashboardModule } from '../domains/dashboard/index.js';
import { documentsModule } from '../domains/documents/index.js';
import { employeesModule } from '../domains/employees/index.js';
import { fileLibraryModule } from '../domains/file-library/index.js';
import { companySettingsModule } from '../domains/company-settings/index.js';
import { contentModule } from '../domains/content/index.js';
import { invoicesModule } from '../domains/invoices/index.js';
import { filesModule } from '../domains/files/index.js';
import { kudosModule } from '../domains/kudos/index.js';
import { liveModule } from '../domains/live/index.js';
import { messagesModule } from '../domains/messages/index.js';
import { healthModule } from '../domains/health/index.js';
import { notificationsModule } from '../domains/notifications/index.js';
import { orangeReportsModule } from '../domains/orange-reports/index.js';
import { proposalsModule } from '../domains/proposals/index.js';
import { plansModule } from '../domains/plans/index.js';
import { portalAccessModule } from '../domains/portal-access/index.js';
import { regionsModule } from '../domains/regions/index.js';
import { registrationModule } from '../domains/registration/index.js';
import { serviceRequestTypesModule } from '../domains/service-request-types/index.js';
import { serviceRequestsModule } from '../domains/service-requests/index.js';
import { weatherModule } from '../domains/weather/index.js';
import { registerModules } from './catalog.js';
import type { DomainModule } from './domain-module.js';

/**
 * Every domain of the API, in route registration order. Adding a domain is its folder (with an
 * `index.ts` that exports a `defineModule({...})`) plus one line here.
 */
export const MODULES: readonly DomainModule[] = [
  healthModule,
  customersModule,
  regionsModule,
  portalAccessModule,
  employeesModule,
  registrationModule,
  filesModule,
  authModule,
  serviceRequestTypesModule,
  serviceRequestsModule,
  notificationsModule,
  weatherModule,
  orangeReportsModule,
  messagesModule,
  dashboardModule,
  proposalsModule,
  kudosModule,
  plansModule,
  reportsModule,
  documentsModule,
  fileLibraryModule,
  liveModule,
  companySettingsModule,
  invoicesModule,
  contentModule,
];

registerModules(MODULES);
