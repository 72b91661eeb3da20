import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentCreateSchema,
  documentDetailSchema,
  documentIdParamsSchema,
  documentListQuerySchema,
  documentSummarySchema,
  documentUpdateSchema,
  documentVersionCreateSchema,
  errorResponseSchema,
  pageOf,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { addVersion, createDocument, deleteDocument, getDocument, listDocuments, updateDocument } from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['documents'];

/** `/api/Documents`: per-customer documents with versions; scope and visibility decided in the service. */
export const documentRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/Documents',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Documents in the caller’s scope (customer users: only those shared with the customer)', querystring: documentListQuerySchema, response: { 200: pageOf(documentSummarySchema), ...errors } },
    },
    async (request) => listDocuments(db, requireAuth(request), request.query),
  );

  app.get(
    '/api/Documents/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'A document with its versions', params: documentIdParamsSchema, response: { 200: documentDetailSchema, ...errors } },
    },
    async (request) => getDocument(db, requireAuth(request), request.params.id),
  );

  app.post(
    '/api/Documents',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Add a document (the file uploaded first through /api/Files/uploadFile)', body: documentCreateSchema, response: { 201: documentDetailSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createDocument(db, requireAuth(request), request.body)),
  );

  app.put(
    '/api/Documents/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Edit title, category, description; staff: visibility', params: documentIdParamsSchema, body: documentUpdateSchema, response: { 200: documentDetailSchema, ...errors } },
    },
    async (request) => updateDocument(db, requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/api/Documents/:id/versions',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Replace the file; the old version is kept', params: documentIdParamsSchema, body: documentVersionCreateSchema, response: { 201: documentDetailSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await addVersion(db, requireAuth(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/Documents/:id',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Delete a document and all its versions (staff)', params: documentIdParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteDocument(db, requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
