import { defineEndpoint, noContent } from '../contract.js';
import { pageOf } from '../schemas/common.js';
import {
  documentCreateSchema,
  documentDetailSchema,
  documentIdParamsSchema,
  documentListQuerySchema,
  documentSummarySchema,
  documentUpdateSchema,
  documentVersionCreateSchema,
} from '../schemas/documents.js';

const tags = ['documents'] as const;

/** `/api/Documents`: per-customer documents with versions; scope and visibility decided in the service. */
export const DOCUMENT_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/Documents',
    access: 'authenticated',
    tags,
    summary: 'Documents in the caller’s scope (customer users: only those shared with the customer)',
    query: documentListQuerySchema,
    response: pageOf(documentSummarySchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/Documents/:id',
    access: 'authenticated',
    tags,
    summary: 'A document with its versions',
    params: documentIdParamsSchema,
    response: documentDetailSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/Documents',
    access: 'authenticated',
    tags,
    summary: 'Add a document (the file uploaded first through /api/Files/uploadFile)',
    body: documentCreateSchema,
    response: documentDetailSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/Documents/:id',
    access: 'authenticated',
    tags,
    summary: 'Edit title, category, description; staff: visibility',
    params: documentIdParamsSchema,
    body: documentUpdateSchema,
    response: documentDetailSchema,
  }),
  addVersion: defineEndpoint({
    method: 'POST',
    path: '/api/Documents/:id/versions',
    access: 'authenticated',
    tags,
    summary: 'Replace the file; the old version is kept',
    params: documentIdParamsSchema,
    body: documentVersionCreateSchema,
    response: documentDetailSchema,
    status: 201,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/Documents/:id',
    access: 'staff',
    tags,
    summary: 'Delete a document and all its versions (staff)',
    params: documentIdParamsSchema,
    response: noContent,
  }),
};
