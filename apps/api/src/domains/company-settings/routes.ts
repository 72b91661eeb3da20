import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companySettingsSchema, companySettingsWriteSchema, errorResponseSchema } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { readSettings, saveSettings } from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tags = ['settings'];

/** `/api/CompanySettings`: the company details on invoice PDFs; every staff member reads, System Admin writes. */
export const companySettingsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/CompanySettings',
    { config: { access: 'staff' }, schema: { tags, summary: 'The company details printed on invoices', response: { 200: companySettingsSchema, ...errors } } },
    async () => readSettings(db, deps.config),
  );

  app.put(
    '/api/CompanySettings',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Change the company details (System Admin)', body: companySettingsWriteSchema, response: { 200: companySettingsSchema, ...errors } },
    },
    async (request) => saveSettings(db, requireAuth(request), deps.config, request.body),
  );
};
