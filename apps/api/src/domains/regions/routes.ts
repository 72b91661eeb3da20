import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  branchCreateSchema,
  branchListQuerySchema,
  branchListSchema,
  branchSchema,
  branchUpdateSchema,
  errorResponseSchema,
  regionIdParamsSchema,
  regionListSchema,
  regionSchema,
  regionWriteSchema,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { assertCan } from './policy.js';
import { createBranch, createRegion, listBranches, listRegions, updateBranch, updateRegion } from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const tags = ['regions'];

/** Regions and branches: every staff member reads them (filters, forms); only System Admin edits them. */
export const regionRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const systemAdminOnly = async (request: Parameters<typeof requireAuth>[0]) => assertCan(requireAuth(request), 'manage');

  app.get(
    '/api/Regions',
    { config: { access: 'staff' }, schema: { tags, summary: 'All regions', response: { 200: regionListSchema, ...errors } } },
    async () => ({ data: await listRegions(db) }),
  );

  app.post(
    '/api/Regions',
    {
      config: { access: 'staff' },
      preValidation: systemAdminOnly,
      schema: { tags, summary: 'Create a region (System Admin)', body: regionWriteSchema, response: { 201: regionSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createRegion(db, request.body)),
  );

  app.put(
    '/api/Regions/:id',
    {
      config: { access: 'staff' },
      preValidation: systemAdminOnly,
      schema: { tags, summary: 'Rename a region (System Admin)', params: regionIdParamsSchema, body: regionWriteSchema, response: { 200: regionSchema, ...errors } },
    },
    async (request) => updateRegion(db, request.params.id, request.body),
  );

  app.get(
    '/api/Branches',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'All branches, optionally of one region', querystring: branchListQuerySchema, response: { 200: branchListSchema, ...errors } },
    },
    async (request) => ({ data: await listBranches(db, request.query.regionId) }),
  );

  app.post(
    '/api/Branches',
    {
      config: { access: 'staff' },
      preValidation: systemAdminOnly,
      schema: { tags, summary: 'Create a branch (System Admin)', body: branchCreateSchema, response: { 201: branchSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createBranch(db, request.body)),
  );

  app.put(
    '/api/Branches/:id',
    {
      config: { access: 'staff' },
      preValidation: systemAdminOnly,
      schema: {
        tags,
        summary: 'Change a branch (System Admin); moving it to another region moves its customers',
        params: regionIdParamsSchema,
        body: branchUpdateSchema,
        response: { 200: branchSchema, ...errors },
      },
    },
    async (request) => updateBranch(db, request.params.id, request.body),
  );
};
