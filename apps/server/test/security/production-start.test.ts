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
const TOTP_KEY = '5b0e7c1f9a2d4e6b8c0a1f3e5d7b9c2a4e6f8a0b1c3d5e7f9a2b4c6d8e0f1a3b';
const OPERATOR = {
  TOTP_ENCRYPTION_KEY: TOTP_KEY,
  OPERATOR_LEGAL_NAME: 'Test Boats S.L.',
  OPERATOR_TAX_ID: 'B12345678',
  OPERATOR_ADDRESS: 'Calle del Puerto 1, 38660 Costa Adeje, Spain',
  // The card provider is another test below; these start with test bookings.
  PAYMENTS: 'sandbox',
  WEBAUTHN_ORIGIN: 'https://boats.example',
  AEAT_ENVIRONMENT: 'preproduction',
};
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};
const AEAT_CERT = { AEAT_CERT_PATH: '/etc/boats/aeat.p12', AEAT_CERT_PASSWORD: 'p12-password' };

describe('production configuration', () => {
  it('refuses to start without a JWT_SECRET of 32+ characters', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...OPERATOR }).jwtSecret).toBe(SECRET);
  });

  it("takes the migrations' owner only beside the app's PostgreSQL database, naming DATABASE_MIGRATION_URL", () => {
    const owner = 'postgres://boats_owner@db/boats';
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: owner })).toThrow(/DATABASE_MIGRATION_URL/);
    expect(() =>
      loadConfig({ DATABASE_MIGRATION_URL: 'mysql://x', DATABASE_URL: 'postgres://boats_app@db/boats' }),
    ).toThrow(/DATABASE_MIGRATION_URL/);
    expect(
      loadConfig({ DATABASE_MIGRATION_URL: owner, DATABASE_URL: 'postgres://boats_app@db/boats' })
        .DATABASE_MIGRATION_URL,
    ).toBe(owner);
  });

  it('refuses to start without a TOTP_ENCRYPTION_KEY of 32 bytes, which encrypts the authenticator secrets', () => {
    const { TOTP_ENCRYPTION_KEY: _key, ...withoutKey } = OPERATOR;
    const start = (extra: Record<string, string>) => () =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...withoutKey, ...extra });
    expect(start({})).toThrow(/TOTP_ENCRYPTION_KEY: is required in production/);
    expect(start({ TOTP_ENCRYPTION_KEY: 'abcdef' })).toThrow(/TOTP_ENCRYPTION_KEY: must be 32 random bytes/);
    expect(start({ TOTP_ENCRYPTION_KEY: TOTP_KEY })().totpKey).toEqual(Buffer.from(TOTP_KEY, 'hex'));
    const base64 = Buffer.from(TOTP_KEY, 'hex').toString('base64');
    expect(start({ TOTP_ENCRYPTION_KEY: base64 })().totpKey).toEqual(Buffer.from(TOTP_KEY, 'hex'));
  });

  it('refuses a JWT_SECRET too easy to guess: one character repeated, few different ones, a repeated piece', () => {
    const start = (secret: string) => () =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, ...OPERATOR });
    // The attack run's secret: 32 characters, all the same.
    expect(start('a'.repeat(32))).toThrow(/JWT_SECRET: is too easy to guess: 1 different characters/);
    expect(start('abcabcabcabcabcabcabcabcabcabcabc')).toThrow(/JWT_SECRET: is too easy to guess/);
    expect(start('0123456789abcdef0123456789abcdef')).toThrow(/the same 16 characters repeated/);
    // Random keys pass: hex (only 16 symbols) and base64.
    expect(start('9f2c1e7a4b6d08e35f1a9c2b7e4d6f80')).not.toThrow();
    expect(start('kQ3v9ZpX1mN7bR2tY8wL4cF6hJ0sD5gA')).not.toThrow();
    // The demo and the tests keep any secret they like.
    expect(() => loadConfig({ JWT_SECRET: 'a'.repeat(32) })).not.toThrow();
  });

  it('refuses to start without a card provider unless PAYMENTS=sandbox says so, in one line naming the variables', () => {
    const { PAYMENTS: _sandbox, ...operator } = OPERATOR;
    const start = () => loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...operator });
    let message = '';
    try {
      start();
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).not.toContain('\n');
    expect(message).toMatch(
      /PAYMENTS: no card provider: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=sandbox/,
    );
    // Stripe's keys, or the operator's explicit choice of test bookings.
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...operator, ...STRIPE, ...AEAT_CERT })
        .testBookings,
    ).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...operator, PAYMENTS: 'sandbox' })
        .testBookings,
    ).toBe(true);
    // PAYMENTS=stripe without the keys is refused anywhere; the demo keeps its sandbox unmarked.
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ PAYMENTS: 'card' })).toThrow(/PAYMENTS/);
    expect(loadConfig({}).testBookings).toBe(false);
  });

  it('refuses to sell for real without the AEAT certificate, naming each missing variable; test bookings need none', () => {
    const { PAYMENTS: _sandbox, ...operator } = OPERATOR;
    const real = { NODE_ENV: 'production', JWT_SECRET: SECRET, ...operator, ...STRIPE };
    expect(() => loadConfig(real)).toThrow(/AEAT_CERT_PATH: is required in production/);
    expect(() => loadConfig({ ...real, AEAT_CERT_PATH: '/etc/boats/aeat.p12' })).toThrow(
      /AEAT_CERT_PASSWORD: is required in production/,
    );
    expect(loadConfig({ ...real, ...AEAT_CERT }).AEAT_CERT_PATH).toBe('/etc/boats/aeat.p12');
    // Test bookings (PAYMENTS=sandbox) keep their records unsent; the demo sends to the local fake AEAT.
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...OPERATOR })).not.toThrow();
    expect(() => loadConfig({})).not.toThrow();
    // The fake's own setting has no place in production, which never starts it.
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: SECRET,
        ...OPERATOR,
        FAKE_AEAT_UNKNOWN_NIFS: 'Y1234567X',
      }),
    ).toThrow(/FAKE_AEAT_UNKNOWN_NIFS: is refused in production/);
    expect(loadConfig({ FAKE_AEAT_UNKNOWN_NIFS: 'y1234567x' }).FAKE_AEAT_UNKNOWN_NIFS).toEqual(['Y1234567X']);
  });

  it('refuses to start without AEAT_ENVIRONMENT, in one line naming it: no silent pre-production; the demo keeps it', () => {
    const { AEAT_ENVIRONMENT: _environment, ...operator } = OPERATOR;
    const real = { NODE_ENV: 'production', JWT_SECRET: SECRET, ...operator, ...STRIPE, ...AEAT_CERT };
    let message = '';
    try {
      loadConfig(real);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).not.toContain('\n');
    expect(message).toMatch(/AEAT_ENVIRONMENT: is required in production/);
    // Test bookings too: their QR codes would otherwise point at the AEAT's test service unasked.
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...operator })).toThrow(
      /AEAT_ENVIRONMENT: is required in production/,
    );
    expect(() => loadConfig({ ...real, AEAT_ENVIRONMENT: '' })).toThrow(/AEAT_ENVIRONMENT/);
    expect(() => loadConfig({ ...real, AEAT_ENVIRONMENT: 'prod' })).toThrow(/AEAT_ENVIRONMENT/);
    const signed = { VERIFACTU_DECLARATION_DATE: '2026-12-15', VERIFACTU_DECLARATION_PLACE: 'Adeje, España' };
    expect(loadConfig({ ...real, ...signed, AEAT_ENVIRONMENT: 'production' }).AEAT_ENVIRONMENT).toBe(
      'production',
    );
    expect(loadConfig({ ...real, AEAT_ENVIRONMENT: 'preproduction' }).AEAT_ENVIRONMENT).toBe('preproduction');
    // The demo and the tests: the AEAT's pre-production service (a local fake without a certificate).
    expect(loadConfig({}).AEAT_ENVIRONMENT).toBe('preproduction');
    expect(loadConfig({ NODE_ENV: 'test' }).AEAT_ENVIRONMENT).toBe('preproduction');
  });

  it('refuses the AEAT’s production service without this version’s signed declaración responsable', () => {
    const real = { NODE_ENV: 'production', JWT_SECRET: SECRET, ...OPERATOR, ...STRIPE, ...AEAT_CERT };
    const production = { ...real, AEAT_ENVIRONMENT: 'production' };
    expect(() => loadConfig(production)).toThrow(
      /VERIFACTU_DECLARATION_DATE: is required with AEAT_ENVIRONMENT=production/,
    );
    expect(() => loadConfig({ ...production, VERIFACTU_DECLARATION_DATE: '2026-12-15' })).toThrow(
      /VERIFACTU_DECLARATION_PLACE: is required/,
    );
    expect(() =>
      loadConfig({
        ...production,
        VERIFACTU_DECLARATION_DATE: '15/12/2026',
        VERIFACTU_DECLARATION_PLACE: 'Adeje',
      }),
    ).toThrow(/VERIFACTU_DECLARATION_DATE: must be a day, YYYY-MM-DD/);
    // Pre-production (the AEAT's test service) starts while the declaration awaits its signature.
    expect(() => loadConfig(real)).not.toThrow();
  });

  it('refuses to start without the company the legal notice names, and names each missing variable', () => {
    const start = () =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: SECRET,
        OPERATOR_TAX_ID: 'B12345678',
        PAYMENTS: 'sandbox',
      });
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

  it('binds passkeys to a named https origin in production, and the relying party to its host', () => {
    const { WEBAUTHN_ORIGIN: _origin, ...withoutOrigin } = OPERATOR;
    const start = (extra: Record<string, string>) => () =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, ...withoutOrigin, ...extra });
    expect(start({})).toThrow(/WEBAUTHN_ORIGIN: is required in production/);
    expect(start({ PUBLIC_URL: 'http://boats.example' })).toThrow(/PUBLIC_URL: must be https in production/);
    expect(start({ WEBAUTHN_ORIGIN: 'http://boats.example' })).toThrow(/WEBAUTHN_ORIGIN: must be https/);
    expect(start({ PUBLIC_URL: 'https://boats.example/', WEBAUTHN_RP_ID: 'other.example' })).toThrow(
      /WEBAUTHN_RP_ID: must be the passkeys' origin's host or a parent domain/,
    );
    expect(start({ PUBLIC_URL: 'https://www.boats.example/' })().passkeys).toEqual({
      origin: 'https://www.boats.example',
      rpId: 'www.boats.example',
    });
    expect(
      start({ PUBLIC_URL: 'https://www.boats.example', WEBAUTHN_RP_ID: 'boats.example' })().passkeys,
    ).toEqual({
      origin: 'https://www.boats.example',
      rpId: 'boats.example',
    });
    // This machine's own address is a secure origin for browsers (trying the production build).
    expect(start({ WEBAUTHN_ORIGIN: 'http://127.0.0.1:3000' })().passkeys.rpId).toBe('127.0.0.1');
  });

  it("hashes passwords at OWASP's 2^17 by default and refuses less in production; tests may lower it", () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: SECRET, ...OPERATOR };
    expect(loadConfig(production).PASSWORD_HASH_COST_LOG2).toBe(17);
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST_LOG2: '16' })).toThrow(
      /PASSWORD_HASH_COST_LOG2: must be at least 17 in production/,
    );
    // The API tests and the journeys' servers (e2e/support/start-servers.js) hash at 2^12.
    expect(loadConfig({ PASSWORD_HASH_COST_LOG2: '12' }).PASSWORD_HASH_COST_LOG2).toBe(12);
  });
});

describe('the production server entry', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boats-production-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const common = { DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST_DIR: '/nonexistent-web-build' };

  it('seeds on request with a random admin password, and refuses a database where the demo password works', async () => {
    // Two fresh folders, migrated and seeded at once (each start is one process, mostly the
    // database's work on one core): the production start asked to seed, and the README's demo.
    const demoDir = mkdtempSync(join(tmpdir(), 'boats-demo-'));
    const [seeded, demo] = await Promise.all([
      // Asked explicitly to seed in production: the demo admin gets a random password, printed once.
      spawnServer({
        env: { ...common, NODE_ENV: 'production', JWT_SECRET: SECRET, SEED_DEMO_DATA: 'true' },
        readyTimeoutMs: 120_000,
      }),
      // The README's demo (development) on a fresh folder: the published demo password, said to be a demo.
      // Its accounts hashed at 2^12 (a hash keeps its cost, so production checks them at 2^12 too):
      // at 2^17 the seeding and the production start's checks of every account against every demo
      // password took minutes of a loaded machine; what is refused, and why, is the same.
      spawnServer({
        env: {
          ...common,
          DATA_DIR: demoDir,
          NODE_ENV: 'development',
          SEED_DEMO_DATA: '',
          PASSWORD_HASH_COST_LOG2: '12',
        },
        readyTimeoutMs: 120_000,
      }),
    ]);
    await new Promise((r) => setTimeout(r, 300));
    await Promise.all([seeded.stop(), demo.stop()]);
    expect(seeded.output()).toMatch(new RegExp(`Demo admin: ${DEMO_ADMIN.email} / \\S{20,}`));
    expect(seeded.output()).not.toContain(DEMO_ADMIN.password);
    expect(seeded.output()).not.toContain('DEMO start');
    // No demo crew or owner account in production at all.
    expect(seeded.output()).not.toContain(DEMO_CREW.email);
    expect(seeded.output()).not.toContain(DEMO_OWNER_PASSWORD);
    // Production never starts the local fake AEAT: test bookings' records are kept unsent.
    expect(seeded.output()).toContain('VERI*FACTU: no AEAT_CERT_PATH: billing records are kept and not sent');
    expect(seeded.output()).not.toContain('fake AEAT');

    expect(demo.output()).toContain('This is the DEMO start');
    expect(demo.output()).toContain(
      'VERI*FACTU: billing records are sent to the local fake AEAT at http://127.0.0.1:',
    );
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
      /Refusing to start in production: admin@adboatrental.example, crew@adboatrental.example, agent@adboatrental.example, owner@adboatrental.example/,
    );
    rmSync(demoDir, { recursive: true, force: true });
  }, 300_000);

  it('refuses to start without AEAT_ENVIRONMENT: one line naming it', async () => {
    const refused = spawnServer({
      env: { ...common, NODE_ENV: 'production', JWT_SECRET: SECRET, AEAT_ENVIRONMENT: '' },
      readyTimeoutMs: 120_000,
    });
    const error = await refused.then(
      () => new Error('started'),
      (err: Error) => err,
    );
    const lines = error.message.split('\n').filter((line) => line.includes('AEAT_ENVIRONMENT'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/AEAT_ENVIRONMENT: is required in production/);
  }, 180_000);

  it('refuses to sell without a card provider: one line naming the variables', async () => {
    const refused = spawnServer({
      // PAYMENTS left unset (spawnServer would choose the sandbox for its test servers).
      env: { ...common, NODE_ENV: 'production', JWT_SECRET: SECRET, PAYMENTS: '' },
      readyTimeoutMs: 120_000,
    });
    const error = await refused.then(
      () => new Error('started'),
      (err: Error) => err,
    );
    const lines = error.message.split('\n').filter((line) => line.includes('STRIPE_SECRET_KEY'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=sandbox/,
    );
  }, 180_000);
});
