import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  folderCreateSchema,
  folderDeleteQuerySchema,
  folderDetailSchema,
  folderIdParamsSchema,
  folderListSchema,
  folderMoveSchema,
  folderTreeItemSchema,
  folderUpdateSchema,
  libraryFileListQuerySchema,
  libraryFileMoveSchema,
  libraryFileParamsSchema,
  libraryFileRenameSchema,
  libraryFileSchema,
  libraryFilesAddSchema,
  librarySearchQuerySchema,
  librarySearchResultSchema,
  pageOf,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
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

  app.get(
    '/api/folders',
    { config: staff, schema: { tags, summary: 'Top-level folders the caller sees', response: { 200: folderListSchema, ...errors } } },
    async (request) => listTopFolders(db, requireAuth(request)),
  );

  app.get(
    '/api/folders/tree',
    { config: staff, schema: { tags, summary: 'Every folder the caller sees, parents first (for pickers)', response: { 200: z.object({ data: z.array(folderTreeItemSchema) }), ...errors } } },
    async (request) => ({ data: await folderTree(db, requireAuth(request)) }),
  );

  app.get(
    '/api/folders/search',
    {
      config: staff,
      schema: { tags, summary: 'Folders and files whose name holds the text', querystring: librarySearchQuerySchema, response: { 200: librarySearchResultSchema, ...errors } },
    },
    async (request) => searchLibrary(db, requireAuth(request), request.query),
  );

  app.get(
    '/api/folders/:id',
    { config: staff, schema: { tags, summary: 'A folder: its path, subfolders and what the caller may do', params: folderIdParamsSchema, response: { 200: folderDetailSchema, ...errors } } },
    async (request) => getFolder(db, requireAuth(request), request.params.id),
  );

  app.get(
    '/api/folders/:id/files',
    {
      config: staff,
      schema: { tags, summary: 'Files of a folder, paged', params: folderIdParamsSchema, querystring: libraryFileListQuerySchema, response: { 200: pageOf(libraryFileSchema), ...errors } },
    },
    async (request) => listFolderFiles(db, requireAuth(request), request.params.id, request.query),
  );

  app.post(
    '/api/folders',
    { config: staff, schema: { tags, summary: 'Create a folder (role limits: library managers)', body: folderCreateSchema, response: { 201: folderDetailSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await createFolder(db, requireAuth(request), request.body)),
  );

  app.put(
    '/api/folders/:id',
    {
      config: staff,
      schema: { tags, summary: 'Rename a folder or change who sees it', params: folderIdParamsSchema, body: folderUpdateSchema, response: { 200: folderDetailSchema, ...errors } },
    },
    async (request) => updateFolder(db, requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/api/folders/:id/move',
    {
      config: staff,
      schema: { tags, summary: 'Move a folder (null: to the top level)', params: folderIdParamsSchema, body: folderMoveSchema, response: { 200: folderDetailSchema, ...errors } },
    },
    async (request) => moveFolder(db, requireAuth(request), request.params.id, request.body.parentId),
  );

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

  app.post(
    '/api/folders/:id/files',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Add uploaded files (from /api/Files/uploadFile, no customer) to a folder',
        params: folderIdParamsSchema,
        body: libraryFilesAddSchema,
        response: { 201: z.object({ data: z.array(libraryFileSchema) }), ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await addFiles(db, requireAuth(request), request.params.id, request.body.fileIds) }),
  );

  app.put(
    '/api/folders/:id/files/:fileId',
    {
      config: staff,
      schema: { tags, summary: 'Rename a library file', params: libraryFileParamsSchema, body: libraryFileRenameSchema, response: { 200: libraryFileSchema, ...errors } },
    },
    async (request) => renameFile(db, requireAuth(request), request.params.id, request.params.fileId, request.body.name),
  );

  app.post(
    '/api/folders/:id/files/:fileId/move',
    {
      config: staff,
      schema: { tags, summary: 'Move a library file to another folder', params: libraryFileParamsSchema, body: libraryFileMoveSchema, response: { 200: libraryFileSchema, ...errors } },
    },
    async (request) => moveFile(db, requireAuth(request), request.params.id, request.params.fileId, request.body.folderId),
  );

  app.delete(
    '/api/folders/:id/files/:fileId',
    { config: staff, schema: { tags, summary: 'Delete a library file', params: libraryFileParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteFile(db, requireAuth(request), request.params.id, request.params.fileId);
      return reply.status(204).send(null);
    },
  );
};
