import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  employeeCreateSchema,
  employeeIdParamsSchema,
  employeeListQuerySchema,
  employeeSchema,
  employeeUpdateSchema,
  errorResponseSchema,
  pageOf,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { assertCan } from './policy.js';
import { baseUrlOf } from '../portal-access/index.js';
import { getEmployee, listEmployees } from './service.js';
import { createEmployee, deactivateEmployee, resendStaffInvitation, updateEmployee, type EmployeeContext } from './write-service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const tags = ['employees'];

/** `/api/Employees`: the team directory for all staff; staff records are managed by System Admin. */
export const employeeRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  // Before validation, so a refused caller learns nothing from field errors.
  const systemAdminOnly = async (request: FastifyRequest) => assertCan(requireAuth(request), 'manage');
  const context = (request: FastifyRequest): EmployeeContext => ({
    db,
    baseUrl: baseUrlOf(deps.config, request),
    actor: { ...requireAuth(request), ip: request.ip },
  });

  app.get(
    '/api/Employees',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Staff directory, paged, with the customers each serves (only those the caller sees)', querystring: employeeListQuerySchema, response: { 200: pageOf(employeeSchema), ...errors } },
    },
    async (request) => listEmployees(db, requireAuth(request), request.query),
  );

  app.get(
    '/api/Employees/:id',
    { config: { access: 'staff' }, schema: { tags, summary: 'One staff member', params: employeeIdParamsSchema, response: { 200: employeeSchema, ...errors } } },
    async (request) => getEmployee(db, requireAuth(request), request.params.id),
  );

  app.post(
    '/api/Employees',
    {
      config: { access: 'staff' },
      preValidation: systemAdminOnly,
      schema: { tags, summary: 'Create a staff member and email an invitation (System Admin)', body: employeeCreateSchema, response: { 201: employeeSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createEmployee(context(request), request.body, requireAuth(request).language)),
  );

  app.put(
    '/api/Employees/:id',
    {
      config: { access: 'staff' },
      preValidation: systemAdminOnly,
      schema: {
        tags,
        summary: 'Change a staff member (System Admin); role, placement and status changes end their sessions',
        params: employeeIdParamsSchema,
        body: employeeUpdateSchema,
        response: { 200: employeeSchema, ...errors },
      },
    },
    async (request) => updateEmployee(context(request), request.params.id, request.body),
  );

  app.post(
    '/api/Employees/:id/deactivate',
    {
      config: { access: 'staff' },
      preValidation: systemAdminOnly,
      schema: { tags, summary: 'Deactivate a staff member and end their sessions (System Admin)', params: employeeIdParamsSchema, response: { 200: employeeSchema, ...errors } },
    },
    async (request) => deactivateEmployee(context(request), request.params.id),
  );

  app.post(
    '/api/Employees/:id/resend-invitation',
    {
      config: { access: 'staff' },
      preValidation: systemAdminOnly,
      schema: { tags, summary: 'Email a new invitation to a staff member who has not set a password (System Admin)', params: employeeIdParamsSchema, response: { 200: employeeSchema, ...errors } },
    },
    async (request) => resendStaffInvitation(context(request), request.params.id),
  );
};
