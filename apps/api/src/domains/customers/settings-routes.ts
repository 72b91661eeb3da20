import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerIdParamsSchema, customerSettingsSchema, customerSettingsUpdateSchema, errorResponseSchema, hasStaffRole } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { forbidden } from '../../http/errors.js';
import { recordAudit } from '../audit/index.js';
import { canManagePortal } from './portal-managers.js';
import { assertCustomerInScope } from '../scope/index.js';
import { assertCustomerEditRight, customerEditRight } from './policy.js';
import { getCustomerSettings, rotateRegistrationCode, updateCustomerSettings } from './settings-service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['customers'];

/**
 * `/api/Customers/{id}/settings`. Read: the customer's editors and Account Manager, and its portal
 * managers (Property Managers hand the registration code to residents). Change and rotate the code:
 * editors only (System Admin, Executive, Executive Team, Regional Director/Manager, Branch Manager in scope).
 */
export const customerSettingsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/Customers/:id/settings',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The customer’s settings (`canEdit` says whether the caller may change them)', params: customerIdParamsSchema, response: { 200: customerSettingsSchema, ...errors } },
    },
    async (request) => {
      const user = requireAuth(request);
      const { id } = request.params;
      await assertCustomerInScope(db, user, id);
      const right = hasStaffRole(user.roles) ? await customerEditRight(db, user, id) : 'none';
      if (right === 'none' && !(await canManagePortal(db, user, id))) throw forbidden();
      return getCustomerSettings(db, id, right === 'all', user.language);
    },
  );

  app.put(
    '/api/Customers/:id/settings',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Change the settings given; turning self-registration on creates a registration code when there is none',
        params: customerIdParamsSchema,
        body: customerSettingsUpdateSchema,
        response: { 200: customerSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireAuth(request);
      await assertCustomerEditRight(db, user, request.params.id, 'all');
      const settings = await updateCustomerSettings(db, request.params.id, request.body, user.language);
      await recordAudit(db, { action: 'customer.settings_changed', actorId: user.id, ip: request.ip, detail: { customerId: request.params.id, ...request.body } });
      return settings;
    },
  );

  app.post(
    '/api/Customers/:id/settings/rotate-code',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Draw a new registration code; the old one stops working', params: customerIdParamsSchema, response: { 200: customerSettingsSchema, ...errors } },
    },
    async (request) => {
      const user = requireAuth(request);
      await assertCustomerEditRight(db, user, request.params.id, 'all');
      const settings = await rotateRegistrationCode(db, request.params.id, user.language);
      await recordAudit(db, { action: 'customer.registration_code_rotated', actorId: user.id, ip: request.ip, detail: { customerId: request.params.id } });
      return settings;
    },
  );
};
