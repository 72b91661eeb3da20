import type { FastifyPluginAsync } from 'fastify';
import { FILE_LIBRARY_ENDPOINTS } from '@grove/shared';
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

/** `/api/folders` (spec §7): the staff file library. */
export const fileLibraryRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const { db } = deps.database;

  route(fastify, FILE_LIBRARY_ENDPOINTS.folders, (request) => listTopFolders(db, requireAuth(request)));

  route(fastify, FILE_LIBRARY_ENDPOINTS.tree, async (request) => ({ data: await folderTree(db, requireAuth(request)) }));

  route(fastify, FILE_LIBRARY_ENDPOINTS.search, (request) => searchLibrary(db, requireAuth(request), request.query));

  route(fastify, FILE_LIBRARY_ENDPOINTS.folder, (request) => getFolder(db, requireAuth(request), request.params.id));

  route(fastify, FILE_LIBRARY_ENDPOINTS.files, (request) => listFolderFiles(db, requireAuth(request), request.params.id, request.query));

  route(fastify, FILE_LIBRARY_ENDPOINTS.createFolder, (request) => createFolder(db, requireAuth(request), request.body));

  route(fastify, FILE_LIBRARY_ENDPOINTS.updateFolder, (request) => updateFolder(db, requireAuth(request), request.params.id, request.body));

  route(fastify, FILE_LIBRARY_ENDPOINTS.moveFolder, (request) => moveFolder(db, requireAuth(request), request.params.id, request.body.parentId));

  route(fastify, FILE_LIBRARY_ENDPOINTS.deleteFolder, async (request) => {
    await deleteFolder(db, requireAuth(request), request.params.id, request.query.confirm === 'true');
  });

  route(fastify, FILE_LIBRARY_ENDPOINTS.addFiles, async (request) => ({ data: await addFiles(db, requireAuth(request), request.params.id, request.body.fileIds) }));

  route(fastify, FILE_LIBRARY_ENDPOINTS.renameFile, (request) => renameFile(db, requireAuth(request), request.params.id, request.params.fileId, request.body.name));

  route(fastify, FILE_LIBRARY_ENDPOINTS.moveFile, (request) => moveFile(db, requireAuth(request), request.params.id, request.params.fileId, request.body.folderId));

  route(fastify, FILE_LIBRARY_ENDPOINTS.deleteFile, async (request) => {
    await deleteFile(db, requireAuth(request), request.params.id, request.params.fileId);
  });
};
