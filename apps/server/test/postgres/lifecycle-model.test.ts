// Model-based test of the booking lifecycle and the ledger (fast-check), against the real app
// on PostgreSQL: random interleavings of checkout, card payment, confirm, webhook, release,
// hold lapse and sweep, reconciliation, admin confirm / cancel / refund, some of them running
// concurrently, and crashes. A crash kills the server at a provider call (just before or just
// after the provider acts): from then on the request's database access fails, as if the
// process had died, and the next operation runs on a "restarted" server (same database).
// After every run and one job period (hold sweep + reconciliation), the invariants must hold.
// LIFECYCLE_MODEL_RUNS sets the number of runs (default 200).
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { expireLapsedHolds } from '../../src/modules/jobs/hold-expiry';
import { reconcilePayments } from '../../src/modules/jobs/payment-reconciliation';
import { ledgerOf } from '../../src/modules/payments/ledger';
import type { PaymentProvider } from '../../src/modules/payments/payment-provider';
import { bearer, tokenFor } from '../helpers/admin-token';
import {
  charterViolations,
  historyViolations,
  moneyViolations,
  seatViolations,
} from '../helpers/money-invariants';
import { SANDBOX_WEBHOOK_SECRET, signedEvent } from '../helpers/signed-event';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { card, CARDS, createBoat, createSlot, HOUR, sharedRequest } from '../api/checkout-fixtures';

const RUNS = Number(process.env.LIFECYCLE_MODEL_RUNS ?? 200);
const BOOKINGS = 3;
const HOLD_MINUTES = 15;

type CrashPoint = { call: number; when: 'before' | 'after' } | null;

class Crash extends Error {
  constructor() {
    super('simulated crash');
  }
}

/** Kills "the server" at a chosen provider call of the next operation. */
class CrashSwitch {
  dead = false;
  private plan: CrashPoint = null;
  private calls = 0;
  arm(plan: CrashPoint) {
    this.plan = plan;
    this.calls = 0;
    this.dead = false;
  }
  restart() {
    this.plan = null;
    this.dead = false;
  }
  async around<T>(call: () => Promise<T>): Promise<T> {
    if (this.dead) throw new Crash();
    const n = this.calls++;
    const plan = this.plan;
    if (plan?.call === n && plan.when === 'before') {
      this.dead = true;
      throw new Crash();
    }
    const result = await call();
    if (plan?.call === n && plan.when === 'after') {
      this.dead = true;
      throw new Crash();
    }
    return result;
  }
}

function crashingProvider(inner: PaymentProvider, crash: CrashSwitch): PaymentProvider {
  return {
    ...inner,
    createIntent: (input) => crash.around(() => inner.createIntent(input)),
    retrieveIntent: (id) => crash.around(() => inner.retrieveIntent(id)),
    cancelIntent: (id: string) => crash.around(async () => inner.cancelIntent?.(id)),
    refund: (input) => crash.around(() => inner.refund(input)),
  };
}

/** The app's database handle, refusing every use while the server is "dead". */
function crashingDb(db: Db, crash: CrashSwitch): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (crash.dead) throw new Crash();
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

type Booking = { id: string; clientSecret: string; intentId: string };
type World = {
  t: TestApp;
  admin: string;
  slot: Awaited<ReturnType<typeof createSlot>>;
  boatId: string;
  bookings: (Booking | undefined)[];
  now: Date;
  /** Problems seen during the run: a customer told "refunded" too early, a 500 without a crash. */
  problems: string[];
  crash: CrashSwitch;
};

type Op =
  | { kind: 'start' | 'pay' | 'confirm' | 'webhook' | 'release' | 'cancel' | 'confirmAdmin'; b: number }
  | { kind: 'refund'; b: number; euros: number | null }
  | { kind: 'lapse' | 'sweep' | 'reconcile' };

type Step = { op: Op; crash: CrashPoint; together: Op | null };

async function run(world: World, op: Op): Promise<void> {
  const t = { ...world.t, app: { inject: (opts: InjectOptions | string) => inject(world, op, opts) } };
  const booking = 'b' in op ? world.bookings[op.b] : undefined;
  switch (op.kind) {
    case 'start': {
      if (booking) return;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/boat/payment-intent',
        payload: sharedRequest(world.boatId, world.slot, { adults: 2, children50: 0, kidsFree: 0 }),
      });
      if (res.statusCode !== 200) return;
      const body = res.json<{ bookingId: string; clientSecret: string }>();
      world.bookings[op.b] = {
        id: body.bookingId,
        clientSecret: body.clientSecret,
        intentId: body.clientSecret.split('_secret_')[0]!,
      };
      return;
    }
    case 'pay':
      if (booking) {
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/sandbox/confirm',
          payload: {
            clientSecret: booking.clientSecret,
            card: card(CARDS.ok),
            returnUrl: 'http://localhost:3000/',
          },
        });
      }
      return;
    case 'confirm': {
      if (!booking) return;
      const res = await t.app.inject(`/checkout/confirm?payment_intent=${booking.intentId}`);
      if (res.statusCode === 409 && res.json<{ message: string }>().message.includes('refunded in full')) {
        const ledger = await ledgerOf(t.database.db, booking.id);
        if (ledger.refundedCents < ledger.receivedCents || ledger.receivedCents === 0) {
          world.problems.push(`${booking.id}: told refunded with ${JSON.stringify(ledger)}`);
        }
      }
      return;
    }
    case 'webhook': {
      if (!booking) return;
      const event = signedEvent('payment_intent.succeeded', {
        id: booking.intentId,
        object: 'payment_intent',
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.payload,
      });
      return;
    }
    case 'release':
      if (booking) await t.app.inject({ method: 'POST', url: `/checkout/booking/${booking.id}/release` });
      return;
    case 'cancel':
    case 'confirmAdmin':
      if (!booking) return;
      await t.app.inject(
        op.kind === 'cancel'
          ? {
              method: 'POST',
              url: `/api/admin/bookings/${booking.id}/cancel`,
              headers: bearer(world.admin),
              payload: { reason: 'Engine trouble' },
            }
          : {
              method: 'PATCH',
              url: `/api/admin/bookings/${booking.id}`,
              headers: bearer(world.admin),
              payload: { status: 'confirmed' },
            },
      );
      return;
    case 'refund':
      if (!booking) return;
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${booking.id}/refund`,
        headers: bearer(world.admin),
        payload: op.euros === null ? {} : { amount: op.euros },
      });
      return;
    case 'lapse':
      world.now = new Date(world.now.getTime() + (HOLD_MINUTES + 1) * 60_000);
      t.setNow(world.now);
      return;
    case 'sweep':
      await expireLapsedHolds(t.ctx);
      return;
    case 'reconcile':
      await reconcilePayments(t.ctx);
      return;
  }
}

/** A request to the app; a 500 that no simulated crash explains is a problem of the run. */
async function inject(world: World, op: Op, opts: InjectOptions | string) {
  const res = await world.t.app.inject(opts);
  if (res.statusCode === 500 && !world.crash.dead) world.problems.push(`${op.kind}: 500 ${res.body}`);
  return res;
}

function isCrash(err: unknown): boolean {
  if (err instanceof Crash) return true;
  const cause = (err as { cause?: unknown } | undefined)?.cause;
  return cause !== undefined && cause !== err && isCrash(cause);
}

/** Runs an operation; a simulated crash ends it like a dead process, anything else fails the test. */
async function survive(promise: Promise<void>): Promise<void> {
  try {
    await promise;
  } catch (err) {
    if (!isCrash(err)) throw err;
  }
}

const bookingIndex = fc.integer({ min: 0, max: BOOKINGS - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: bookingIndex.map((b) => ({ kind: 'start' as const, b })) },
  { weight: 3, arbitrary: bookingIndex.map((b) => ({ kind: 'pay' as const, b })) },
  { weight: 2, arbitrary: bookingIndex.map((b) => ({ kind: 'confirm' as const, b })) },
  { weight: 1, arbitrary: bookingIndex.map((b) => ({ kind: 'webhook' as const, b })) },
  { weight: 2, arbitrary: bookingIndex.map((b) => ({ kind: 'release' as const, b })) },
  { weight: 1, arbitrary: bookingIndex.map((b) => ({ kind: 'cancel' as const, b })) },
  { weight: 1, arbitrary: bookingIndex.map((b) => ({ kind: 'confirmAdmin' as const, b })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(bookingIndex, fc.option(fc.constantFrom(10, 25, 200), { nil: null }))
      .map(([b, euros]) => ({ kind: 'refund' as const, b, euros })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'lapse' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'sweep' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reconcile' as const }) },
);
const crashArb: fc.Arbitrary<CrashPoint> = fc.option(
  fc.record({
    call: fc.integer({ min: 0, max: 2 }),
    when: fc.constantFrom('before' as const, 'after' as const),
  }),
  { nil: null, freq: 4 },
);
const stepArb: fc.Arbitrary<Step> = fc.record({
  op: opArb,
  crash: crashArb,
  together: fc.option(opArb, { nil: null, freq: 3 }),
});

describe('booking lifecycle and ledger: model-based (PostgreSQL)', async () => {
  const base = new Date('2027-03-01T09:00:00Z');
  const t = await buildTestApp({
    template: 'empty',
    now: base,
    env: { MAX_LIVE_HOLDS_PER_IP: '100000', SANDBOX_WEBHOOK_SECRET, HOLD_MINUTES: String(HOLD_MINUTES) },
  });
  const admin = await tokenFor(t, 'admin');
  const crash = new CrashSwitch();
  t.ctx.payments = crashingProvider(t.ctx.payments, crash);
  t.ctx.db = crashingDb(t.database.db, crash);
  const boat = await createBoat(t.database.db, { capacity: 30 });
  let runNo = 0;

  it(
    `keeps every invariant over ${RUNS} random interleavings with crashes`,
    { timeout: 600_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 3, maxLength: 14 }), async (steps) => {
          runNo += 1;
          crash.restart();
          const now = new Date(base.getTime() + runNo * 24 * HOUR);
          t.setNow(now);
          // Four seats and bookings of two: a lapsed hold's seats can be resold to someone else.
          const slot = await createSlot(t.database.db, boat.id, {
            type: 'shared',
            start: new Date(now.getTime() + 10 * 24 * HOUR),
            hours: 2,
            seatsTotal: 4,
            seatPriceCents: 2500,
          });
          const world: World = { t, admin, slot, boatId: boat.id, bookings: [], now, problems: [], crash };
          for (const step of steps) {
            crash.arm(step.crash);
            await Promise.all([
              survive(run(world, step.op)),
              step.together ? survive(run(world, step.together)) : null,
            ]);
            crash.restart();
          }
          // One job period later, as the background jobs run it.
          await run(world, { kind: 'lapse' });
          await expireLapsedHolds(t.ctx);
          await reconcilePayments(t.ctx);

          const ids = world.bookings.filter((b): b is Booking => b !== undefined).map((b) => b.id);
          const violations = [
            ...world.problems,
            ...(await moneyViolations(t.database.db, ids)),
            ...(await seatViolations(t.database.db, [slot.id])),
            ...(await charterViolations(t.database.db, ids)),
            ...(await historyViolations(t.database.db, ids)),
          ];
          expect(violations).toEqual([]);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    },
  );
});
