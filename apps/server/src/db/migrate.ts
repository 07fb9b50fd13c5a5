import { join } from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { SERVER_ROOT } from '../server-root';
import type { Database } from './client';

const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');

export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'postgres') {
    await migratePg(database.db as unknown as NodePgDatabase, config);
  } else {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
  }
}
