import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The device's offline store (decision 019), one IndexedDB database through `idb`:
 *   items   the outbox: one write (or a chain of writes) per item, in the order it was queued
 *   blobs   photos waiting to be uploaded, as downscaled blobs
 *   meta    small values: the working set's last refresh per user
 */
export type OutboxState = 'waiting' | 'conflict';

export interface OutboxPhoto {
  blobId: string;
  name: string;
  type: string;
  size: number;
  customerId?: string;
  /** Idempotency-Key of the upload: its retries store the file once. */
  key: string;
  /** The stored file's id once the upload was answered. */
  uploadedId?: string;
}

export interface OutboxStep {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** May hold `{{step:N}}` (the id answered by step N). */
  path: string;
  /** Strings `{{photo:N}}` become photo N's file id, `{{step:N}}` step N's answered id. */
  body?: unknown;
  key: string;
  done?: boolean;
  /** The id the step answered (for later steps). */
  resultId?: string;
}

export interface OutboxItem {
  /** Queue order (auto-increment). */
  seq?: number;
  id: string;
  /** Only this user's session sends it. */
  userId: string;
  /** What it is, for the list: an i18n key of the `offline` namespace under `kinds.`. */
  kind: string;
  /** The record it is about as people know it (a request number, a customer name). */
  subject: string;
  /** Screens ask "is anything waiting for this record?" with this, e.g. `serviceRequest:<id>`. */
  recordKey: string;
  /** Where the record is seen once sent. */
  link?: string;
  createdAt: string;
  photos: OutboxPhoto[];
  steps: OutboxStep[];
  state: OutboxState;
  attempts: number;
  lastError?: string;
  /** A final refusal by the server (the request was cancelled meanwhile, the report was returned …). */
  conflict?: { status: number; message: string };
}

export interface StoredBlob {
  id: string;
  blob: Blob;
}

interface OfflineSchema extends DBSchema {
  items: { key: number; value: OutboxItem; indexes: { byId: string } };
  blobs: { key: string; value: StoredBlob };
  meta: { key: string; value: unknown };
}

export const OFFLINE_DB_NAME = 'grove-offline';

let opening: Promise<IDBPDatabase<OfflineSchema>> | null = null;

export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opening ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, 1, {
    upgrade(db) {
      const items = db.createObjectStore('items', { keyPath: 'seq', autoIncrement: true });
      items.createIndex('byId', 'id', { unique: true });
      db.createObjectStore('blobs', { keyPath: 'id' });
      db.createObjectStore('meta');
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

export function offlineStoreAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}
