import type { FastifyPluginAsync } from 'fastify';
import { DOCUMENT_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { addVersion, createDocument, deleteDocument, getDocument, listDocuments, updateDocument } from './service.js';

/** `/api/Documents`: per-customer documents with versions; scope and visibility decided in the service. */
export const documentRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const { db } = deps.database;

  route(fastify, DOCUMENT_ENDPOINTS.list, (request) => listDocuments(db, requireAuth(request), request.query));

  route(fastify, DOCUMENT_ENDPOINTS.get, (request) => getDocument(db, requireAuth(request), request.params.id));

  route(fastify, DOCUMENT_ENDPOINTS.create, (request) => createDocument(db, requireAuth(request), request.body));

  route(fastify, DOCUMENT_ENDPOINTS.update, (request) => updateDocument(db, requireAuth(request), request.params.id, request.body));

  route(fastify, DOCUMENT_ENDPOINTS.addVersion, (request) => addVersion(db, requireAuth(request), request.params.id, request.body));

  route(fastify, DOCUMENT_ENDPOINTS.delete, async (request) => {
    await deleteDocument(db, requireAuth(request), request.params.id);
  });
};
