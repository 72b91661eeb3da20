import type { Readable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema.js';
import { fileStoreFor } from './file-store-for-config.js';

/** A photo ready for a PDF page: JPEG bytes (pdfkit embeds JPEG and PNG only) and its size. */
export interface DocumentImage {
  data: Buffer;
  width: number;
  height: number;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * Images of stored files for a server-rendered document, by file id. Only decodable images with a
 * web-sized derivative (EXIF already stripped) are used; the rest (HEIC here, missing objects, any
 * read or decode failure) are left out of the map, so a document still renders without them. The
 * caller has already decided the reader may see these files.
 */
export async function documentImages(db: Pick<Db, 'select'>, config: Config, fileIds: readonly string[], maxSide = 1000): Promise<Map<string, DocumentImage>> {
  const result = new Map<string, DocumentImage>();
  if (fileIds.length === 0) return result;
  const rows = await db.select({ id: files.id, variants: files.variants }).from(files).where(inArray(files.id, [...fileIds]));
  const store = fileStoreFor(config);
  for (const row of rows) {
    const key = row.variants.web;
    if (!key) continue;
    try {
      const body = await store.get(key);
      if (!body) continue;
      const { data, info } = await sharp(await bytesOf(body))
        .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 78 })
        .toBuffer({ resolveWithObject: true });
      result.set(row.id, { data, width: info.width, height: info.height });
    } catch {
      // A photo that cannot be read is left out; the document says how many photos there are.
    }
  }
  return result;
}
