import type { Readable } from 'node:stream';
import type { FileVariant } from '@grove/shared';
import { notFound } from '../../http/errors.js';
import { withExtension } from './file-name.js';
import type { FileStore } from './file-store.js';
import { strippedOriginal } from './image-derivatives.js';
import type { FileRow } from './upload-service.js';

export interface FileContent {
  body: Readable | Buffer;
  mimeType: string;
  name: string;
  /** Known for stored originals; derived bodies set their own. */
  size?: number;
}

/** Changes whenever the served bytes would: the content hash plus what we do to it. */
export function contentEtag(file: FileRow, variant: FileVariant): string {
  if (variant !== 'original') return `"${file.sha256}-${variant}"`;
  return file.variants.web ? `"${file.sha256}-stripped"` : `"${file.sha256}"`;
}

/**
 * The bytes to serve for a variant. Decodable images (those with derivatives) are never served as
 * uploaded: `original` is re-encoded at full size without EXIF, so the position is not given away.
 * Files without derivatives (documents, HEIC here) are served as stored.
 */
export async function openFileContent(store: FileStore, file: FileRow, variant: FileVariant): Promise<FileContent> {
  if (variant !== 'original') {
    const key = file.variants[variant];
    const body = key ? await store.get(key) : null;
    if (!body) throw notFound();
    return { body, mimeType: 'image/webp', name: withExtension(file.originalName, 'webp') };
  }
  const body = await store.get(file.storageKey);
  if (!body) throw notFound();
  if (file.variants.web) {
    const stripped = await strippedOriginal(body, file.mimeType);
    return { body: stripped, mimeType: file.mimeType, name: file.originalName, size: stripped.length };
  }
  return { body, mimeType: file.mimeType, name: file.originalName, size: file.sizeBytes };
}
