import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FILE_LIBRARY_ENDPOINTS, errorResponseSchema, folderDeleteQuerySchema, folderIdParamsSchema, libraryFileParamsSchema } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import {
  addFiles,
  createFolder,
  deleteFile,
  deleteFolder,
  folderTree,
  getFolder,
  listFolderFiles,
  listTopFolders,
  moveFile,
  moveFolder,
  renameFile,
  searchLibrary,
  updateFolder,
} from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const tags = ['file library'];
const staff = { access: 'staff' as const };

/** `/api/folders` (spec §7): the staff file library. */
export const fileLibraryRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  route(fastify, FILE_LIBRARY_ENDPOINTS.folders, (request) => listTopFolders(db, requireAuth(request)));

  route(fastify, FILE_LIBRARY_ENDPOINTS.tree, async (request) => ({ data: await folderTree(db, requireAuth(request)) }));

  route(fastify, FILE_LIBRARY_ENDPOINTS.search, (request) => searchLibrary(db, requireAuth(request), request.query));

  route(fastify, FILE_LIBRARY_ENDPOINTS.folder, (request) => getFolder(db, requireAuth(request), request.params.id));

  route(fastify, FILE_LIBRARY_ENDPOINTS.files, (request) => listFolderFiles(db, requireAuth(request), request.params.id, request.query));

  route(fastify, FILE_LIBRARY_ENDPOINTS.createFolder, (request) => createFolder(db, requireAuth(request), request.body));

  route(fastify, FILE_LIBRARY_ENDPOINTS.updateFolder, (request) => updateFolder(db, requireAuth(request), request.params.id, request.body));

  route(fastify, FILE_LIBRARY_ENDPOINTS.moveFolder, (request) => moveFolder(db, requireAuth(request), request.params.id, request.body.parentId));

  app.delete(
    '/api/folders/:id',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Delete a folder; one that is not empty needs confirm=true (library managers)',
        params: folderIdParamsSchema,
        querystring: folderDeleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteFolder(db, requireAuth(request), request.params.id, request.query.confirm === 'true');
      return reply.status(204).send(null);
    },
  );

  route(fastify, FILE_LIBRARY_ENDPOINTS.addFiles, async (request) => ({ data: await addFiles(db, requireAuth(request), request.params.id, request.body.fileIds) }));

  route(fastify, FILE_LIBRARY_ENDPOINTS.renameFile, (request) => renameFile(db, requireAuth(request), request.params.id, request.params.fileId, request.body.name));

  route(fastify, FILE_LIBRARY_ENDPOINTS.moveFile, (request) => moveFile(db, requireAuth(request), request.params.id, request.params.fileId, request.body.folderId));

  app.delete(
    '/api/folders/:id/files/:fileId',
    { config: staff, schema: { tags, summary: 'Delete a library file', params: libraryFileParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteFile(db, requireAuth(request), request.params.id, request.params.fileId);
      return reply.status(204).send(null);
    },
  );
};
