import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type PortalUser,
  checkUserExistsQuerySchema,
  checkUserExistsResponseSchema,
  customerIdParamsSchema,
  errorResponseSchema,
  pageOf,
  portalUserCreatedSchema,
  portalUserCreateSchema,
  portalUserDetailSchema,
  portalUserListQuerySchema,
  portalUserParamsSchema,
  portalUserSchema,
  portalUserUpdateSchema,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { checkUserExists } from './check-user-exists.js';
import { baseUrlOf } from './invitations.js';
import { assertPortalManager } from './policy.js';
import { getPortalUserDetail, listPortalUsers } from './service.js';
import {
  approvePortalUser,
  createPortalUser,
  disablePortalUser,
  enablePortalUser,
  resendInvitation,
  updatePortalUser,
  type PortalContext,
} from './write-service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const tags = ['portal access'];

/**
 * A customer's portal users (staff and customer views share these calls; see
 * packages/shared/src/schemas/portal-access.ts for who may). Every call checks scope (404) and the
 * portal-manager right (403) before anything else.
 */
export const portalAccessRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  async function managerContext(request: FastifyRequest, customerId: string): Promise<PortalContext> {
    const user = requireAuth(request);
    await assertPortalManager(db, user, customerId);
    return { db, baseUrl: baseUrlOf(deps.config, request), actor: { id: user.id, ip: request.ip }, customerId };
  }

  app.get(
    '/api/Customers/:id/portal-users',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The customer’s portal users, paged', params: customerIdParamsSchema, querystring: portalUserListQuerySchema, response: { 200: pageOf(portalUserSchema), ...errors } },
    },
    async (request) => {
      await managerContext(request, request.params.id);
      return listPortalUsers(db, request.params.id, request.query);
    },
  );

  app.post(
    '/api/Customers/:id/portal-users',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Invite a portal user (customer-side roles only), or link the existing account of the email',
        params: customerIdParamsSchema,
        body: portalUserCreateSchema,
        response: { 201: portalUserCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = await managerContext(request, request.params.id);
      return reply.status(201).send(await createPortalUser(ctx, request.body, requireAuth(request).language));
    },
  );

  app.get(
    '/api/Customers/:id/portal-users/:userId',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'One portal user with their notification choices', params: portalUserParamsSchema, response: { 200: portalUserDetailSchema, ...errors } },
    },
    async (request) => {
      await managerContext(request, request.params.id);
      return getPortalUserDetail(db, request.params.id, request.params.userId);
    },
  );

  app.put(
    '/api/Customers/:id/portal-users/:userId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Change roles, status, unit or notification choices (role and status changes end the user’s sessions)',
        params: portalUserParamsSchema,
        body: portalUserUpdateSchema,
        response: { 200: portalUserDetailSchema, ...errors },
      },
    },
    async (request) => updatePortalUser(await managerContext(request, request.params.id), request.params.userId, request.body),
  );

  const action = (path: string, summary: string, run: (ctx: PortalContext, userId: string) => Promise<PortalUser>) =>
    app.post(
      `/api/Customers/:id/portal-users/:userId/${path}`,
      { config: { access: 'authenticated' }, schema: { tags, summary, params: portalUserParamsSchema, response: { 200: portalUserSchema, ...errors } } },
      async (request) => run(await managerContext(request, request.params.id), request.params.userId),
    );
  action('resend-invitation', 'Email a new invitation link (invited users only); the old link stops working', resendInvitation);
  action('disable', 'Disable the user at this customer and end their sessions', disablePortalUser);
  action('enable', 'Enable the user at this customer again', enablePortalUser);
  action('approve', 'Approve a pending resident registration; emails the resident', approvePortalUser);

  app.get(
    '/api/Users/CheckUserExists',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Whether an email already has an account (portal managers of `customerId`; System Admin without it)',
        querystring: checkUserExistsQuerySchema,
        response: { 200: checkUserExistsResponseSchema, ...errors },
      },
    },
    async (request) => checkUserExists(db, requireAuth(request), request.query),
  );
};
