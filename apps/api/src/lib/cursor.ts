import type { Writable } from 'node:stream';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/*
 * Exports of any size with flat memory (issue 15, decision 029). The export's ordered ids come from
 * a server-side cursor (`DECLARE … NO SCROLL CURSOR`, `FETCH n`) in a read-only transaction of its
 * own pooled connection on PostgreSQL; the caller loads each batch's rows by id and writes them out
 * before the next FETCH. The embedded database has one connection: a transaction held open while a
 * slow client downloads would stop every other request, so there the ids (one uuid column) are read
 * first and the rows follow in batches the same way.
 */

export type DatabaseKind = 'pglite' | 'postgres';

let cursorNumber = 0;

export async function forEachIdBatch(
  db: Db,
  kind: DatabaseKind,
  idsQuery: SQLWrapper & PromiseLike<{ id: string }[]>,
  onBatch: (ids: string[]) => Promise<void>,
  batchSize: number,
): Promise<number> {
  let total = 0;
  if (kind === 'pglite') {
    const ids = (await idsQuery).map((row) => row.id);
    for (let start = 0; start < ids.length; start += batchSize) {
      const batch = ids.slice(start, start + batchSize);
      total += batch.length;
      await onBatch(batch);
    }
    return total;
  }
  const name = sql.identifier(`grove_export_${process.pid}_${++cursorNumber}`);
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`declare ${name} no scroll cursor for ${idsQuery}`);
      for (;;) {
        const result = (await tx.execute(sql`fetch ${sql.raw(String(batchSize))} from ${name}`)) as unknown as { rows: { id: string }[] };
        if (result.rows.length === 0) break;
        total += result.rows.length;
        await onBatch(result.rows.map((row) => row.id));
        if (result.rows.length < batchSize) break;
      }
    },
    { accessMode: 'read only' },
  );
  return total;
}

/** Writes with backpressure: waits for `drain`; rejects when the reader went away. */
export async function writeChunk(out: Writable, chunk: string): Promise<void> {
  if (out.destroyed) throw new Error('export reader went away');
  if (out.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onClose = () => {
      cleanup();
      reject(new Error('export reader went away'));
    };
    const cleanup = () => {
      out.off('drain', onDrain);
      out.off('close', onClose);
    };
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}
