import type { FastifyPluginAsync } from 'fastify';
import { CUSTOMERS_ENDPOINTS, hasStaffRole } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { forbidden } from '../../http/errors.js';
import { recordAudit } from '../audit/index.js';
import { canManagePortal } from './portal-managers.js';
import { assertCustomerInScope } from '../scope/index.js';
import { assertCustomerEditRight, customerEditRight } from './policy.js';
import { getCustomerSettings, rotateRegistrationCode, updateCustomerSettings } from './settings-service.js';

/**
 * `/api/Customers/{id}/settings`. Read: the customer's editors and Account Manager, and its portal
 * managers (Property Managers hand the registration code to residents). Change and rotate the code:
 * editors only (System Admin, Executive, Executive Team, Regional Director/Manager, Branch Manager in scope).
 */
export const customerSettingsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  route(app, CUSTOMERS_ENDPOINTS.settings, async (request) => {
    const user = requireAuth(request);
    const { id } = request.params;
    await assertCustomerInScope(db, user, id);
    const right = hasStaffRole(user.roles) ? await customerEditRight(db, user, id) : 'none';
    if (right === 'none' && !(await canManagePortal(db, user, id))) throw forbidden();
    return getCustomerSettings(db, id, right === 'all', user.language);
  });

  route(app, CUSTOMERS_ENDPOINTS.updateSettings, async (request) => {
    const user = requireAuth(request);
    await assertCustomerEditRight(db, user, request.params.id, 'all');
    const settings = await updateCustomerSettings(db, request.params.id, request.body, user.language);
    await recordAudit(db, { action: 'customer.settings_changed', actorId: user.id, ip: request.ip, detail: { customerId: request.params.id, ...request.body } });
    return settings;
  });

  route(app, CUSTOMERS_ENDPOINTS.rotateRegistrationCode, async (request) => {
    const user = requireAuth(request);
    await assertCustomerEditRight(db, user, request.params.id, 'all');
    const settings = await rotateRegistrationCode(db, request.params.id, user.language);
    await recordAudit(db, { action: 'customer.registration_code_rotated', actorId: user.id, ip: request.ip, detail: { customerId: request.params.id } });
    return settings;
  });
};
