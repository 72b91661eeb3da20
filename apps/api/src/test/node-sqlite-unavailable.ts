/**
 * Stand-in for `node:sqlite` (Node 22+) on Node 20, for fauxqs: the S3 protocol server of the S3
 * store tests imports it at load time for its optional persistence, which the tests never use.
 */
export class DatabaseSync {
  constructor() {
    throw new Error('node:sqlite is not available on this Node version (fauxqs persistence is not used in tests)');
  }
}
