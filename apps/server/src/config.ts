// The one place that reads process.env. Every variable is validated once at start;
// a bad value stops the start with a line naming the variable.
import { DEFAULT_REQUEST_HOURS } from '@boats/domain/request-to-book';
import { DEFAULT_DEPOSIT_HOURS_BEFORE } from '@boats/domain/deposits';
import { DEFAULT_CLAIM_ANSWER_HOURS, MIN_CLAIM_ANSWER_HOURS } from '@boats/domain/deposit-claims';
import { VOUCHER_VALIDITY_MONTHS } from '@boats/domain/gift-vouchers';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_IGIC_PERCENT } from '@boats/domain/commission-invoice';
import { DEFAULT_PAYOUT_DELAY_DAYS } from '@boats/domain/earnings';
import { DEFAULT_PLATFORM_FEE_PERCENT } from '@boats/domain/fee-split';
import { DEFAULT_WAITLIST_HOLD_MINUTES } from '@boats/domain/waitlist';
import { isPayoutSchedule } from '@boats/domain/payout-schedule';
import { DEFAULT_CHOICE_MIN_HOURS } from '@boats/domain/trip-change-deadline';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A PostgreSQL connection string, or unset. */
const postgresUrl = optionalText.pipe(
  z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
);

function envSchema(env: NodeJS.ProcessEnv) {
  return z
    .object({
      NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
      PORT: z.coerce.number().int().min(0).max(65535).default(3000),
      HOST: z.string().min(1).default('0.0.0.0'),
      PUBLIC_URL: z.url().optional(),
      DATABASE_URL: postgresUrl,
      // The role that owns the tables, for the migrations only (docs/operating.md#database-roles):
      // set, the migrations run over it and the app over DATABASE_URL as a role that owns nothing,
      // so the app cannot switch off the triggers that keep invoices and records unchanged.
      DATABASE_MIGRATION_URL: postgresUrl,
      // npm scripts run inside the workspace folder; INIT_CWD is where `npm start` was typed.
      DATA_DIR: z
        .string()
        .min(1)
        .default('./data')
        .transform((dir) => resolve(env.INIT_CWD ?? process.cwd(), dir)),
      LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
      // Unset: seed in development (the demo), never in production.
      SEED_DEMO_DATA: optionalText
        .pipe(z.enum(['true', 'false']).optional())
        .transform((v) => (v === undefined ? undefined : v === 'true')),
      WEB_DIST_DIR: optionalText,
      // Embedded database only: how long a request may wait for its turn before a 503.
      // A burst of back-office writes waits its turn rather than being turned away: `npm run
      // bench` measures what one wait holds (docs/performance.md, the embedded database under a crowd).
      EMBEDDED_QUEUE_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(10_000),
      HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
      // A checkout started without contact details holds this long (never longer than
      // HOLD_MINUTES); saving the details on the payment step lengthens it to HOLD_MINUTES from
      // its start, once. Holds nobody follows up lapse quickly (issue 12.6).
      HOLD_MINUTES_BEFORE_CONTACT: z.coerce.number().int().min(1).max(120).default(5),
      // Freed seats offered to a waitlisted visitor are held for them this long (a real hold:
      // nobody else can take them); a lapsed offer passes to the next in line.
      WAITLIST_HOLD_MINUTES: z.coerce
        .number()
        .int()
        .min(1)
        .max(24 * 60)
        .default(DEFAULT_WAITLIST_HOLD_MINUTES),
      PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(DEFAULT_PLATFORM_FEE_PERCENT),
      // Request-to-book (docs/payments.md#request-to-book): an owner has this many hours to
      // answer a request, and never later than 12 hours before departure; then it lapses.
      REQUEST_HOURS: z.coerce.number().int().min(1).max(168).default(DEFAULT_REQUEST_HOURS),
      // The security deposit (docs/payments.md#the-security-deposit) is authorised on the saved card
      // this many hours before departure: at most 72, so the card networks' 7-day authorisation
      // still holds for a day's charter and the return check after it.
      DEPOSIT_HOURS_BEFORE: z.coerce.number().int().min(1).max(72).default(DEFAULT_DEPOSIT_HOURS_BEFORE),
      // A damage claim against the deposit (docs/decisions/0040): the customer has this many
      // hours to accept or dispute it (cut short so the admin keeps a day before the card lapses).
      DEPOSIT_CLAIM_ANSWER_HOURS: z.coerce
        .number()
        .int()
        .min(MIN_CLAIM_ANSWER_HOURS)
        .max(96)
        .default(DEFAULT_CLAIM_ANSWER_HOURS),
      // Gift vouchers (docs/payments.md#gift-vouchers): a voucher pays for this many months after
      // its sale; then its remaining balance is shown but cannot pay.
      VOUCHER_VALIDITY_MONTHS: z.coerce.number().int().min(1).max(120).default(VOUCHER_VALIDITY_MONTHS),
      // Personal data (docs/privacy.md#how-long): a booking's customer details are blanked this
      // many years after its trip ended (six: the Commercial Code's art. 30 keeps a business's
      // papers six years, longer than the tax law's four-year limit), contact messages deleted
      // after this many months.
      RETENTION_YEARS: z.coerce.number().int().min(1).max(30).default(6),
      MESSAGE_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
      // Owners' payouts (docs/payments.md#from-a-card-to-an-owners-bank): a trip's earnings are
      // payable this many days after it ends; a run pays a balance of at least PAYOUT_MINIMUM
      // cents; runs happen at PAYOUT_SCHEDULE, Canary time ("mon 06:00", "daily 06:00", "off").
      PAYOUT_DELAY_DAYS: z.coerce.number().int().min(0).max(90).default(DEFAULT_PAYOUT_DELAY_DAYS),
      PAYOUT_MINIMUM: z.coerce.number().int().min(1).max(100_000_000).default(1000),
      // A change of an owner's payout details (docs/security.md#second-factor-and-step-up): their
      // payouts wait this many hours from it, so a stolen password cannot send the next one away.
      PAYOUT_HOLD_AFTER_CHANGE_HOURS: z.coerce.number().int().min(0).max(720).default(48),
      // A refund above this many euros asks for the second factor again (step-up), like the other
      // acts that move money or power.
      STEP_UP_REFUND_EUR: z.coerce.number().min(0).max(1_000_000).default(200),
      // The window of that limit: what the account refunded in the last this many minutes counts
      // with the refund asked for (and the booking's earlier refunds), so splitting does not pass.
      STEP_UP_REFUND_WINDOW_MINUTES: z.coerce
        .number()
        .int()
        .min(1)
        .max(24 * 60)
        .default(60),
      // Accounts that may sign in without a second factor although their role requires one,
      // besides the demo's own accounts (outside production): comma-separated addresses or
      // `@domain`s, for test accounts. Production refuses it: there every admin and owner enrols.
      SECOND_FACTOR_EXEMPT: optionalText,
      // The key that encrypts the authenticator apps' secrets in the database (AES-256-GCM,
      // modules/auth/totp-secret-box.ts): 32 random bytes as 64 hex characters or base64
      // (`openssl rand -hex 32`). Required in production; elsewhere a fixed development key.
      TOTP_ENCRYPTION_KEY: optionalText.pipe(
        z
          .string()
          .refine((value) => totpKeyBytes(value) !== undefined, {
            message: 'must be 32 random bytes as 64 hex characters or base64',
          })
          .optional(),
      ),
      // Passkeys (WebAuthn, modules/auth/passkeys.ts): the site's origin as the browser sees it
      // (default: PUBLIC_URL's) and the relying party's id, the domain a passkey is bound to
      // (default: the origin's host; a parent domain lets sub-domains share passkeys). Production
      // refuses an origin it was not given, and one that is neither https nor this machine.
      WEBAUTHN_ORIGIN: optionalText.pipe(z.url().optional()),
      WEBAUTHN_RP_ID: optionalText,
      // How long a proved second factor lets the acts that move money or power through (step-up).
      // The journeys' servers shorten it to half a minute, to see the question asked again.
      STEP_UP_MINUTES: z.coerce.number().min(0.1).max(60).default(10),
      PAYOUT_SCHEDULE: z.string().trim().toLowerCase().default('mon 06:00').refine(isPayoutSchedule, {
        message: 'must be "<mon|tue|…|sun|daily> HH:MM" (Canary time) or "off"',
      }),
      // IGIC (the Canary Islands' indirect tax) on the platform's commission invoices, in percent
      // with up to 2 decimals (docs/payments.md#commission-invoices).
      IGIC_PERCENT: z.coerce.number().min(0).max(100).default(DEFAULT_IGIC_PERCENT),
      // VERI*FACTU (docs/invoicing.md#configuration). The installation's number in every billing
      // record; the AEAT's environment (its web service and the QR codes' verification address).
      // Unset: pre-production outside production; production refuses to start without it, so a
      // forgotten setting never sends real invoices to the AEAT's test service and prints its QR codes.
      VERIFACTU_INSTALLATION: z.string().trim().min(1).max(100).default('1'),
      AEAT_ENVIRONMENT: optionalText.pipe(z.enum(['preproduction', 'production']).optional()),
      // The company's certificate (PKCS#12) and its password, for the AEAT's web service (mutual
      // TLS). Unset outside production: records go to a local fake AEAT, and the log says so.
      AEAT_CERT_PATH: optionalText,
      AEAT_CERT_PASSWORD: optionalText,
      // The day (YYYY-MM-DD) and place ("Santa Cruz de Tenerife, España") the producer signed this
      // version's declaración responsable (docs/invoicing.md#the-softwares-declaration); required
      // to send to the AEAT's production service. Unset: the admin's page says it awaits signing.
      VERIFACTU_DECLARATION_DATE: optionalText.pipe(
        z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day, YYYY-MM-DD')
          .optional(),
      ),
      VERIFACTU_DECLARATION_PLACE: optionalText,
      // Outside production without a certificate: NIFs the local fake AEAT's census does not know, comma-separated (a
      // record naming one as its recipient is accepted with errors, 2001, as the AEAT does for an
      // unknown NIF), so the alert and its correction can be shown in the demo and the journeys.
      FAKE_AEAT_UNKNOWN_NIFS: z
        .string()
        .default('')
        .transform((v) =>
          v
            .split(',')
            .map((n) => n.trim().toUpperCase())
            .filter(Boolean),
        ),
      JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
      STRIPE_SECRET_KEY: optionalText,
      STRIPE_PUBLISHABLE_KEY: optionalText,
      STRIPE_WEBHOOK_SECRET: optionalText,
      STRIPE_API_BASE: optionalText.pipe(z.url().optional()),
      // `sandbox`: take test bookings with the built-in sandbox card provider, even in production,
      // and say so on every page and in every e-mail. Unset: Stripe when its keys are set; else
      // the sandbox outside production, and production refuses to start.
      PAYMENTS: optionalText.pipe(z.enum(['stripe', 'sandbox']).optional()),
      // Signs the sandbox provider's webhooks (Stripe's format); random per process when unset.
      SANDBOX_WEBHOOK_SECRET: optionalText,
      // Unpaid holds one client address may keep at once, so nobody can block a whole trip.
      MAX_LIVE_HOLDS_PER_IP: z.coerce.number().int().min(1).max(100000).default(5),
      // What one reseller may hold unconfirmed through OCTO (docs/channels.md#holds-and-the-lifecycle):
      // reservations at once, seats and share of one trip, seats in one reservation, and a
      // reservation's longest life from when it was made, extensions included. A reseller's key
      // must not corner the fleet.
      RESELLER_MAX_LIVE_HOLDS: z.coerce.number().int().min(1).max(100000).default(100),
      RESELLER_MAX_HELD_SEATS_PER_TRIP: z.coerce.number().int().min(1).max(10000).default(20),
      RESELLER_MAX_SEATS_PER_RESERVATION: z.coerce.number().int().min(1).max(10000).default(20),
      RESELLER_MAX_HELD_SHARE_PER_TRIP_PERCENT: z.coerce.number().int().min(1).max(100).default(70),
      RESELLER_MAX_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
      // Calls one reseller API key may make to one OCTO route per minute (docs/channels.md).
      OCTO_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(300),
      // The period of the frequent background jobs (modules/jobs/background-jobs.ts).
      JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
      // The least time a customer of a canceled trip gets to choose another trip or a refund,
      // while a trip offered leaves that much (domain trip-change-deadline).
      TRIP_CHANGE_MIN_HOURS: z.coerce.number().int().min(1).max(72).default(DEFAULT_CHOICE_MIN_HOURS),
      // How many days after a canceled trip's own day its customers are offered trips of other
      // owners' boats from the same harbour (domain cross-owner-move); 0: the same day only.
      CROSS_OWNER_MOVE_DAYS: z.coerce.number().int().min(0).max(7).default(0),
      // How long before departure the reminder e-mail goes out; 0 sends none.
      REMINDER_HOURS_BEFORE: z.coerce.number().int().min(0).max(336).default(24),
      SMTP_URL: optionalText.pipe(
        z
          .string()
          .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
          .optional(),
      ),
      MAIL_FROM: z.string().default('AD Boat Rental <bookings@adboatrental.example>'),
      OPERATOR_EMAIL: z.email().default('operator@adboatrental.example'),
      // Who runs the site, shown on the legal notice, privacy policy and terms (operator-identity.ts).
      // Required in production; the demo uses a made-up company marked as such.
      OPERATOR_NAME: z.string().trim().min(1).default('AD Boat Rental'),
      OPERATOR_LEGAL_NAME: optionalText,
      OPERATOR_TAX_ID: optionalText,
      OPERATOR_ADDRESS: optionalText,
      OPERATOR_REGISTRY: optionalText,
      OPERATOR_PUBLIC_EMAIL: optionalText.pipe(z.email().optional()),
      OPERATOR_PHONE: optionalText,
      // The bearer token of GET /metrics (docs/operating.md#metrics); unset, the endpoint is off.
      METRICS_TOKEN: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
      // Traces go to this OTLP/HTTP collector (the SDK itself reads it and the other OTEL_* variables).
      OTEL_EXPORTER_OTLP_ENDPOINT: optionalText.pipe(z.url().optional()),
      REDIS_URL: optionalText.pipe(
        z
          .string()
          .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
          .optional(),
      ),
      // Where uploaded boat photos are kept when no S3 bucket is configured.
      UPLOADS_DIR: optionalText,
      // Boat photo uploads: the largest file accepted, in megabytes.
      UPLOAD_MAX_MB: z.coerce.number().min(1).max(100).default(15),
      // Uploaded photos go to S3-compatible storage when S3_BUCKET is set, else under DATA_DIR.
      S3_BUCKET: optionalText,
      S3_REGION: z.string().min(1).default('us-east-1'),
      // Another S3-compatible service (MinIO, R2, Scaleway...): its endpoint URL.
      S3_ENDPOINT: optionalText.pipe(z.url().optional()),
      S3_ACCESS_KEY_ID: optionalText,
      S3_SECRET_ACCESS_KEY: optionalText,
      S3_FORCE_PATH_STYLE: z
        .enum(['true', 'false'])
        .default('false')
        .transform((v) => v === 'true'),
      TRUST_PROXY: z
        .string()
        .default('false')
        .transform((v, ctx) => {
          const trust = parseTrustProxy(v);
          if (trust === undefined)
            ctx.addIssue({
              code: 'custom',
              message:
                'must be true, false, a number of proxy hops, or a comma-separated list of addresses/CIDRs',
            });
          return trust ?? false;
        }),
      // Seconds a client may take to send a whole request (headers and body) before the
      // connection is closed, so slow bodies cannot hold connections open.
      REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
      // Password hashes computed at once (each scrypt takes ~128 MB and a worker thread).
      MAX_CONCURRENT_PASSWORD_HASHES: z.coerce.number().int().min(1).max(64).default(2),
      // scrypt's cost N as a power of two: OWASP's 2^17 unless lowered, which production refuses.
      // The tests lower it (test/helpers/test-config.ts), so their thousand hashes take seconds.
      PASSWORD_HASH_COST_LOG2: z.coerce.number().int().min(10).max(20).default(17),
      // Seats one client address may hold (unpaid) on one shared trip, and share of the trip.
      MAX_HELD_SEATS_PER_TRIP: z.coerce.number().int().min(1).max(10000).default(12),
      MAX_HELD_SHARE_PER_TRIP_PERCENT: z.coerce.number().int().min(1).max(100).default(70),
    })
    .superRefine((env, ctx) => {
      if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
        ctx.addIssue({
          code: 'custom',
          path: ['S3_ACCESS_KEY_ID'],
          message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
        });
      }
      if (env.NODE_ENV === 'production' && !env.TOTP_ENCRYPTION_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['TOTP_ENCRYPTION_KEY'],
          message:
            'is required in production: it encrypts the authenticator secrets (`openssl rand -hex 32`, the same on every instance)',
        });
      }
      const passkeyOrigin = env.WEBAUTHN_ORIGIN ?? env.PUBLIC_URL;
      if (env.NODE_ENV === 'production' && !passkeyOrigin) {
        ctx.addIssue({
          code: 'custom',
          path: ['WEBAUTHN_ORIGIN'],
          message:
            'is required in production (or PUBLIC_URL): passkeys are bound to the address customers use',
        });
      } else if (env.NODE_ENV === 'production' && passkeyOrigin && !safePasskeyOrigin(passkeyOrigin)) {
        ctx.addIssue({
          code: 'custom',
          path: [env.WEBAUTHN_ORIGIN ? 'WEBAUTHN_ORIGIN' : 'PUBLIC_URL'],
          message: 'must be https in production (http only on this machine): passkeys need a secure origin',
        });
      }
      const rpId = env.WEBAUTHN_RP_ID;
      if (rpId && passkeyOrigin && !rpIdFits(rpId, passkeyOrigin)) {
        ctx.addIssue({
          code: 'custom',
          path: ['WEBAUTHN_RP_ID'],
          message: "must be the passkeys' origin's host or a parent domain of it",
        });
      }
      if (env.NODE_ENV === 'production' && env.SECOND_FACTOR_EXEMPT) {
        ctx.addIssue({
          code: 'custom',
          path: ['SECOND_FACTOR_EXEMPT'],
          message: 'is refused in production: every admin and owner account needs a second factor',
        });
      }
      if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['JWT_SECRET'],
          message: 'is required in production (32+ random characters, the same on every instance)',
        });
      }
      const weak = env.NODE_ENV === 'production' && env.JWT_SECRET ? weakSecret(env.JWT_SECRET) : null;
      if (weak) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: weak });
      const weakMetrics =
        env.NODE_ENV === 'production' && env.METRICS_TOKEN ? weakSecret(env.METRICS_TOKEN) : null;
      if (weakMetrics) ctx.addIssue({ code: 'custom', path: ['METRICS_TOKEN'], message: weakMetrics });
      if (env.NODE_ENV === 'production' && env.PASSWORD_HASH_COST_LOG2 < 17) {
        ctx.addIssue({
          code: 'custom',
          path: ['PASSWORD_HASH_COST_LOG2'],
          message: "must be at least 17 in production (OWASP's scrypt cost)",
        });
      }
      if (env.NODE_ENV === 'production') {
        for (const key of ['OPERATOR_LEGAL_NAME', 'OPERATOR_TAX_ID', 'OPERATOR_ADDRESS'] as const) {
          if (!env[key])
            ctx.addIssue({
              code: 'custom',
              path: [key],
              message: 'is required in production: the legal notice names the company running the site',
            });
        }
      }
      const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
      const set = stripe.filter(Boolean).length;
      // Production never sells through the sandbox by default: its test cards make paid bookings
      // with tickets and no money (issue 23.5).
      if (set === 0 && (env.PAYMENTS === 'stripe' || (env.NODE_ENV === 'production' && !env.PAYMENTS))) {
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENTS'],
          message:
            'no card provider: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=sandbox to take test bookings only',
        });
      }
      // Production issues no invoice it cannot send to the AEAT (VERI*FACTU): the company's
      // certificate is required, except for test bookings, whose records are kept unsent (production
      // never starts the local fake AEAT, server.ts).
      if (env.NODE_ENV === 'production' && env.PAYMENTS !== 'sandbox') {
        for (const key of ['AEAT_CERT_PATH', 'AEAT_CERT_PASSWORD'] as const) {
          if (!env[key])
            ctx.addIssue({
              code: 'custom',
              path: [key],
              message:
                "is required in production: invoices are sent to the AEAT with the company's certificate (VERI*FACTU), unless PAYMENTS=sandbox",
            });
        }
      }
      if (env.NODE_ENV === 'production' && env.FAKE_AEAT_UNKNOWN_NIFS.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['FAKE_AEAT_UNKNOWN_NIFS'],
          message: "is refused in production: it is the demo's fake AEAT's, which production never starts",
        });
      }
      if (env.DATABASE_MIGRATION_URL && !env.DATABASE_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['DATABASE_MIGRATION_URL'],
          message:
            "needs DATABASE_URL: the migrations' owner role and the app's role are of one PostgreSQL database",
        });
      }
      if (env.NODE_ENV === 'production' && !env.AEAT_ENVIRONMENT) {
        ctx.addIssue({
          code: 'custom',
          path: ['AEAT_ENVIRONMENT'],
          message:
            "is required in production: `production` for the AEAT's real service and QR codes, `preproduction` for its test service",
        });
      }
      if (
        env.AEAT_ENVIRONMENT === 'production' &&
        (!env.VERIFACTU_DECLARATION_DATE || !env.VERIFACTU_DECLARATION_PLACE)
      ) {
        ctx.addIssue({
          code: 'custom',
          path: [
            env.VERIFACTU_DECLARATION_DATE ? 'VERIFACTU_DECLARATION_PLACE' : 'VERIFACTU_DECLARATION_DATE',
          ],
          message:
            "is required with AEAT_ENVIRONMENT=production: the day and place this version's declaración responsable was signed",
        });
      }
      if (set > 0 && set < 3) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message: 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together',
        });
      }
    });
}

/**
 * The fewest different characters a production secret may have. Not 16: a random hex key has
 * only 16 symbols, and 64 of them miss at least one about a quarter of the time; 32 random hex
 * characters show fewer than 8 different ones about once in thirty million.
 */
const SECRET_MIN_DISTINCT_CHARACTERS = 8;

/**
 * Why a secret is too easy to guess, or null. Length alone is not enough: the attack run's
 * 32 × "a" passed a length check. A secret needs SECRET_MIN_DISTINCT_CHARACTERS different
 * characters and must not be one piece written again and again (`abcdabcd…`), which random
 * keys (`openssl rand -hex 32`, a password manager's) never are.
 */
function weakSecret(secret: string): string | null {
  const distinct = new Set(secret).size;
  if (distinct < SECRET_MIN_DISTINCT_CHARACTERS)
    return `is too easy to guess: ${distinct} different characters, at least ${SECRET_MIN_DISTINCT_CHARACTERS} needed (use e.g. \`openssl rand -hex 32\`)`;
  for (let period = 1; period <= secret.length / 2; period++) {
    let repeats = true;
    for (let i = period; i < secret.length && repeats; i++) repeats = secret[i] === secret[i - period];
    if (repeats)
      return `is too easy to guess: the same ${period} characters repeated (use e.g. \`openssl rand -hex 32\`)`;
  }
  return null;
}

/** Trusts the first `hops` addresses from the socket back (proxy-addr's hop numbering). */
type TrustHops = (address: string, hop: number) => boolean;
const trustHops =
  (hops: number): TrustHops =>
  (_address, hop) =>
    hop < hops;

/**
 * TRUST_PROXY: `true` trusts one proxy hop (the load balancer in front), a number trusts that
 * many hops, a list trusts those proxy addresses/CIDRs. Fastify (proxy-addr) then takes the
 * right-most X-Forwarded-For entry that is not a trusted proxy, so a client cannot choose its
 * address by prepending entries. undefined = not a valid value.
 */
function parseTrustProxy(raw: string): false | TrustHops | string[] | undefined {
  const value = raw.trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return trustHops(1);
  if (/^\d+$/.test(value)) return trustHops(Number(value));
  const list = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(\/\d{1,3})?$/i;
  if (
    list.length === 0 ||
    !list.every((v) => address.test(v) || ['loopback', 'linklocal', 'uniquelocal'].includes(v))
  )
    return undefined;
  return list;
}

export type Config = Omit<z.infer<ReturnType<typeof envSchema>>, 'SEED_DEMO_DATA' | 'AEAT_ENVIRONMENT'> & {
  /** SEED_DEMO_DATA, or true outside production when unset. */
  SEED_DEMO_DATA: boolean;
  /** AEAT_ENVIRONMENT, or (outside production, which requires it) pre-production. */
  AEAT_ENVIRONMENT: 'preproduction' | 'production';
  publicUrl: string;
  /** JWT_SECRET, or a random one for this process (sign-ins then end on restart). */
  jwtSecret: string;
  /** TOTP_ENCRYPTION_KEY's 32 bytes, or (outside production) the fixed development key. */
  totpKey: Buffer;
  /** Where passkeys are bound: the origin browsers sign for, and the relying party's id. */
  passkeys: { origin: string; rpId: string };
  /** SANDBOX_WEBHOOK_SECRET, or a random one for this process. */
  sandboxWebhookSecret: string;
  /** UPLOADS_DIR, or `uploads` inside DATA_DIR. */
  uploadsDir: string;
  /** PAYMENTS=sandbox: bookings are test bookings, and every page and e-mail says so. */
  testBookings: boolean;
};

export class ConfigError extends Error {}

const hostOf = (origin: string) => new URL(origin).hostname;

/** https, or http on this machine (browsers allow passkeys on localhost only). */
function safePasskeyOrigin(origin: string): boolean {
  const url = new URL(origin);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** A relying party's id is the origin's host or a domain it is under. */
const rpIdFits = (rpId: string, origin: string) =>
  hostOf(origin) === rpId || hostOf(origin).endsWith(`.${rpId}`);

/** The 32 bytes of a TOTP_ENCRYPTION_KEY written as hex or base64; undefined for anything else. */
function totpKeyBytes(value: string): Buffer | undefined {
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

/**
 * Outside production only (production refuses to start without TOTP_ENCRYPTION_KEY): fixed, so
 * the demo's and the tests' enrolled accounts survive a restart. Not a secret.
 */
const DEVELOPMENT_TOTP_KEY = Buffer.alloc(32, 'development totp key, not secret');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema(env).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const config = parsed.data;
  const localHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const publicUrl = (config.PUBLIC_URL ?? `http://${localHost}:${config.PORT}`).replace(/\/$/, '');
  const passkeyOrigin = new URL(config.WEBAUTHN_ORIGIN ?? publicUrl).origin;
  return {
    ...config,
    SEED_DEMO_DATA: config.SEED_DEMO_DATA ?? config.NODE_ENV !== 'production',
    AEAT_ENVIRONMENT: config.AEAT_ENVIRONMENT ?? 'preproduction',
    jwtSecret: config.JWT_SECRET ?? randomBytes(32).toString('hex'),
    totpKey: (config.TOTP_ENCRYPTION_KEY && totpKeyBytes(config.TOTP_ENCRYPTION_KEY)) || DEVELOPMENT_TOTP_KEY,
    sandboxWebhookSecret: config.SANDBOX_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('hex')}`,
    uploadsDir: config.UPLOADS_DIR
      ? resolve(env.INIT_CWD ?? process.cwd(), config.UPLOADS_DIR)
      : resolve(config.DATA_DIR, 'uploads'),
    testBookings: config.PAYMENTS === 'sandbox',
    publicUrl,
    passkeys: { origin: passkeyOrigin, rpId: config.WEBAUTHN_RP_ID ?? hostOf(passkeyOrigin) },
  };
}
