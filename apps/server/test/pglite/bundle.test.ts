// Production runs plain node on the bundle (npm run build), not TypeScript through tsx: the bundle
// must start on an empty data folder, find and run the migrations, seed, and serve the API.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

describe('the production bundle', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';
  afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('starts with node alone, migrates an empty database and serves the seeded fleet', async () => {
    execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'pipe' });
    // Without OTEL_EXPORTER_OTLP_ENDPOINT no tracing code loads: the bundle reaches the SDK, the
    // exporter and the instrumentations through import() alone (src/tracing/start-tracing.ts).
    const bundle = readFileSync(join(SERVER_DIR, 'dist/server.js'), 'utf8');
    expect(bundle).toContain('import("@opentelemetry/sdk-trace-node")');
    expect(bundle).not.toMatch(
      /from "(@opentelemetry\/(sdk-|exporter-|instrumentation-|resources)|@fastify\/otel)/,
    );
    dataDir = await mkdtemp(join(tmpdir(), 'boats-bundle-'));
    server = await spawnServer({
      run: 'dist',
      env: {
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'true',
        JWT_SECRET: randomBytes(32).toString('hex'),
        WEB_DIST_DIR: '/nonexistent-web-build',
      },
      readyTimeoutMs: 120_000,
    });
    expect(server.child.spawnargs.join(' ')).not.toContain('tsx');
    const fleet = (await (await fetch(`${server.url}/api/boats`)).json()) as { items: unknown[] };
    expect(fleet.items.length).toBeGreaterThan(0);
    expect((await fetch(`${server.url}/api/openapi.json`)).status).toBe(200);
  }, 180_000);
});
