import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  branchListQuerySchema,
  branchListSchema,
  customerDetailSchema,
  customerIdParamsSchema,
  customerListQuerySchema,
  customerSummarySchema,
  errorResponseSchema,
  pageOf,
  regionListSchema,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { getCustomer, listBranches, listCustomers, listRegions } from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** Customers (scoped by the caller's roles, see scope/customer-scope.ts) and the region/branch lists for filters. */
export const customerRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/Customers',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['customers'],
        summary: 'Customers in the caller’s scope, paged',
        querystring: customerListQuerySchema,
        response: { 200: pageOf(customerSummarySchema), ...errors },
      },
    },
    async (request) => listCustomers(db, requireAuth(request), request.query),
  );

  app.get(
    '/api/Customers/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['customers'],
        summary: 'One customer with its team (404 outside the caller’s scope)',
        params: customerIdParamsSchema,
        response: { 200: customerDetailSchema, ...errors },
      },
    },
    async (request) => getCustomer(db, requireAuth(request), request.params.id),
  );

  app.get(
    '/api/Regions',
    {
      config: { access: 'staff' },
      schema: { tags: ['customers'], summary: 'All regions', response: { 200: regionListSchema, ...errors } },
    },
    async () => ({ data: await listRegions(db) }),
  );

  app.get(
    '/api/Branches',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['customers'],
        summary: 'All branches, optionally of one region',
        querystring: branchListQuerySchema,
        response: { 200: branchListSchema, ...errors },
      },
    },
    async (request) => ({ data: await listBranches(db, request.query.regionId) }),
  );
};
