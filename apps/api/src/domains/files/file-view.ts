import type { FileDetail, UploadedFile } from '@grove/shared';
import type { FileRow } from './upload-service.js';

export function contentUrl(id: string, variant?: 'web' | 'thumb'): string {
  return `/api/Files/${id}/content${variant ? `?variant=${variant}` : ''}`;
}

/** The upload answer: only what the client needs to show and reference the file. */
export function toUploadedFile(row: FileRow): UploadedFile {
  return {
    id: row.id,
    name: row.originalName,
    mimeType: row.mimeType,
    size: row.sizeBytes,
    sha256: row.sha256,
    ...(row.width != null && row.height != null ? { width: row.width, height: row.height } : {}),
    url: contentUrl(row.id),
    ...(row.variants.thumb ? { thumbnailUrl: contentUrl(row.id, 'thumb') } : {}),
  };
}

/** Metadata for `GET /api/Files/{id}`. The EXIF position stays server-side (it is why images are stripped). */
export function toFileDetail(row: FileRow): FileDetail {
  return {
    ...toUploadedFile(row),
    kind: row.kind,
    ...(row.variants.web ? { webUrl: contentUrl(row.id, 'web') } : {}),
    customerId: row.customerId,
    attached: row.attachedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
