import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FileKind } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { SNIFF_BYTES, detectContentType, isHeif, isImageType } from './detect-content-type.js';
import { sanitizeFileName } from './file-name.js';
import type { FileStore } from './file-store.js';
import { ImageTooLargeError, ImageUnreadableError, processImage } from './image-derivatives.js';
import { storageKeys } from './storage-keys.js';
import { imageTooManyPixels, unreadableImage, unsupportedContent, uploadTooLarge } from './upload-errors.js';
import { UploadInspector } from './upload-inspector.js';

export type FileRow = typeof files.$inferSelect;

export interface UploadRequest {
  kind: FileKind;
  part: MultipartFile;
  userId: string;
  customerId: string | null;
  maxBytes: number;
}

/**
 * Streams one uploaded file into storage: bytes counted against the limit, SHA-256 computed and
 * the type decided from the first bytes on the way, so only one chunk plus a 64 KB sample is ever
 * in memory. Photos (and images sent as files) then get their derivatives. Any refusal removes
 * what was stored.
 */
export async function storeUpload(db: Db, store: FileStore, request: UploadRequest): Promise<FileRow> {
  const { kind, part, maxBytes } = request;
  const id = randomUUID();
  const name = sanitizeFileName(part.filename, kind);
  const keys = storageKeys(kind, id);
  let mimeType: string | null = null;

  const inspector = new UploadInspector({
    maxBytes,
    sniffBytes: SNIFF_BYTES,
    onTooLarge: () => uploadTooLarge(kind, maxBytes),
    check: async (head, complete) => {
      mimeType = await detectContentType(head, { kind, name, complete });
      if (!mimeType) throw unsupportedContent(kind);
    },
  });
  // busboy stops at the limit and discards the rest of the file; we stop storing at once.
  part.file.once('limit', () => inspector.destroy(uploadTooLarge(kind, maxBytes)));
  part.file.once('error', (error) => inspector.destroy(error));
  part.file.once('close', () => {
    if (!part.file.readableEnded) inspector.destroy(new HttpError(400, 'The upload was interrupted.'));
  });
  // The check may fail before the store starts reading (it awaits a folder, a connection…);
  // store.put still sees the error through the stream's errored state.
  inspector.on('error', () => undefined);
  part.file.pipe(inspector);

  try {
    await store.put(keys.original, inspector, { contentType: 'application/octet-stream' });
  } catch (error) {
    part.file.unpipe(inspector);
    if (error instanceof HttpError) throw error;
    if (part.file.truncated) throw uploadTooLarge(kind, maxBytes);
    throw error;
  }
  if (part.file.truncated) {
    await store.delete(keys.original);
    throw uploadTooLarge(kind, maxBytes);
  }
  const type = mimeType as string | null;
  if (!type) {
    await store.delete(keys.original);
    throw unsupportedContent(kind);
  }

  try {
    return await recordStoredFile(db, store, { id, kind, name, keys, mimeType: type, sizeBytes: inspector.bytes, sha256: inspector.sha256, userId: request.userId, customerId: request.customerId });
  } catch (error) {
    if (error instanceof ImageTooLargeError) throw imageTooManyPixels();
    if (error instanceof ImageUnreadableError) throw unreadableImage();
    throw error;
  }
}

export interface StoredOriginal {
  id: string;
  kind: FileKind;
  name: string;
  keys: ReturnType<typeof storageKeys>;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
  userId: string;
  customerId: string | null;
  /** Set for files the server makes for a record it owns (demo data): attached at once. */
  owner?: { type: string; id: string; staffOnly: boolean };
}

/**
 * The second half of every stored file, uploaded or made by the server: the original is in the
 * store; images get their derivatives, then the row is written. On failure, what was stored goes.
 */
export async function recordStoredFile(db: Pick<Db, 'insert'>, store: FileStore, original: StoredOriginal): Promise<FileRow> {
  const { id, kind, keys, mimeType: type } = original;
  const stored: string[] = [keys.original];
  try {
    const row: typeof files.$inferInsert = {
      id,
      kind,
      originalName: original.name,
      storageKey: keys.original,
      mimeType: type,
      sizeBytes: original.sizeBytes,
      sha256: original.sha256,
      uploadedBy: original.userId,
      customerId: original.customerId,
      ...(original.owner ? { ownerType: original.owner.type, ownerId: original.owner.id, attachedAt: new Date(), staffOnly: original.owner.staffOnly } : {}),
    };
    if (isImageType(type)) {
      const input = await store.get(keys.original);
      if (!input) throw new Error('stored upload vanished');
      const image = await processImage(input, { undecodableOk: isHeif(type) });
      row.width = image.width ?? null;
      row.height = image.height ?? null;
      row.latitude = image.gps?.latitude ?? null;
      row.longitude = image.gps?.longitude ?? null;
      if (image.derivatives) {
        await store.put(keys.web, Readable.from([image.derivatives.web]), { contentType: 'image/webp' });
        stored.push(keys.web);
        await store.put(keys.thumb, Readable.from([image.derivatives.thumb]), { contentType: 'image/webp' });
        stored.push(keys.thumb);
        row.variants = { web: keys.web, thumb: keys.thumb };
      }
    }
    const [inserted] = await db.insert(files).values(row).returning();
    return inserted!;
  } catch (error) {
    await Promise.allSettled(stored.map((key) => store.delete(key)));
    throw error;
  }
}
