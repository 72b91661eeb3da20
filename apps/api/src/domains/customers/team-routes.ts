import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerIdParamsSchema, customerTeamAddSchema, customerTeamListSchema, customerTeamParamsSchema, errorResponseSchema } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { assertCustomerInScope } from '../scope/index.js';
import { assertCustomerEditRight } from './policy.js';
import { loadTeam } from './service.js';
import { addTeamMember, removeTeamMember } from './team-service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['customers'];

/**
 * `addYnMember`: Grove staff on the customer's team. Staff in scope read it; editors and the
 * customer's Account Manager change it. Only active staff can be added (400 on `userId`).
 */
export const customerTeamRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/Customers/:id/team',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'The customer’s team', params: customerIdParamsSchema, response: { 200: customerTeamListSchema, ...errors } },
    },
    async (request) => {
      await assertCustomerInScope(db, requireAuth(request), request.params.id);
      return { data: await loadTeam(db, request.params.id) };
    },
  );

  app.post(
    '/api/Customers/:id/team',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Put a staff member on the team with a team role (or change their team role); answers the whole team',
        params: customerIdParamsSchema,
        body: customerTeamAddSchema,
        response: { 200: customerTeamListSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireAuth(request);
      await assertCustomerEditRight(db, user, request.params.id, 'any');
      return { data: await addTeamMember(db, { id: user.id, ip: request.ip }, request.params.id, request.body) };
    },
  );

  app.delete(
    '/api/Customers/:id/team/:userId',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Take a staff member off the team', params: customerTeamParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const user = requireAuth(request);
      await assertCustomerEditRight(db, user, request.params.id, 'any');
      await removeTeamMember(db, { id: user.id, ip: request.ip }, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
