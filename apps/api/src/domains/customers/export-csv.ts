import type { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import type { CustomerListQuery, Language } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { branches, customers, regions } from '../../db/schema.js';
import { perLanguage } from '../../lib/i18n.js';
import { toLanguage } from '../../mail/language.js';
import { csvRow } from '../../lib/csv.js';
import { forEachIdBatch, writeChunk, type DatabaseKind } from '../../lib/cursor.js';
import type { ScopeUser } from '../scope/index.js';
import { listConditions, manager, openRequestCounts, sortExpressions, summaryColumns } from './service.js';

/*
 * `GET /api/Customers/export.csv`: the list's current filter and sort, every row (streamed),
 * headers in the caller's language. Cells go through csvCell, which
 * defuses formulas (CSV injection) and quotes per RFC 4180.
 */

const HEADERS: Record<Language, string[]> = perLanguage('server/customers:exportCsv.headers');

/**
 * Streams the CSV into `out` (flat memory, no row cap): the ordered ids through lib/cursor.ts, each
 * batch's rows and open-request counts by id. Returns the row count.
 */
export async function exportCustomersCsv(
  db: Db,
  kind: DatabaseKind,
  user: ScopeUser & { language: string },
  query: Omit<CustomerListQuery, 'page' | 'pageSize'>,
  out: Writable,
  batchSize = 500,
): Promise<number> {
  await writeChunk(out, `\uFEFF${csvRow(HEADERS[toLanguage(user.language)])}\r\n`);
  const ids = db.select({ id: customers.id }).from(customers).where(listConditions(user, query)).orderBy(...sortExpressions[query.sort]);
  const { openRequestCount: _count, ...columns } = summaryColumns;
  return forEachIdBatch(
    db,
    kind,
    ids,
    async (batch) => {
      const [rows, counts] = await Promise.all([
        db
          .select({ ...columns, addressLine2: customers.addressLine2 })
          .from(customers)
          .innerJoin(regions, eq(regions.id, customers.regionId))
          .innerJoin(branches, eq(branches.id, customers.branchId))
          .leftJoin(manager, eq(manager.id, customers.accountManagerId))
          .where(inArray(customers.id, batch)),
        openRequestCounts(db, batch),
      ]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      let chunk = '';
      for (const id of batch) {
        const row = byId.get(id);
        if (!row) continue;
        chunk += `${csvRow([
          row.name,
          row.accountNumber,
          row.type,
          row.status,
          [row.addressLine1, row.addressLine2].filter(Boolean).join(', '),
          row.city,
          row.state,
          row.postalCode,
          row.regionName,
          row.branchName,
          row.accountManagerName,
          counts.get(id) ?? 0,
        ])}\r\n`;
      }
      await writeChunk(out, chunk);
    },
    batchSize,
  );
}
