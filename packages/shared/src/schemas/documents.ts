import { z } from 'zod';
import { nameText } from '../text-rules.js';
import { idSchema, optionalText, pageQuerySchema } from './common.js';

/*
 * Customer documents (issue 12): contracts, insurance certificates, site plans, board minutes…
 * Each has versions (replacing the file keeps the old one); the file itself lives in the file service.
 *
 *   GET    /api/Documents?DocumentListQuery           → Page<DocumentSummary>   signed in, scoped
 *   GET    /api/Documents/{id}                        → DocumentDetail           signed in, scoped
 *   POST   /api/Documents                             DocumentCreate → DocumentDetail (201)
 *   PUT    /api/Documents/{id}                        DocumentUpdate → DocumentDetail
 *   POST   /api/Documents/{id}/versions               DocumentVersionCreate → DocumentDetail (201)
 *   DELETE /api/Documents/{id}                        → 204                      staff
 * Customer-side users see only `customer` documents of their own customer (staff-only ones are 404),
 * and what they upload is always visible to the customer.
 */

export const DOCUMENT_CATEGORIES = ['contract', 'insurance', 'site_plan', 'board_minutes', 'report', 'other'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** `staff`: Grove staff only; `customer`: staff and the customer's portal users. */
export const DOCUMENT_VISIBILITIES = ['staff', 'customer'] as const;
export type DocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];

export const DOCUMENT_LIMITS = { title: 160, description: 2000, note: 500 } as const;

export const DOCUMENT_SORTS = ['updated', '-updated', 'title', '-title', 'category', '-category'] as const;

export const documentListQuerySchema = pageQuerySchema.extend({
  customerId: idSchema.optional(),
  category: z.enum(DOCUMENT_CATEGORIES).optional(),
  visibility: z.enum(DOCUMENT_VISIBILITIES).optional(),
  sort: z.enum(DOCUMENT_SORTS).default('-updated'),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

export const documentIdParamsSchema = z.object({ id: idSchema });

const personSchema = z.object({ id: z.uuid(), name: z.string(), staff: z.boolean() });

export const documentFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  url: z.string(),
  thumbnailUrl: z.string().optional(),
  webUrl: z.string().optional(),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

export const documentSummarySchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  customerName: z.string(),
  title: z.string(),
  category: z.enum(DOCUMENT_CATEGORIES),
  visibility: z.enum(DOCUMENT_VISIBILITIES),
  version: z.number().int(),
  file: documentFileSchema,
  uploadedBy: personSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

export const documentVersionSchema = z.object({
  id: z.uuid(),
  version: z.number().int(),
  note: z.string().nullable(),
  file: documentFileSchema,
  uploadedBy: personSchema.nullable(),
  createdAt: z.string(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

export const DOCUMENT_ACTIONS = ['edit', 'replace', 'delete', 'changeVisibility'] as const;
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];

export const documentDetailSchema = documentSummarySchema.extend({
  description: z.string().nullable(),
  versions: z.array(documentVersionSchema),
  /** What the caller may do (the web shows exactly these buttons). */
  allowedActions: z.array(z.enum(DOCUMENT_ACTIONS)),
});
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

export const documentCreateSchema = z.object({
  customerId: idSchema,
  title: nameText(DOCUMENT_LIMITS.title),
  category: z.enum(DOCUMENT_CATEGORIES),
  /** Ignored for customer-side users: their uploads are always visible to the customer. */
  visibility: z.enum(DOCUMENT_VISIBILITIES).default('customer'),
  description: optionalText(DOCUMENT_LIMITS.description),
  /** An upload from `/api/Files/uploadFile` not yet attached to anything. */
  fileId: idSchema,
});
export type DocumentCreate = z.input<typeof documentCreateSchema>;

export const documentUpdateSchema = z.object({
  title: nameText(DOCUMENT_LIMITS.title),
  category: z.enum(DOCUMENT_CATEGORIES),
  visibility: z.enum(DOCUMENT_VISIBILITIES).optional(),
  description: optionalText(DOCUMENT_LIMITS.description),
});
export type DocumentUpdate = z.input<typeof documentUpdateSchema>;

export const documentVersionCreateSchema = z.object({
  fileId: idSchema,
  note: optionalText(DOCUMENT_LIMITS.note),
});
export type DocumentVersionCreate = z.input<typeof documentVersionCreateSchema>;
