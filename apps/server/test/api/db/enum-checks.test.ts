// Every text column that takes a list of values (its drizzle `enum`, read from the domain's list)
// has a CHECK in the migrated database allowing exactly that list: a hand-written migration, or a
// list changed in the domain without a migration, fails here (docs/architecture.md#workspaces-and-modules).
// On PGlite and PostgreSQL.
import { existsSync, readdirSync } from 'node:fs';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from '../../../src/db/schema';
import { openTestDatabase } from '../../helpers/test-database';

// The tables drizzle-kit reads (drizzle.config.ts): db/schema.ts, which re-exports each module's
// schema.ts. A module's table left out of it would be left out of every migration too.
const modules = new URL('../../../src/modules/', import.meta.url);
const moduleTables = (
  await Promise.all(
    readdirSync(modules)
      .map((name) => new URL(`${name}/schema.ts`, modules))
      .filter((file) => existsSync(file))
      .map((file) => import(file.href) as Promise<Record<string, unknown>>),
  )
)
  .flatMap((exports) => Object.values(exports))
  .filter((value): value is PgTable => is(value, PgTable));
const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

const database = await openTestDatabase('empty');
afterAll(() => database.close());

const result = await database.db.execute<{ table: string; def: string }>(sql`
  select c.conrelid::regclass::text as table, pg_get_constraintdef(c.oid) as def
  from pg_constraint c where c.contype = 'c'`);
const checks = (result as unknown as { rows: { table: string; def: string }[] }).rows;

/**
 * The value lists a table's CHECKs allow `column` to take: `column = ANY (ARRAY['a'::text, …])`,
 * or `column = 'a'::text` for a list of one (PostgreSQL writes `in ('a')` that way).
 */
function allowedLists(table: string, column: string): string[][] {
  const list = new RegExp(`\\(?\\b${column}\\b\\)? = ANY \\(+ARRAY\\[([^\\]]*)\\]`, 'g');
  const single = new RegExp(`\\(?\\b${column}\\b\\)? = ('[^']*'::text)`, 'g');
  return checks
    .filter((c) => c.table === table || c.table === `"${table}"`)
    .flatMap((c) => [...c.def.matchAll(list), ...c.def.matchAll(single)])
    .map((m) => [...(m[1] ?? '').matchAll(/'([^']*)'/g)].map((v) => v[1] ?? ''));
}

const enumColumns = tables.flatMap((table) =>
  table.columns
    .filter((column) => (column.enumValues?.length ?? 0) > 0)
    .map((column) => ({ table: table.name, column: column.name, values: column.enumValues ?? [] })),
);

describe('db/schema.ts', () => {
  it("re-exports every module's tables, so drizzle-kit and the client see them all", () => {
    const gathered = new Set<unknown>(Object.values(schema));
    expect(moduleTables.length).toBeGreaterThan(35);
    expect(
      moduleTables.filter((table) => !gathered.has(table)).map((table) => getTableConfig(table).name),
    ).toEqual([]);
  });
});

describe('the database allows exactly the domain lists', () => {
  it('finds the enum columns', () => {
    // bookings.status, payments.status, refunds.status, tickets.passenger_type, … (a handful at least)
    expect(enumColumns.length).toBeGreaterThan(20);
  });

  it.each(enumColumns.map((c) => [`${c.table}.${c.column}`, c] as const))('%s', (_, c) => {
    const lists = allowedLists(c.table, c.column);
    expect(lists.map((list) => [...list].sort())).toContainEqual([...c.values].sort());
  });
});
