// Production defaults: `npm start` is the demo, `npm run start:production` (NODE_ENV=production)
// needs a signing key, seeds nothing unless asked, and never runs with the published demo
// password. The refusals are checked on the real server entry, as an operator would meet them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { DEMO_ADMIN, DEMO_CREW, DEMO_OWNER_PASSWORD } from '../../src/seed/demo-fleet';
import { spawnServer } from '../helpers/spawn-server';

const SECRET = 'a-production-secret-of-more-than-32-chars';
const OPERATOR = {
  OPERATOR_LEGAL_NAME: 'Test Boats S.L.',
  OPERATOR_TAX_ID: 'B12345678',
  OPERATOR_ADDRESS: 'Calle del Puerto 1, 38660 Costa Adeje, Spain',
};

describe('production configuration', () => {
  it('refuses to start without a JWT_SECRET of 32+ characters', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...OPERATOR }).jwtSecret).toBe(SECRET);
  });

  it('refuses to start without the company the legal notice names, and names each missing variable', () => {
    const start = () =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, OPERATOR_TAX_ID: 'B12345678' });
    expect(start).toThrow(/OPERATOR_LEGAL_NAME/);
    expect(start).toThrow(/OPERATOR_ADDRESS/);
    expect(start).not.toThrow(/OPERATOR_TAX_ID/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...OPERATOR }).OPERATOR_LEGAL_NAME).toBe(
      'Test Boats S.L.',
    );
  });

  it('seeds demo data only when SEED_DEMO_DATA=true is given in production; the demo seeds by default', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...OPERATOR }).SEED_DEMO_DATA).toBe(
      false,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, SEED_DEMO_DATA: 'true', ...OPERATOR })
        .SEED_DEMO_DATA,
    ).toBe(true);
    expect(loadConfig({}).SEED_DEMO_DATA).toBe(true);
  });

  it('takes TRUST_PROXY as true, a number of hops or a list of addresses, and refuses anything else', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(typeof loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe('function');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '::1']);
  });
});

describe('the production server entry', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boats-production-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const common = { DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST_DIR: '/nonexistent-web-build' };

  it('seeds on request with a random admin password, and refuses a database where the demo password works', async () => {
    // Asked explicitly to seed in production: the demo admin gets a random password, printed once.
    const seeded = await spawnServer({
      env: { ...common, NODE_ENV: 'production', JWT_SECRET: SECRET, SEED_DEMO_DATA: 'true' },
      readyTimeoutMs: 120_000,
    });
    await new Promise((r) => setTimeout(r, 300));
    await seeded.stop();
    expect(seeded.output()).toMatch(new RegExp(`Demo admin: ${DEMO_ADMIN.email} / \\S{20,}`));
    expect(seeded.output()).not.toContain(DEMO_ADMIN.password);
    expect(seeded.output()).not.toContain('DEMO start');
    // No demo crew or owner account in production at all.
    expect(seeded.output()).not.toContain(DEMO_CREW.email);
    expect(seeded.output()).not.toContain(DEMO_OWNER_PASSWORD);

    // The README's demo (development) on a fresh folder: the published demo password, said to be a demo.
    const demoDir = mkdtempSync(join(tmpdir(), 'boats-demo-'));
    const demo = await spawnServer({
      env: { ...common, DATA_DIR: demoDir, NODE_ENV: 'development', SEED_DEMO_DATA: '' },
      readyTimeoutMs: 120_000,
    });
    await new Promise((r) => setTimeout(r, 300));
    await demo.stop();
    expect(demo.output()).toContain('This is the DEMO start');
    expect(demo.output()).toContain(DEMO_ADMIN.password);
    expect(demo.output()).toContain(`demo crew: ${DEMO_CREW.email} / ${DEMO_CREW.password}`);
    expect(demo.output()).toMatch(
      new RegExp(`demo owners: owner@adboatrental\\.example, .* / ${DEMO_OWNER_PASSWORD}`),
    );

    // The same demo database started for production: refused, naming the account.
    const refused = spawnServer({
      env: { ...common, DATA_DIR: demoDir, NODE_ENV: 'production', JWT_SECRET: SECRET },
      readyTimeoutMs: 120_000,
    });
    await expect(refused).rejects.toThrow(
      /Refusing to start in production: admin@adboatrental.example, crew@adboatrental.example, owner@adboatrental.example/,
    );
    rmSync(demoDir, { recursive: true, force: true });
  }, 300_000);
});
