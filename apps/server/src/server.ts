// The process entry: read config, open and migrate the database, seed demo data on an empty
// database, listen, and shut down gracefully.
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { currentRole, grantAppRole, roleCanAlterTables } from './db/roles';
import { sealPlainTotpSecrets } from './modules/auth/totp-secret-box';
import { describeDatabase } from './db/describe';
import { startBackgroundJobs } from './modules/jobs/background-jobs';
import { aeatWebService, soapTaxAuthority } from './modules/verifactu/aeat-connection';
import type { TaxAuthority } from './modules/verifactu/tax-authority';
import { createMetrics } from './modules/metrics/metrics';
import { createAppContext } from './context';
import { startTracing } from './tracing/start-tracing';
import { accountsWithDemoPassword, demoResellerKeyWorks } from './seed/demo-password-check';
import { seedDemoDataIfEmpty, seededAccountsLine } from './seed/seed';

/**
 * Migrates the database: over the owner's connection when DATABASE_MIGRATION_URL names one, which
 * then grants the app's role its reads and writes (db/roles.ts), else over the app's own.
 */
async function migrate(database: Database, ownerUrl: string | undefined): Promise<void> {
  if (!ownerUrl) return runMigrations(database);
  const owner = await openDatabase({ kind: 'postgres', url: ownerUrl, poolSize: 1 });
  try {
    await runMigrations(owner);
    await grantAppRole(owner.db, await currentRole(database.db));
  } finally {
    await owner.close();
  }
}

/**
 * Where the billing records go (docs/invoicing.md#configuration): the AEAT's web service of
 * AEAT_ENVIRONMENT with the company's certificate (AEAT_CERT_PATH, AEAT_CERT_PASSWORD), or, in the
 * demo and in development without a certificate, a local fake AEAT started with the server. The
 * production start never loads the fake (decision 31): without a certificate (test bookings,
 * PAYMENTS=sandbox; config.ts refuses it otherwise) its records are kept and not sent.
 */
async function openTaxAuthority(
  config: Config,
  /** The app's clock, which the fake AEAT keeps as its own. */
  now: () => Date,
): Promise<{ authority: TaxAuthority | null; close(): Promise<void> }> {
  if (config.AEAT_CERT_PATH) {
    return { authority: aeatWebService(config, config.AEAT_CERT_PATH), close: async () => {} };
  }
  if (config.NODE_ENV === 'production') {
    return { authority: null, close: async () => {} };
  }
  // Imported here only, so a production process never loads it.
  const { startFakeAeat } = await import('./dev/fake-aeat');
  const fake = await startFakeAeat({ unknownNifs: config.FAKE_AEAT_UNKNOWN_NIFS, now });
  return {
    authority: soapTaxAuthority({
      url: fake.url,
      where: `the local fake AEAT at ${fake.url} (no AEAT_CERT_PATH: nothing reaches the AEAT)`,
    }),
    close: () => fake.close(),
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Before the database opens, so its statements are traced; unset, no tracing code is loaded.
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT ? await startTracing() : undefined;
  let database: Database;
  try {
    database = await openDatabase(
      config.DATABASE_URL
        ? { kind: 'postgres', url: config.DATABASE_URL }
        : { kind: 'pglite', dataDir: config.DATA_DIR },
    );
    await migrate(database, config.DATABASE_MIGRATION_URL);
    // The data half: authenticator secrets stored before they were encrypted are sealed now.
    await sealPlainTotpSecrets(database.db, config.totpKey);
  } catch (err) {
    throw new StartupError(
      `Cannot open the database (${describeDatabase(config)}): ${(err as Error).message}`,
    );
  }

  const ctx = createAppContext(config, database);
  const production = config.NODE_ENV === 'production';
  const seeded = config.SEED_DEMO_DATA ? await seedDemoDataIfEmpty(ctx) : undefined;
  if (production) {
    const exposed = await accountsWithDemoPassword(database.db);
    if (exposed.length > 0) {
      await database.close();
      throw new StartupError(
        `Refusing to start in production: ${exposed.join(', ')} still signs in with a published demo password. ` +
          'Set a new one with `npm run admin:create -- --email <e-mail>`.',
      );
    }
    // The app's role must not be able to switch off the triggers that keep invoices whole.
    const power = database.kind === 'postgres' ? await roleCanAlterTables(database.db) : null;
    if (power) {
      await database.close();
      throw new StartupError(
        `Refusing to start in production: ${power}, so the app could switch off the triggers that keep ` +
          'issued invoices and their records unchanged. Set DATABASE_MIGRATION_URL to the owner (it runs the ' +
          "migrations and grants the app's role what it needs) and DATABASE_URL to a role that owns nothing " +
          '(docs/operating.md#database-roles).',
      );
    }
    if (await demoResellerKeyWorks(database.db)) {
      await database.close();
      throw new StartupError(
        "Refusing to start in production: the demo reseller's published OCTO API key still works. " +
          'Revoke it: POST /api/admin/resellers/{id}/keys/{keyId}/revoke (docs/channels.md#resellers-and-keys).',
      );
    }
  }
  const metrics = createMetrics(ctx);
  const app = await buildApp(ctx, { metrics, ...(tracing ? { tracing } : {}) });

  const aeat = await openTaxAuthority(config, ctx.now);
  const jobs = startBackgroundJobs(ctx, app.log, aeat.authority, (report) => metrics.observeJobRun(report));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await jobs.stop();
    await aeat.close();
    // close() stops accepting connections and waits for in-flight requests and onClose hooks.
    await app.close();
    await database.close();
    await tracing?.shutdown();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    throw new StartupError(`Cannot listen on ${config.HOST}:${config.PORT}: ${(err as Error).message}`);
  }
  const lines = [
    `Boat rental is running at ${config.publicUrl} (database: ${describeDatabase(config)})`,
    `API docs: ${config.publicUrl}/api/docs`,
  ];
  if (!production) {
    lines.push(
      'This is the DEMO start (not production): demo data, a random signing key per start. ' +
        'Run `npm run start:production` with JWT_SECRET set for a real deployment.',
    );
  }
  lines.push(
    aeat.authority
      ? `VERI*FACTU: billing records are sent to ${aeat.authority.where}.`
      : 'VERI*FACTU: no AEAT_CERT_PATH: billing records are kept and not sent (test bookings).',
  );
  if (production && database.kind !== 'postgres') {
    lines.push(
      'The embedded database has one role: its triggers keep invoices whole against the app, not against ' +
        'whoever holds DATA_DIR. On PostgreSQL the app runs as a role that owns nothing (docs/operating.md#database-roles).',
    );
  }
  if (config.testBookings) {
    lines.push(
      'PAYMENTS=sandbox: TEST BOOKINGS only. The sandbox takes test cards and no money; every page and e-mail says so.',
    );
  }
  if (seeded) lines.push(`Demo data seeded. ${seededAccountsLine(seeded)}`);
  console.log(lines.join('\n'));
}

class StartupError extends Error {}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof StartupError) {
    console.error(err.message);
  } else {
    console.error('Start failed:', err);
  }
  process.exit(1);
});
