import { PassThrough } from 'node:stream';
import { sendCsvStream } from '../../lib/cursor.js';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerCreateSchema,
  customerDetailResponseSchema,
  customerExportQuerySchema,
  customerIdParamsSchema,
  customerListQuerySchema,
  customerOverviewSchema,
  customerSummarySchema,
  customerUpdateSchema,
  errorResponseSchema,
  pageOf,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { createCustomer, updateCustomer } from './customer-write.js';
import { exportCustomersCsv } from './export-csv.js';
import { getCustomerOverview } from './overview-service.js';
import { getCustomer, listCustomers } from './service.js';
import { customerSettingsRoutes } from './settings-routes.js';
import { customerTeamRoutes } from './team-routes.js';
import { customerZoneRoutes } from './zones-routes.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['customers'];

/**
 * Customers (scoped by the caller's roles, see scope/customer-scope.ts; who may edit: policy.ts),
 * with their settings, map zones and team as sub-plugins.
 */
export const customerRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/Customers',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Customers in the caller’s scope, paged',
        querystring: customerListQuerySchema,
        response: { 200: pageOf(customerSummarySchema), ...errors },
      },
    },
    async (request) => listCustomers(db, requireAuth(request), request.query),
  );

  app.get(
    '/api/Customers/export.csv',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'CSV of the list’s current filter (every row, streamed), headers in the caller’s language',
        querystring: customerExportQuerySchema,
        response: { 200: z.string().describe('text/csv; UTF-8 with BOM'), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireAuth(request);
      const day = new Date().toISOString().slice(0, 10);
      // Streamed as it is read (decision 029): no row cap, flat memory.
      const out = new PassThrough();
      exportCustomersCsv(db, deps.database.kind, user, request.query, out).then(
        () => out.end(),
        (error: unknown) => {
          request.log.warn({ err: error }, 'customer export stopped');
          out.destroy(error instanceof Error ? error : new Error(String(error)));
        },
      );
      return sendCsvStream(reply, out, `customers-${day}.csv`);
    },
  );

  app.post(
    '/api/Customers',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Create a customer (System Admin, Executive, Executive Team; Regional Director/Manager in their region; Branch Manager in their branch)',
        body: customerCreateSchema,
        response: { 201: customerDetailResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createCustomer(db, requireAuth(request), request.body)),
  );

  app.get(
    '/api/Customers/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'One customer with its team: staff get `view: staff`, customer users `view: customer` without internal fields (404 outside scope)',
        params: customerIdParamsSchema,
        response: { 200: customerDetailResponseSchema, ...errors },
      },
    },
    async (request) => getCustomer(db, requireAuth(request), request.params.id),
  );

  app.put(
    '/api/Customers/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Change the fields given: editors all fields, the customer’s Account Manager only its contact details (403 otherwise)',
        params: customerIdParamsSchema,
        body: customerUpdateSchema,
        response: { 200: customerDetailResponseSchema, ...errors },
      },
    },
    async (request) => updateCustomer(db, requireAuth(request), request.params.id, request.body),
  );

  app.get(
    '/api/Customers/:id/overview',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Counts and latest items of each per-customer area, and the zone count (404 outside scope)',
        params: customerIdParamsSchema,
        response: { 200: customerOverviewSchema, ...errors },
      },
    },
    async (request) => getCustomerOverview(db, requireAuth(request), request.params.id),
  );

  await app.register(customerSettingsRoutes, { deps });
  await app.register(customerZoneRoutes, { deps });
  await app.register(customerTeamRoutes, { deps });
};
