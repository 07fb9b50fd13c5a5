// A fresh database per test file, copied from a migrated template: PGlite in memory, or a
// new PostgreSQL database created from a template database on the test server.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client';
import { PG_TEMPLATE, PGLITE_TEMPLATE, postgresUrl, type TemplateName } from './templates';

const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export async function openTestDatabase(template: TemplateName = 'empty'): Promise<Database> {
  if (testDbKind === 'pglite') {
    return openDatabase({ kind: 'pglite-memory', loadDataDir: await templateDump(template) });
  }
  const name = `boats_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(`create database ${name} template ${PG_TEMPLATE[template]}`);
  const database = await openDatabase({ kind: 'postgres', url: postgresUrl(name), poolSize: 30 });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

// A worker reads each template once: its files share the module (isolate: false), and a Blob is
// only read by a copy, never changed, so every copy loads the same bytes. Reading the file and
// copying it into a new Blob for each copy cost about a tenth of the copy's CPU.
const dumps = new Map<TemplateName, Promise<Blob>>();
function templateDump(template: TemplateName): Promise<Blob> {
  let dump = dumps.get(template);
  if (!dump) {
    dump = readFile(PGLITE_TEMPLATE[template]).then((bytes) => new Blob([bytes]));
    dumps.set(template, dump);
  }
  return dump;
}

/** Template copies need exclusive access to the template, so creations are retried briefly. */
async function adminQuery(text: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: postgresUrl('postgres') });
    await client.connect();
    try {
      await client.query(text);
      return;
    } catch (err) {
      if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    } finally {
      await client.end();
    }
  }
}
