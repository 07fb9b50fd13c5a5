// npm run db:reset — drops every table, migrates again and seeds the demo data.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { describeDatabase } from '../db/describe';
import { runMigrations } from '../db/migrate';
import { createAppContext } from '../context';
import { seedDemoDataIfEmpty, seededAccountsLine } from '../seed/seed';

const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: config.DATA_DIR },
);
await database.db.execute(sql`drop schema if exists drizzle cascade`);
await database.db.execute(sql`drop schema if exists public cascade`);
await database.db.execute(sql`create schema public`);
await runMigrations(database);
const seeded = await seedDemoDataIfEmpty(createAppContext(config, database));
console.log(`Reset ${describeDatabase(config)}.${seeded ? ` ${seededAccountsLine(seeded)}` : ''}`);
await database.close();
