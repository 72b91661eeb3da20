import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, getTableColumns, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceRequest } from '../domains/service-requests/test-factories.js';
import { createCustomer, createUser } from '../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';
import * as core from './schema.js';
import { customers, serviceRequests } from './schema.js';

/** Every table of the app: the core schema and each domain's tables.ts (as drizzle-kit reads them). */
async function allTables(): Promise<PgTable[]> {
  const domains = join(import.meta.dirname, '..', 'domains');
  const modules: Record<string, unknown>[] = [core];
  for (const entry of readdirSync(domains, { withFileTypes: true })) {
    const name = entry.name;
    if (entry.isDirectory() && readdirSync(join(domains, name)).includes('tables.ts')) modules.push((await import(join(domains, name, 'tables.ts'))) as Record<string, unknown>);
  }
  return [...new Set(modules.flatMap((m) => Object.values(m).filter((value): value is PgTable => is(value, PgTable))))];
}

const errorCode = (error: unknown) => {
  let current = error as { code?: string; cause?: unknown } | undefined;
  while (current && !current.code) current = current.cause as typeof current;
  return current?.code;
};

describe(`typed status and kind columns (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('every column typed with a value list has a CHECK constraint naming exactly those values', async () => {
    const { rows } = await ctx.database.db.execute<{ table: string; definition: string }>(
      sql`select conrelid::regclass::text as table, pg_get_constraintdef(oid) as definition from pg_constraint where contype = 'c'`,
    );
    const tables = await allTables();
    let typed = 0;
    for (const table of tables) {
      const { name } = getTableConfig(table);
      for (const column of Object.values(getTableColumns(table))) {
        if (!column.enumValues?.length || column.columnType !== 'PgText') continue;
        typed += 1;
        const checks = rows.filter((row) => row.table.replaceAll('"', '') === name && row.definition.includes(column.name));
        expect(checks, `${name}.${column.name} has no CHECK constraint`).not.toHaveLength(0);
        const listed = checks.flatMap((row) => [...row.definition.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replaceAll("''", "'")));
        expect(new Set(listed), `${name}.${column.name}`).toEqual(new Set(column.enumValues));
      }
    }
    expect(typed).toBeGreaterThan(20);
  });

  it('refuses a status or kind outside its list (check violation), and takes one inside it', async () => {
    const customer = await createCustomer(ctx);
    const resident = await createUser(ctx, { roles: ['Resident'] });
    const request = await createServiceRequest(ctx.database.db, { customerId: customer.id, requesterId: resident.id });

    const refused = async (statement: Promise<unknown>) => {
      const error = await statement.then(
        () => null,
        (e: unknown) => e,
      );
      expect(errorCode(error)).toBe('23514');
    };
    await refused(ctx.database.db.execute(sql`update service_requests set status = 'on_hold' where id = ${request.id}`));
    await refused(ctx.database.db.execute(sql`update customers set status = 'archived' where id = ${customer.id}`));
    await refused(ctx.database.db.execute(sql`update customers set type = 'HOA' where id = ${customer.id}`));
    await refused(ctx.database.db.execute(sql`insert into service_request_events (request_id, kind) values (${request.id}, 'note')`));

    await ctx.database.db.update(serviceRequests).set({ status: 'acknowledged' }).where(eq(serviceRequests.id, request.id));
    await ctx.database.db.update(customers).set({ status: 'inactive' }).where(eq(customers.id, customer.id));
    const [row] = await ctx.database.db.select({ status: serviceRequests.status }).from(serviceRequests).where(eq(serviceRequests.id, request.id));
    expect(row?.status).toBe('acknowledged');
  });
});
