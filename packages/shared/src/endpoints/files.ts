import { z } from 'zod';
import { defineEndpoint, fileAnswer } from '../contract.js';
import { errorResponseSchema, idSchema } from '../schemas/common.js';
import { fileContentQuerySchema, fileDetailSchema, fileIdParamsSchema, uploadedFileSchema } from '../schemas/files.js';

const tags = ['files'] as const;

/** The form of an upload: `customerId` first (checked before the bytes are read), then `file`. */
export const FILE_UPLOAD_FORM = { file: 'file', fields: z.object({ customerId: idSchema.optional() }) } as const;
const upload = FILE_UPLOAD_FORM;
const uploadErrors = { 413: errorResponseSchema, 415: errorResponseSchema };

/** `/api/Files/*` (spec §7): streamed uploads of photos and files, their metadata and content. */
export const FILES_ENDPOINTS = {
  uploadPhoto: defineEndpoint({
    method: 'POST',
    path: '/api/Files/uploadPhoto',
    access: 'authenticated',
    tags,
    summary: 'Upload a photo (JPEG, PNG, WebP, HEIC)',
    upload,
    response: uploadedFileSchema,
    status: 201,
    errors: uploadErrors,
  }),
  uploadFile: defineEndpoint({
    method: 'POST',
    path: '/api/Files/uploadFile',
    access: 'authenticated',
    tags,
    summary: 'Upload a document or image',
    upload,
    response: uploadedFileSchema,
    status: 201,
    errors: uploadErrors,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/Files/:id',
    access: 'authenticated',
    tags,
    summary: 'File metadata',
    params: fileIdParamsSchema,
    response: fileDetailSchema,
  }),
  content: defineEndpoint({
    method: 'GET',
    path: '/api/Files/:id/content',
    access: 'authenticated',
    tags,
    summary: 'File content (original, web or thumb); 304 when If-None-Match has its ETag',
    params: fileIdParamsSchema,
    query: fileContentQuerySchema,
    response: fileAnswer(['*/*'], 'The stored bytes, under their own Content-Type and file name'),
  }),
};
