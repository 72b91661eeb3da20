import { join } from 'node:path';
import type { Config } from '../../config.js';
import type { FileStore } from './file-store.js';
import { createLocalFileStore } from './local-file-store.js';
import { createS3FileStore } from './s3-file-store.js';

const stores = new WeakMap<Config, FileStore>();

/** One store per configuration, shared by the routes and the cleanup job. */
export function fileStoreFor(config: Config): FileStore {
  let store = stores.get(config);
  if (!store) {
    store = config.s3 ? createS3FileStore(config.s3) : createLocalFileStore(join(config.dataDir, 'files'));
    stores.set(config, store);
  }
  return store;
}
