import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { cacheEpoch } from './schema.js';

/**
 * Versions of the in-process caches (decision 033): triggers of migration 0025 bump `scope` and
 * `reference` in the transaction that changes what they cover, so every process sees a change at
 * its commit. A signed-in call gets them with its session lookup (http/authenticate.ts).
 */
export interface CacheEpochs {
  scope: number;
  reference: number;
}

type Reader = Pick<Db, 'select'>;

/** The current versions (for callers without a signed-in call: jobs, exports in tests). */
export async function readCacheEpochs(db: Reader): Promise<CacheEpochs> {
  const [row] = await db.select({ scope: cacheEpoch.scope, reference: cacheEpoch.reference }).from(cacheEpoch).where(eq(cacheEpoch.id, 1));
  // No row: nothing can be trusted to be current; -1 never matches a cached entry's version.
  return row ?? { scope: -1, reference: -1 };
}

/**
 * A per-database memo for values built once per version: `get(db, version, load)` answers the
 * cached value while `version` is the one it was loaded at, otherwise loads anew (one load at a
 * time per database; callers of the same version share it). Keyed by the `Db` object, so each test
 * database and each process has its own.
 */
export class VersionedValue<T> {
  private readonly byDb = new WeakMap<object, { version: number; value: Promise<T> }>();

  async get(db: object, version: number, load: () => Promise<T>): Promise<T> {
    const found = this.byDb.get(db);
    if (found && found.version === version && version >= 0) return found.value;
    const value = load();
    this.byDb.set(db, { version, value });
    try {
      return await value;
    } catch (error) {
      // A failed load is not kept.
      if (this.byDb.get(db)?.value === value) this.byDb.delete(db);
      throw error;
    }
  }
}
