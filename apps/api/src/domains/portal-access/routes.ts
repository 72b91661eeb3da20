import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type PortalUser,
  checkUserExistsQuerySchema,
  checkUserExistsResponseSchema,
  customerIdParamsSchema,
  errorResponseSchema,
  joinRequestListSchema,
  joinRequestParamsSchema,
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
import { answerJoinRequest, listJoinRequests } from './join-requests.js';
import { assertPortalManager } from './policy.js';
import { getPortalUserDetail, listPortalUsers } from './service.js';
import {
  approvePortalUser,
  createPortalUser,
  disablePortalUser,
  enablePortalUser,
  resendInvitation,
  setAccountActive,
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
    const manager = await assertPortalManager(db, user, customerId);
    return { db, baseUrl: baseUrlOf(deps.config, request), actor: { id: user.id, ip: request.ip, roles: user.roles, language: user.language }, customerId, manager };
  }
  const viewer = (ctx: PortalContext) => (ctx.manager === 'staff' ? 'staff' : 'customer');

  app.get(
    '/api/Customers/:id/portal-users',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The customer’s portal users, paged', params: customerIdParamsSchema, querystring: portalUserListQuerySchema, response: { 200: pageOf(portalUserSchema), ...errors } },
    },
    async (request) => {
      const ctx = await managerContext(request, request.params.id);
      return listPortalUsers(db, request.params.id, request.query, viewer(ctx));
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
      const ctx = await managerContext(request, request.params.id);
      return getPortalUserDetail(db, request.params.id, request.params.userId, viewer(ctx), ctx.actor.language);
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

  const action = (path: string, summary: string, run: (ctx: PortalContext, userId: string) => Promise<PortalUser>, access: 'authenticated' | 'staff' = 'authenticated') =>
    app.post(
      `/api/Customers/:id/portal-users/:userId/${path}`,
      { config: { access }, schema: { tags, summary, params: portalUserParamsSchema, response: { 200: portalUserSchema, ...errors } } },
      async (request) => run(await managerContext(request, request.params.id), request.params.userId),
    );
  action('resend-invitation', 'Email a new invitation link (invited users only); the old link stops working', resendInvitation);
  action('disable', 'Remove the user’s access to this customer (their other customers and sessions stay); withdraws an unanswered join request', disablePortalUser);
  action('enable', 'Enable the user at this customer again', enablePortalUser);
  action('approve', 'Approve a pending resident registration; emails the resident', approvePortalUser);
  action('disable-account', 'System Admin: deactivate the account for every customer and end its sessions', (ctx, userId) => setAccountActive(ctx, userId, false), 'staff');
  action('enable-account', 'System Admin: reactivate the account', (ctx, userId) => setAccountActive(ctx, userId, true), 'staff');

  app.get(
    '/api/Users/me/join-requests',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Customers asking the signed-in person to join them', response: { 200: joinRequestListSchema, ...errors } },
    },
    async (request) => ({ data: await listJoinRequests(db, requireAuth(request).id) }),
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/api/Users/me/join-requests/:customerId/${answer}`,
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: answer === 'accept' ? 'Accept a customer’s request to join: become its member' : 'Decline a customer’s request to join',
          params: joinRequestParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await answerJoinRequest(db, { id: requireAuth(request).id, ip: request.ip }, request.params.customerId, answer === 'accept');
        return reply.status(204).send(null);
      },
    );
  }

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
