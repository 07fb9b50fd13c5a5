// The production start's database roles (docs/operating.md#database-roles): issued invoices and
// their records are kept whole by triggers, which the tables' owner or a superuser could switch
// off. A production start whose app role could do so is refused in one line naming the setting;
// with DATABASE_MIGRATION_URL the migrations run as the owner, which grants the app's role its
// reads and writes, and that role can neither switch the triggers off nor empty a table.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { appRoleUrl, spawnServer } from '../helpers/spawn-server';
import { openTestDatabase } from '../helpers/test-database';

const SECRET = 'a-production-secret-of-more-than-32-chars';

describe('the app runs as a role that cannot switch off the invoices’ triggers', () => {
  let database: Database;
  let ownerUrl: string;
  beforeAll(async () => {
    database = await openTestDatabase('empty');
    ownerUrl = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('refuses a production start as the tables’ owner, in one line naming DATABASE_MIGRATION_URL', async () => {
    const refused = spawnServer({
      env: { DATABASE_URL: ownerUrl, DATABASE_MIGRATION_URL: '', JWT_SECRET: SECRET },
      readyTimeoutMs: 120_000,
    });
    const error = await refused.then(
      () => new Error('started'),
      (err: Error) => err,
    );
    const lines = error.message
      .split('\n')
      .filter((line) => line.includes('Refusing to start in production'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/the database role postgres is a superuser/);
    expect(lines[0]).toContain('DATABASE_MIGRATION_URL');
  }, 150_000);

  it('migrates as the owner, serves as the app role, which may not alter, disable or empty a table', async () => {
    const appUrl = await appRoleUrl(ownerUrl);
    const server = await spawnServer({
      env: { DATABASE_URL: appUrl, DATABASE_MIGRATION_URL: ownerUrl, JWT_SECRET: SECRET },
      readyTimeoutMs: 120_000,
    });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      // The public fleet: the app role reads what the owner granted.
      expect((await fetch(`${server.url}/api/boats`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    const app = new pg.Client({ connectionString: appUrl });
    await app.connect();
    try {
      const refusal = (text: string) =>
        app.query(text).then(
          () => 'done',
          (err: { code?: string }) => err.code,
        );
      // insufficient_privilege: only the owner may alter a table or switch its triggers off.
      expect(await refusal('alter table billing_records disable trigger all')).toBe('42501');
      expect(await refusal('alter table owner_invoices disable trigger all')).toBe('42501');
      expect(await refusal('truncate billing_records')).toBe('42501');
      expect(await refusal('drop table audit_log')).toBe('42501');
      expect(await refusal('select count(*) from bookings')).toBe('done');
    } finally {
      await app.end();
    }
  }, 150_000);
});
