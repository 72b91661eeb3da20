import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { EMPLOYEES_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { assertCan } from './policy.js';
import { baseUrlOf } from '../portal-access/index.js';
import { getEmployee, listEmployees } from './service.js';
import { createEmployee, deactivateEmployee, resendStaffInvitation, updateEmployee, type EmployeeContext } from './write-service.js';


/** `/api/Employees`: the team directory for all staff; staff records are managed by System Admin. */
export const employeeRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  // Before validation, so a refused caller learns nothing from field errors.
  const systemAdminOnly = async (request: FastifyRequest) => assertCan(requireAuth(request), 'manage');
  const context = (request: FastifyRequest): EmployeeContext => ({
    db,
    baseUrl: baseUrlOf(deps.config, request),
    actor: { ...requireAuth(request), ip: request.ip },
  });

  route(app, EMPLOYEES_ENDPOINTS.list, async (request) => listEmployees(db, requireAuth(request), request.query));

  route(app, EMPLOYEES_ENDPOINTS.detail, async (request) => getEmployee(db, requireAuth(request), request.params.id));

  route(app, EMPLOYEES_ENDPOINTS.create, async (request) => createEmployee(context(request), request.body, requireAuth(request).language), { preValidation: systemAdminOnly });

  route(app, EMPLOYEES_ENDPOINTS.update, async (request) => updateEmployee(context(request), request.params.id, request.body), { preValidation: systemAdminOnly });

  route(app, EMPLOYEES_ENDPOINTS.deactivate, async (request) => deactivateEmployee(context(request), request.params.id), { preValidation: systemAdminOnly });

  route(app, EMPLOYEES_ENDPOINTS.resendInvitation, async (request) => resendStaffInvitation(context(request), request.params.id), { preValidation: systemAdminOnly });
};
