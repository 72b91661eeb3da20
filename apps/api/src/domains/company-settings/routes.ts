import type { FastifyPluginAsync } from 'fastify';
import { COMPANY_SETTINGS_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { readSettings, saveSettings } from './service.js';

/** `/api/CompanySettings`: the company details on invoice PDFs; every staff member reads, System Admin writes. */
export const companySettingsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  route(app, COMPANY_SETTINGS_ENDPOINTS.get, async () => readSettings(db, deps.config));

  route(app, COMPANY_SETTINGS_ENDPOINTS.update, async (request) => saveSettings(db, requireAuth(request), deps.config, request.body));
};
