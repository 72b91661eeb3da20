import { and, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema.js';
import type { FileStore } from './file-store.js';

const BATCH = 100;

/**
 * Deletes uploads never attached to anything and created before `olderThan` (a time, or an age in
 * milliseconds). Rows go first, each batch in one statement guarded by `attached_at is null`, so a
 * file attached meanwhile is kept; stored objects follow. A failed object delete leaves an orphan
 * object, never a row pointing at nothing. Returns how many files were removed.
 */
export async function cleanupUnattachedFiles(db: Db, store: FileStore, olderThan: Date | number): Promise<number> {
  const cutoff = typeof olderThan === 'number' ? new Date(Date.now() - olderThan) : olderThan;
  let removed = 0;
  for (;;) {
    const candidates = await db
      .select({ id: files.id })
      .from(files)
      .where(and(isNull(files.attachedAt), lt(files.createdAt, cutoff)))
      .orderBy(files.createdAt)
      .limit(BATCH);
    if (candidates.length === 0) break;
    const deleted = await db
      .delete(files)
      .where(
        and(
          inArray(
            files.id,
            candidates.map((row) => row.id),
          ),
          isNull(files.attachedAt),
        ),
      )
      .returning({ storageKey: files.storageKey, variants: files.variants });
    for (const row of deleted) {
      await Promise.allSettled([row.storageKey, ...Object.values(row.variants)].map((key) => store.delete(key)));
    }
    removed += deleted.length;
    if (candidates.length < BATCH) break;
  }
  return removed;
}
