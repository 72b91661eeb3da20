import multipart, { type Multipart } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { FILE_UPLOAD_FORM, FILES_ENDPOINTS, validationText, type FileKind } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { files } from '../../db/schema.js';
import { requireAuth } from '../../http/authenticate.js';
import { route, type EndpointRequest } from '../../http/endpoint.js';
import { HttpError, badRequest, notFound } from '../../http/errors.js';
import { assertCustomerInScope } from '../scope/index.js';
import { contentEtag, openFileContent } from './content-service.js';
import { contentDisposition } from './content-disposition.js';
import { fileStoreFor } from './file-store-for-config.js';
import { toFileDetail, toUploadedFile } from './file-view.js';
import { assertCanReadFile } from './policy.js';
import { discardRequestBody } from './discard-request-body.js';
import { storeUpload } from './upload-service.js';

/**
 * `/api/Files/*` (spec §7): streamed uploads of photos and files, their metadata and content,
 * registered from the shared contract (packages/shared/src/endpoints/files.ts).
 */
export const fileRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const store = fileStoreFor(deps.config);

  // Registered here so only these routes parse multipart; per-route limits are passed to file().
  await app.register(multipart, {
    limits: { fileSize: deps.config.fileMaxBytes, files: 1, fields: 4, fieldSize: 200, parts: 6, headerPairs: 20 },
  });

  /** Fields sent before the file are readable here; the widget sends customerId first. */
  function readCustomerId(field: Multipart | Multipart[] | undefined): string | null {
    const raw = field && !Array.isArray(field) && field.type === 'field' ? field.value : undefined;
    if (raw === undefined || raw === '') return null;
    const parsed = FILE_UPLOAD_FORM.fields.safeParse({ customerId: raw });
    if (!parsed.success || !parsed.data.customerId) throw badRequest({ customerId: [validationText('invalid')] });
    return parsed.data.customerId.toLowerCase();
  }

  const upload = (kind: FileKind) => async (request: EndpointRequest<typeof FILES_ENDPOINTS.uploadFile>) => {
    const user = requireAuth(request);
    if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data in the field "file".');
    const maxBytes = kind === 'photo' ? deps.config.photoMaxBytes : deps.config.fileMaxBytes;
    const part = await request.file({ limits: { fileSize: maxBytes } });
    try {
      if (!part || part.fieldname !== 'file') throw badRequest({ file: [validationText('required')] });
      const customerId = readCustomerId(part.fields.customerId);
      if (customerId) await assertCustomerInScope(db, user, customerId);
      const row = await storeUpload(db, store, { kind, part, userId: user.id, customerId, maxBytes });
      return toUploadedFile(row);
    } catch (error) {
      await discardRequestBody(request.raw, maxBytes * 4);
      throw error;
    }
  };

  route(app, FILES_ENDPOINTS.uploadPhoto, upload('photo'));
  route(app, FILES_ENDPOINTS.uploadFile, upload('file'));

  async function loadReadable(request: FastifyRequest, id: string) {
    const user = requireAuth(request);
    const [file] = await db.select().from(files).where(eq(files.id, id)).limit(1);
    if (!file) throw notFound();
    await assertCanReadFile(db, user, file);
    return file;
  }

  route(app, FILES_ENDPOINTS.detail, async (request) => toFileDetail(await loadReadable(request, request.params.id)));

  route(app, FILES_ENDPOINTS.content, async (request, reply) => {
    const file = await loadReadable(request, request.params.id);
    const { variant, download } = request.query;
    const inline = download !== '1' && (variant !== 'original' || ['image/jpeg', 'image/png', 'image/webp', 'image/gif'].includes(file.mimeType));
    const etag = contentEtag(file, variant);
    void reply
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      // A stored file is never a page of ours: no scripts, no plugins, even if a browser renders it.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const content = await openFileContent(store, file, variant);
    const type = content.mimeType.startsWith('text/') ? `${content.mimeType}; charset=utf-8` : content.mimeType;
    void reply.header('content-type', type).header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', content.name));
    if (content.size !== undefined) void reply.header('content-length', String(content.size));
    return reply.send(content.body);
  });
};
