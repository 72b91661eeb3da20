import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Keys are chosen by the server (uuid-based, see `storageKeys`), never
 * by the client. The local folder is the default; S3-compatible storage is the scale-out path.
 */
export interface FileStore {
  /** Writes the stream under `key`. On any error (including the stream's) nothing stays behind. */
  put(key: string, body: Readable, options: { contentType: string }): Promise<void>;
  /** The stored bytes, or null when there is no such object. */
  get(key: string): Promise<Readable | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Server keys only: lower-case letters, digits, dots, dashes and slashes; no `..`, no leading slash. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').includes('..') || key.length > 512) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}
