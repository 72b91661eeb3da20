import { z } from 'zod';

/**
 * The file service (issue 3): what may be uploaded, how large, and the answers that go out.
 * The server decides from the content; the browser uses these lists only for fast feedback.
 */
export const FILE_KINDS = ['photo', 'file'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Defaults of PHOTO_MAX_BYTES / FILE_MAX_BYTES; an install may configure other limits. */
export const PHOTO_MAX_BYTES_DEFAULT = 20 * 1024 * 1024;
export const FILE_MAX_BYTES_DEFAULT = 50 * 1024 * 1024;
/** Decompression-bomb guard: images with more pixels than this are refused. */
export const IMAGE_MAX_PIXELS = 50_000_000;
export const THUMBNAIL_SIZE_PX = 320;
export const WEB_IMAGE_SIZE_PX = 1600;
/** Unattached uploads older than this are deleted. */
export const UNATTACHED_FILE_TTL_MS = 24 * 60 * 60 * 1000;
export const FILE_NAME_MAX_LENGTH = 200;

export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;

export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'text/csv',
  'text/plain',
] as const;

export const FILE_MIME_TYPES = [...DOCUMENT_MIME_TYPES, ...PHOTO_MIME_TYPES, 'image/gif'] as const;

/** For the browser's picker and pre-check (names can lie; the server reads the bytes). */
export const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif'] as const;
export const FILE_EXTENSIONS = [
  ...PHOTO_EXTENSIONS,
  '.gif',
  '.pdf',
  '.docx',
  '.xlsx',
  '.pptx',
  '.doc',
  '.xls',
  '.ppt',
  '.csv',
  '.txt',
] as const;

export const FILE_VARIANTS = ['original', 'web', 'thumb'] as const;
export type FileVariant = (typeof FILE_VARIANTS)[number];

/** What an upload answers, and what `GET /api/Files/{id}` answers. */
export const uploadedFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  url: z.string(),
  thumbnailUrl: z.string().optional(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const fileDetailSchema = uploadedFileSchema.extend({
  kind: z.enum(FILE_KINDS),
  webUrl: z.string().optional(),
  customerId: z.uuid().nullable(),
  attached: z.boolean(),
  createdAt: z.string(),
});
export type FileDetail = z.infer<typeof fileDetailSchema>;

export const fileIdParamsSchema = z.object({ id: z.uuid() });

export const fileContentQuerySchema = z.object({
  variant: z.enum(FILE_VARIANTS).default('original'),
  /** `1` forces `attachment` even for images. */
  download: z.enum(['0', '1']).optional(),
});
export type FileContentQuery = z.infer<typeof fileContentQuerySchema>;

export function maxBytesFor(kind: FileKind): number {
  return kind === 'photo' ? PHOTO_MAX_BYTES_DEFAULT : FILE_MAX_BYTES_DEFAULT;
}

export function acceptedExtensions(kind: FileKind): readonly string[] {
  return kind === 'photo' ? PHOTO_EXTENSIONS : FILE_EXTENSIONS;
}

export function acceptedMimeTypes(kind: FileKind): readonly string[] {
  return kind === 'photo' ? PHOTO_MIME_TYPES : FILE_MIME_TYPES;
}
