import { sql } from 'drizzle-orm';
import { check, text, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Status and kind columns (docs/decisions/030-endpoint-contract-and-typed-data.md): the value list
 * lives once in `@grove/shared`; the column is typed by it (no casts when reading) and the database
 * refuses anything else through a CHECK constraint built from the same list. Adding a value to the
 * shared list changes the constraint, and `npm run db:generate` writes the migration for it.
 */
export function enumText<const V extends readonly [string, ...string[]]>(name: string, values: V) {
  return text(name, { enum: values });
}

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** CHECK (column in (…values)); NULL passes, so nullable columns keep their NULLs. */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  return check(name, sql`${column} in (${sql.raw(values.map(literal).join(', '))})`);
}

/** CHECK (column <@ array[…values]) for a text[] column whose every element must be one of the values. */
export function allOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  return check(name, sql`${column} <@ array[${sql.raw(values.map(literal).join(', '))}]::text[]`);
}
