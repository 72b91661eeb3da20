import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_ENDPOINTS, documentIdParamsSchema, errorResponseSchema } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { addVersion, createDocument, deleteDocument, getDocument, listDocuments, updateDocument } from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['documents'];

/** `/api/Documents`: per-customer documents with versions; scope and visibility decided in the service. */
export const documentRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  route(fastify, DOCUMENT_ENDPOINTS.list, (request) => listDocuments(db, requireAuth(request), request.query));

  route(fastify, DOCUMENT_ENDPOINTS.get, (request) => getDocument(db, requireAuth(request), request.params.id));

  route(fastify, DOCUMENT_ENDPOINTS.create, (request) => createDocument(db, requireAuth(request), request.body));

  route(fastify, DOCUMENT_ENDPOINTS.update, (request) => updateDocument(db, requireAuth(request), request.params.id, request.body));

  route(fastify, DOCUMENT_ENDPOINTS.addVersion, (request) => addVersion(db, requireAuth(request), request.params.id, request.body));

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
