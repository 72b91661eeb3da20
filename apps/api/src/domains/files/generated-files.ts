import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileKind } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { detectContentType } from './detect-content-type.js';
import { sanitizeFileName } from './file-name.js';
import type { FileStore } from './file-store.js';
import { storageKeys } from './storage-keys.js';
import { recordStoredFile, type FileRow } from './upload-service.js';

export interface GeneratedFile {
  kind: FileKind;
  name: string;
  bytes: Buffer;
  userId: string;
  customerId: string | null;
  owner: { type: string; id: string; staffOnly: boolean };
}

/**
 * Stores a file the server made itself (demo photos and documents) through the same checks and
 * derivatives as an upload: the type comes from the bytes, the storage key from the server.
 */
export async function storeGeneratedFile(db: Pick<Db, 'insert'>, store: FileStore, file: GeneratedFile): Promise<FileRow> {
  const name = sanitizeFileName(file.name, file.kind);
  const mimeType = await detectContentType(file.bytes, { kind: file.kind, name, complete: true });
  if (!mimeType) throw new Error(`generated file "${name}" is not an accepted ${file.kind}`);
  const id = randomUUID();
  const keys = storageKeys(file.kind, id);
  await store.put(keys.original, Readable.from([file.bytes]), { contentType: 'application/octet-stream' });
  return recordStoredFile(db, store, {
    id,
    kind: file.kind,
    name,
    keys,
    mimeType,
    sizeBytes: file.bytes.length,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    userId: file.userId,
    customerId: file.customerId,
    owner: file.owner,
  });
}
