import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';

export function seedDemoData(_db: Db, _options: { password: string; log: FastifyBaseLogger }): Promise<boolean> {
  return Promise.resolve(false);
}
