// Model-based test of the booking lifecycle and the ledger (fast-check), against the real app
// on PostgreSQL: random interleavings of checkout, card payment, confirm, webhook, release, a
// whole checkout in one go, hold lapse and sweep, reconciliation, admin confirm / cancel /
// refund, the operator's weather cancellation of the trip (refund everyone, or a choice the
// customer answers by moving to a spare trip, to a cheaper or a dearer trip of another owner's boat
// from the same harbour that day, or taking the refund: fee + owner's share = net received, and
// the platform's cover = the dearer trip's difference, the cheaper one's refunded), the customer's own
// cancellation under the boat's policy (the trip 12 h, 36 h or 10 days ahead: nothing, half or
// everything back), the customer's change of date under the boat's reschedule policy (to another
// trip of the boat: a cheaper one's difference less a fee refunded, a dearer one's paid by card
// while its seats are held, confirmed by the customer or the webhook, or left to lapse; fee +
// owner's share = net received after each move), the deadline job turning unanswered choices into refunds once their deadline
// has passed, and the minimum-to-depart cutoff (the boat needs 3 paid seats 6 h before
// departure, else the job cancels and refunds the trip), some of them running concurrently, and
// crashes. Half the runs sell on a request-to-book boat (docs/payments.md#request-to-book): the
// card is only authorized and the booking awaits its owner, who accepts (captured, paid) or
// declines, or the request lapses at its deadline by the job; all of it interleaved with the
// rest (the weather, the cutoff, crashes at the capture). A crash kills the server at
// a provider call (just before or just after the provider acts): from then on the request's
// database access fails, as if the process had died, and the next operation runs on a
// "restarted" server (same database). After every run and one job period (hold sweep,
// reconciliation, unfinished trip cancellations), the invariants must hold: every captured cent
// is on a live booking or refunded, no live booking is worth more than it keeps, taken seats equal
// the seats of the live bookings and of the requests awaiting their owner, nobody is sold or
// awaiting on a canceled trip, a declined, lapsed or refused request was never charged and one
// still awaiting is only authorized, histories follow the table. Half the runs sell with a
// one-use promo code (docs/payments.md#promo-codes): each checkout tries it first and buys
// without it when it is used up; then the code is never held by more than one live or sold
// booking, and every booking with it was charged its price less its discount.
//
// One run in three sells charters instead (a whole boat by the hour, issue 40's cross-owner
// move, docs/payments.md#another-owners-boat): three customers each ask for 2 or 3 of the boat's
// eight hours from 14:00 (they may overlap: one of them gets the hours), priced with the boat's
// rules (weekends and the sunset hours dearer); checkout, card, confirm or webhook, hold lapse, the
// customer's cancellation under the policy, the operator's cancellation for a technical fault (one
// charter) or a storm (the day's charters) with the refund or the choice, the customer's answer
// (another owner's charter boat in the same harbour, cheaper, of the same rates or dearer, from the
// choice shown on manage my booking, or the refund), the deadline job, request-to-book, crashes.
// In either kind of run the customer who answers a choice is one who has one open (booking b's,
// else the next one's): answered at random, a choice was almost never open, and no run moved.
// A move is checked as it happens (the booking is worth the new boat's price as the model prices
// it; the platform covered the dearer one's difference and the cheaper one's went back, exactly,
// when nothing ran beside it); after the run, the charter hours claimed are the live charters'
// (none twice, none on a canceled hour). After every run, of either kind, the platform's cost on
// each booking is the difference the model saw it cover (none once a canceled booking's customer
// has everything back), and then the trips end: the job completes them and the platform month's
// "Moves to dearer trips covered by the platform" grows by exactly the completed bookings' covers.
// Each run starts on a day after the last run's clock, so no job of a later run meets a trip
// already completed. LIFECYCLE_MODEL_RUNS sets the number of runs (default 200).
//
// A second model sells through the other channels (docs/channels.md): resellers reserve, confirm
// and cancel through OCTO with their keys (one on the boat's policy, one with free cancellation),
// agents sell for cash, the operator cancels and refunds an agent's sale, the admin records
// agents' settlements (and is refused one above what is owed), holds lapse. After each run: fee +
// owner's share = net received for every booking, and each reseller's and agent's balance is what
// it sold (net of its commission) less what went back to customers and what it settled, as the
// model counts it. CHANNEL_MODEL_RUNS sets its runs (default 20).
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { expireLapsedHolds } from '../../src/modules/jobs/hold-expiry';
import { completeEndedTrips } from '../../src/modules/jobs/trip-completion';
import { reconcilePayments } from '../../src/modules/jobs/payment-reconciliation';
import { ledgerOf } from '../../src/modules/payments/ledger';
import type { PaymentProvider } from '../../src/modules/payments/payment-provider';
import { randomInt, randomUUID } from 'node:crypto';
import { formatVoucherCode, VOUCHER_CODE_ALPHABET } from '@boats/domain/gift-vouchers';
import { and, eq, inArray, isNull, max, min, sql } from 'drizzle-orm';
import { promoDiscountCents } from '@boats/domain/promo-codes';
import { bookingPrice } from '@boats/domain/pricing';
import { seasonalRates, type PriceRule } from '@boats/domain/price-rules';
import { canaryDateKey } from '@boats/domain/canary-time';
import {
  bookings,
  giftVouchers,
  payments,
  promoCodes,
  refunds,
  resellerBookings,
  slots,
  tripChangeOffers,
  users,
} from '../../src/db/schema';
import { expireRequests } from '../../src/modules/booking-requests/request-decision';
import { signAccessToken, type TokenUser } from '../../src/modules/auth/access-token';
import { bearer, newOwner } from '../helpers/admin-token';
import { coverInvoicesOfBooking } from '../../src/modules/invoices/platform-cover-invoices';
import { customerToken } from '../helpers/manage-token';
import type { RescheduleOffers } from '@boats/domain/schemas/manage-booking';
import type { TripChangeOffer } from '@boats/domain/schemas/trip-cancellation';
import { resumeTripCancellations } from '../../src/modules/trip-cancellation/trip-cancellation-service';
import { cancelTripsBelowMinimum } from '../../src/modules/trip-cancellation/minimum-cutoff';
import { DECISION_GRACE_MS } from '../../src/modules/trip-cancellation/trip-change-service';
import { SANDBOX_WEBHOOK_SECRET, signedEvent } from '../helpers/signed-event';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import {
  canceledTripViolations,
  charterHourViolations,
  charterViolations,
  coverViolations,
  historyViolations,
  moneyViolations,
  promoViolations,
  requestViolations,
  voucherViolations,
  seatViolations,
  worthViolations,
} from '../helpers/money-invariants';
import {
  bookingUrl,
  charterRequest,
  confirmReturn,
  createBoat,
  createSharedTrip,
  HOUR,
  payByCard,
  requestHold,
  sharedRequest,
} from '../helpers/checkout-fixtures';

/** Moves to another owner's boat the runs made, by kind: a run of the model that never made one proves nothing of them. */
const crossOwnerMoves: Record<TripKind, number> = { shared: 0, charter: 0 };
const RUNS = Number(process.env.LIFECYCLE_MODEL_RUNS ?? 100);
const CHANNEL_RUNS = Number(process.env.CHANNEL_MODEL_RUNS ?? 20);
const BOOKINGS = 3;
const HOLD_MINUTES = 15;
/** The boat's minimum to depart (paid seats) and its cutoff before departure. */
const MIN_SEATS_TO_DEPART = 3;
const CUTOFF_HOURS = 6;
/** Every booking's party. */
const PARTY = { adults: 2, children50: 0, kidsFree: 0 };
/** A charter run's boat sells eight hours in a row; another owner's boats four from the same start. */
const CHARTER_HOURS = 8;
const OTHER_CHARTER_HOURS = 4;
/** How much earlier than a shared run's 09:00 UTC a charter run's day starts (02:00 UTC). */
const CHARTER_DAY_OFFSET_HOURS = 7;
const WEEKENDS: PriceRule = {
  id: 'weekends',
  kind: 'weekdays',
  days: [6, 7],
  change: { type: 'percent', percent: 20 },
};
const SUNSET: PriceRule = {
  id: 'sunset',
  kind: 'times',
  from: '17:00',
  to: '21:00',
  change: { type: 'percent', percent: 10 },
};
/**
 * The charter boats, by the hour with their price rules: the run's boat (€150, weekends 20 % and
 * from 17:00 10 % more) and another owner's in the same harbour, of similar size: a cheaper one
 * (€125, €130 from 14:00 to 16:00), one of the same rates and rules, and a dearer one (€175,
 * weekends 10 % more; on a weekend's sunset hour it is the cheaper). Which of the three is
 * cheaper, equal or dearer for a booking follows from its start and day, as the model prices it.
 */
type CharterFleetBoat = { perHourCents: number; capacity: number; rules: PriceRule[] };
const CHARTER_FLEET: Record<'own' | 'cheaper' | 'equal' | 'dearer', CharterFleetBoat> = {
  own: { perHourCents: 15_000, capacity: 8, rules: [WEEKENDS, SUNSET] },
  cheaper: {
    perHourCents: 12_500,
    capacity: 8,
    rules: [
      {
        id: 'early',
        kind: 'times',
        from: '14:00',
        to: '16:00',
        change: {
          type: 'fixed',
          perHourCents: 13_000,
          halfDayCents: null,
          fullDayCents: null,
          seatPerHourCents: null,
        },
      },
    ],
  },
  equal: { perHourCents: 15_000, capacity: 10, rules: [WEEKENDS, SUNSET] },
  dearer: {
    perHourCents: 17_500,
    capacity: 10,
    rules: [{ ...WEEKENDS, change: { type: 'percent', percent: 10 } }],
  },
};

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
    captureIntent: (id, key) => crash.around(() => inner.captureIntent(id, key)),
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

/** A checkout; a gift voucher paying everything leaves no card payment (clientSecret null). */
type Booking = { id: string; clientSecret: string | null; intentId: string | null };
type SlotRow = Awaited<ReturnType<typeof createSharedTrip>>;
type BoatRow = Awaited<ReturnType<typeof createBoat>>;
/** What a run sells: seats of a shared trip, or charters (a whole boat by the hour). */
type TripKind = 'shared' | 'charter';
/** A shared run's other trips. */
type SharedTrips = {
  /** Another trip of the boat, cheaper, that a weather choice can move a booking to. */
  spare: SlotRow;
  /** A dearer trip of the boat, after the spare one, that a change of date pays the difference for. */
  dearer: SlotRow;
  /** Trips of another owner's boat from the same harbour, the trip's day: cheaper and dearer. */
  other: { cheaper: SlotRow; dearer: SlotRow };
};
/** A charter boat of the run and its one-hour slots, in order. */
type CharterBoat = { boat: BoatRow; hours: SlotRow[] };
/** Which of the boat's hours a charter run's booking asks for: from its offset-th hour, so long. */
type CharterPlan = { offset: number; hours: number };
/** A charter run: the run's boat, each booking's hours, and another owner's comparable boats. */
type Charters = {
  own: CharterBoat;
  plans: CharterPlan[];
  /** The other owner's boats from the same harbour: cheaper, equal and dearer by the hour. */
  other: Record<'cheaper' | 'equal' | 'dearer', CharterBoat>;
};
type World = {
  t: TestApp;
  admin: TokenUser;
  /** The shared trip, or the charter boat's first hour. */
  slot: SlotRow;
  shared: SharedTrips | null;
  charter: Charters | null;
  run: number;
  boatId: string;
  /** How the run's boat sells: at once, or on request (authorized, then its owner decides). */
  mode: BookingMode;
  bookings: (Booking | undefined)[];
  now: Date;
  /** Problems seen during the run: a customer told "refunded" too early, a 500 without a crash. */
  problems: string[];
  crash: CrashSwitch;
  /** The run's one-use promo code (10 % off), or null: no code in this run. */
  promo: { id: string; code: string } | null;
  /** The run's gift voucher, or null: no voucher in this run. */
  voucher: { id: string; code: string } | null;
  /** Each booking's moves to another owner's boat the customer asked for (some refused or cut by a crash). */
  moves: Map<string, MoveAttempt[]>;
  /** Whether the step runs beside another one (a move's difference is then checked at the run's end only). */
  concurrent: boolean;
};

type BookingMode = 'instant' | 'request';

type Op =
  | { kind: 'start' | 'pay' | 'confirm' | 'webhook' | 'release' | 'cancel' | 'confirmAdmin'; b: number }
  | { kind: 'accept' | 'decline'; b: number }
  | { kind: 'refund'; b: number; euros: number | null }
  /** The trip canceled (a charter run: for a technical fault, booking b's charter; for a storm, the boat's day). */
  | { kind: 'weather'; offer: 'choice' | 'refund'; b: number; reason: 'storm_warning' | 'technical_fault' }
  | { kind: 'tripChange'; b: number; choice: TripChoice }
  | { kind: 'customerCancel'; b: number }
  | { kind: 'reschedule'; b: number; to: 'first' | 'dearer'; pay: 'confirm' | 'webhook' | 'abandon' }
  | { kind: 'buy'; b: number }
  | { kind: 'lapse' | 'sweep' | 'reconcile' | 'deadline' | 'cutoff' | 'requestLapse' };

type Step = { op: Op; crash: CrashPoint; together: Op | null };
/**
 * A move to another owner's boat the customer asked for: the trip (a charter: its first hour), its
 * price for the party as the model prices it, and the customer's money on the booking just before.
 * `exact`: nothing else ran meanwhile, so the move's difference is exactly price − money.
 */
type MoveAttempt = { slotId: string; priceCents: number; heldBefore: number; exact: boolean };
/** A canceled trip's customer's answer: the spare trip (a charter run: the equal boat), another owner's, or the refund. */
type TripChoice = 'move' | 'refund' | 'otherCheaper' | 'otherEqual' | 'otherDearer';

async function run(world: World, op: Op): Promise<void> {
  const t = { ...world.t, app: { inject: (opts: InjectOptions | string) => inject(world, op, opts) } };
  const booking = 'b' in op ? world.bookings[op.b] : undefined;
  switch (op.kind) {
    case 'start': {
      if (booking) return;
      const plain = world.charter
        ? charterHold(world.charter, op.b)
        : sharedRequest(world.boatId, world.slot, PARTY);
      /** The gift voucher first (it pays what it can); once it is spent, without it. */
      const hold = async (body: typeof plain) => {
        if (!world.voucher) return requestHold(t.app, body);
        const withVoucher = structuredClone(body);
        (withVoucher.booking as Record<string, unknown>).voucherCode = world.voucher.code;
        const res = await requestHold(t.app, withVoucher);
        const refusal =
          res.statusCode === 400 ? res.json<{ error: string; details?: { field?: string } }>() : null;
        if (refusal?.details?.field !== 'booking.voucherCode') return res;
        if (refusal.error !== 'voucherSpent') world.problems.push(`voucher refused with ${res.body}`);
        return requestHold(t.app, body);
      };
      let res: Awaited<ReturnType<typeof requestHold>> | null = null;
      if (world.promo) {
        // The code first; a customer told it is used up buys without it.
        const withCode = structuredClone(plain);
        withCode.amount -= promoDiscountCents(PROMO_TERMS, plain.amount);
        (withCode.booking as Record<string, unknown>).promoCode = world.promo.code;
        res = await hold(withCode);
        const refusal =
          res.statusCode === 400 ? res.json<{ error: string; details?: { field?: string } }>() : null;
        // Only "used up" may refuse the code; any other refusal of the code is a problem.
        if (refusal?.details?.field === 'booking.promoCode' && refusal.error !== 'promoUsedUp') {
          world.problems.push(`promo refused with ${res.body}`);
        }
      }
      if (!res || res.statusCode === 400) res = await hold(plain);
      if (res.statusCode !== 200) return;
      const body = res.json<{ bookingId: string; clientSecret: string | null }>();
      world.bookings[op.b] = {
        id: body.bookingId,
        clientSecret: body.clientSecret,
        intentId: body.clientSecret ? body.clientSecret.split('_secret_')[0]! : null,
      };
      return;
    }
    case 'pay':
      if (booking?.clientSecret) await payByCard(t.app, booking.clientSecret);
      // The voucher pays everything: no card form, the voucher's own Pay.
      else if (booking)
        await t.app.inject({ method: 'POST', url: bookingUrl(t.ctx, booking.id, '/pay-with-voucher') });
      return;
    case 'buy':
      // A customer who goes straight through: hold, card, back from the card page.
      if (booking) return;
      await run(world, { kind: 'start', b: op.b });
      await run(world, { kind: 'pay', b: op.b });
      await run(world, { kind: 'confirm', b: op.b });
      return;
    case 'confirm': {
      if (!booking?.intentId) return;
      const res = await confirmReturn(t.app, booking.intentId);
      if (res.statusCode === 409 && res.json<{ message: string }>().message.includes('refunded in full')) {
        const ledger = await ledgerOf(t.database.db, booking.id);
        if (ledger.refundedCents < ledger.receivedCents || ledger.receivedCents === 0) {
          world.problems.push(`${booking.id}: told refunded with ${JSON.stringify(ledger)}`);
        }
      }
      return;
    }
    case 'webhook': {
      if (!booking?.intentId) return;
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
      if (booking) await t.app.inject({ method: 'POST', url: bookingUrl(t.ctx, booking.id, '/release') });
      return;
    case 'cancel':
    case 'confirmAdmin':
      if (!booking) return;
      await t.app.inject(
        op.kind === 'cancel'
          ? {
              method: 'POST',
              url: `/api/admin/bookings/${booking.id}/cancel`,
              headers: await adminHeaders(world),
              payload: { reason: 'Engine trouble' },
            }
          : {
              method: 'PATCH',
              url: `/api/admin/bookings/${booking.id}`,
              headers: await adminHeaders(world),
              payload: { status: 'confirmed' },
            },
      );
      return;
    case 'accept':
    case 'decline':
      // The boat's owner (here the platform admin) answers a request; refused on anything else.
      if (!booking) return;
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${booking.id}/${op.kind}`,
        headers: await adminHeaders(world),
        ...(op.kind === 'decline'
          ? { payload: { reasonCode: 'boat_unavailable', note: 'Boat in the yard' } }
          : {}),
      });
      return;
    case 'requestLapse': {
      // Nobody answers: time runs to the last request's deadline, and the job lets it lapse.
      const ids = world.bookings.filter((b): b is Booking => b !== undefined).map((b) => b.id);
      const [latest] =
        ids.length === 0
          ? []
          : await world.t.database.db
              .select({ decideBy: max(bookings.requestDecideBy) })
              .from(bookings)
              .where(inArray(bookings.id, ids));
      if (latest?.decideBy) moveClockTo(world, latest.decideBy);
      await expireRequests(t.ctx);
      return;
    }
    case 'refund':
      if (!booking) return;
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${booking.id}/refund`,
        headers: await adminHeaders(world),
        // With a reason, so a booking that sails gets it as a goodwill gesture (part of it only:
        // all of it is refused as a cancellation); a canceled one as the operator's refund.
        payload: { ...(op.euros === null ? {} : { amount: op.euros }), reason: 'Model gesture' },
      });
      return;
    case 'weather': {
      // A charter run's operator cancels, for a storm, every charter of the day (the first hour of
      // each booking's hours: every charter claiming one is canceled); for a technical fault, one
      // charter (its first hour). A shared run's, the trip.
      const charter = world.charter;
      const firsts = !charter
        ? []
        : op.reason === 'storm_warning'
          ? [...new Set(charter.plans.map((plan) => plan.offset))]
          : [charter.plans[op.b]!.offset];
      const hours = charter ? firsts.map((offset) => charter.own.hours[offset]!) : [world.slot];
      for (const hour of hours) {
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/trips/${hour.id}/cancel`,
          headers: await adminHeaders(world),
          payload: { reasonCode: op.reason, note: 'Model cancellation', offer: op.offer },
        });
      }
      return;
    }
    case 'tripChange': {
      const b = await answeringBooking(world, op.b);
      const answering = world.bookings[b];
      if (!answering) return;
      const target = await tripChangeTarget(world, op.choice, b, answering);
      if (target === undefined) return;
      // What the customer's own money on the booking is before the move (nothing covered yet: a
      // booking moves off a canceled trip of the run's boat once).
      const heldBefore = (await ledgerOf(world.t.database.db, answering.id)).refundableCents;
      const attempt = target?.otherOwner
        ? { slotId: target.slotId, priceCents: target.priceCents, heldBefore, exact: !world.concurrent }
        : null;
      if (attempt) world.moves.set(answering.id, [...(world.moves.get(answering.id) ?? []), attempt]);
      const moved = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${answering.id}/trip-change`,
        payload: {
          token: await tokenOf(world, answering),
          ...(target ? { choice: 'move', slotId: target.slotId } : { choice: 'refund' }),
        },
      });
      // A move to another owner's boat: the booking is worth that trip's price (its boat's rates
      // and rules, as the model prices it); the platform covered exactly the dearer trip's
      // difference and the customer got the cheaper one's back; fee + the new owner's share = net
      // received.
      if (attempt && moved.statusCode === 200) {
        crossOwnerMoves[world.charter ? 'charter' : 'shared'] += 1;
        world.problems.push(
          ...(await crossOwnerMoveViolations(
            world,
            answering.id,
            attempt,
            moved.json<{ refunded: number }>(),
          )),
        );
        world.problems.push(...(await feeSplitViolations(world, [answering.id])));
      }
      return;
    }
    case 'customerCancel': {
      if (!booking) return;
      // As on manage my booking: the refund the policy gives is shown, then confirmed.
      const token = await tokenOf(world, booking);
      const quote = await t.app.inject(`/api/bookings/${booking.id}/cancellation?token=${token}`);
      if (quote.statusCode !== 200) return;
      await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${booking.id}/cancel`,
        payload: { token, expectedRefund: quote.json<{ refund: number }>().refund },
      });
      return;
    }
    case 'reschedule': {
      // A change of date is a shared run's (a charter's is manage my booking's own, not modelled).
      if (!booking || !world.shared) return;
      // As on manage my booking: the trips and their differences are shown, one is chosen.
      const token = await tokenOf(world, booking);
      const offers = await inject(world, op, `/api/bookings/${booking.id}/reschedule?token=${token}`);
      const options = offers.statusCode === 200 ? offers.json<RescheduleOffers>().options : [];
      const option =
        op.to === 'dearer' ? options.find((o) => o.slotId === world.shared?.dearer.id) : options[0];
      if (!option) return;
      const moved = await inject(world, op, {
        method: 'POST',
        url: `/api/bookings/${booking.id}/reschedule`,
        payload: { token, slotId: option.slotId, expectedDifference: option.difference },
      });
      if (moved.statusCode !== 200) return;
      // A dearer trip: its seats are held while the card pays the difference; the customer's
      // confirm call or the webhook moves the booking, or the customer leaves and the hold lapses.
      const payment = moved.json<{ payment: { clientSecret: string } | null }>().payment;
      let answered = true;
      if (payment && op.pay !== 'abandon') {
        await payByCard(t.app, payment.clientSecret);
        const intentId = payment.clientSecret.split('_secret_')[0]!;
        if (op.pay === 'confirm') {
          const confirmed = await t.app.inject({
            method: 'POST',
            url: `/api/bookings/${booking.id}/reschedule/confirm`,
            payload: { token, paymentIntentId: intentId },
          });
          answered = confirmed.statusCode < 500;
        } else {
          const event = signedEvent('payment_intent.succeeded', { id: intentId, object: 'payment_intent' });
          const hooked = await t.app.inject({
            method: 'POST',
            url: '/api/payments/webhook',
            headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
            payload: event.payload,
          });
          answered = hooked.statusCode < 500;
        }
      }
      // The fee and the owner's share still add up to what the ledger says was kept, after each
      // move (unless a crash stopped the server on the way: the run's end checks it then).
      if (answered) world.problems.push(...(await feeSplitViolations(world, [booking.id])));
      return;
    }
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
    case 'deadline': {
      // Time runs past the last open choice's deadline (and the grace for a choice sent just
      // before it); the job then refunds whoever did not answer.
      const ids = world.bookings.filter((b): b is Booking => b !== undefined).map((b) => b.id);
      const [latest] =
        ids.length === 0
          ? []
          : await world.t.database.db
              .select({ deadline: max(tripChangeOffers.deadline) })
              .from(tripChangeOffers)
              .where(inArray(tripChangeOffers.bookingId, ids));
      if (latest?.deadline)
        moveClockTo(world, new Date(latest.deadline.getTime() + DECISION_GRACE_MS + 60_000));
      await resumeTripCancellations(t.ctx);
      return;
    }
    case 'cutoff':
      // The trip's cutoff comes: below its minimum, the job cancels and refunds it.
      moveClockTo(world, new Date(world.slot.startsAt.getTime() - CUTOFF_HOURS * HOUR));
      await cancelTripsBelowMinimum(t.ctx);
      return;
  }
}

/** The model's clock moves forward only. */
function moveClockTo(world: World, at: Date): void {
  if (at.getTime() <= world.now.getTime()) return;
  world.now = at;
  world.t.setNow(at);
}

/**
 * The operator's bearer, signed at the model's clock for each call: the clock moves a day per run
 * and 16 minutes per lapse, so one token signed at the start would expire after 15 minutes and
 * every admin operation would stop at 401.
 */
async function adminHeaders(world: Pick<World, 't' | 'admin' | 'now'>) {
  return bearer(await signAccessToken(world.admin, world.t.ctx.config.jwtSecret, world.now));
}

/**
 * The back office's fee split of each booking: the platform's fee and the owner's share add up
 * to the net received (card and voucher money), as the ledger sums it.
 */
async function feeSplitViolations(
  world: Pick<World, 't' | 'admin' | 'now'> & { crash?: CrashSwitch },
  ids: string[],
): Promise<string[]> {
  const problems: string[] = [];
  for (const id of ids) {
    const res = await world.t.app.inject({
      url: `/api/admin/bookings/${id}`,
      headers: await adminHeaders(world),
    });
    // Asked right after a move, beside a step whose crash killed the server: nothing to read
    // (the run's end asks again).
    if (res.statusCode !== 200) {
      if (!world.crash?.dead) problems.push(`${id}: the back office answered ${res.statusCode}`);
      continue;
    }
    const b = res.json<{
      status: string;
      platformFee: number;
      ownerAmount: number;
      netReceived: number;
      payment: { received: number; refunded: number };
      refunds: { amount: number; status: string }[];
    }>();
    const ledger = await ledgerOf(world.t.database.db, id);
    const cents = (euros: number) => Math.round(euros * 100);
    if (
      cents(b.platformFee) + cents(b.ownerAmount) !== cents(b.netReceived) ||
      cents(b.netReceived) !== ledger.netCents
    ) {
      problems.push(
        // The split is of the booking row's received − refunded; the net, of its payment and
        // refund rows read after it: say both, and the refunds, so a stale read shows as one.
        `${id} (${b.status}): fee ${b.platformFee} + owner ${b.ownerAmount} (received ${b.payment.received} − refunded ${b.payment.refunded}) vs net ${b.netReceived} (ledger ${ledger.netCents}; refunds ${JSON.stringify(b.refunds)})`,
      );
    }
  }
  return problems;
}

/**
 * Right after a move to another owner's boat: the booking is worth the trip's price as the model
 * prices it and holds exactly that (a cheaper trip's difference went back to the customer), and
 * the platform's payment on it is exactly what that worth exceeds the customer's own money; when
 * nothing ran beside the move, the difference refunded or covered is the price against the
 * customer's money before it.
 */
async function crossOwnerMoveViolations(
  world: World,
  id: string,
  move: MoveAttempt,
  answer: { refunded: number },
): Promise<string[]> {
  const db = world.t.database.db;
  const [row] = await db
    .select()
    .from(bookings)
    .where(inArray(bookings.id, [id]));
  const cover = await netCoverCents(db, id);
  const worth = row?.amountGrossCents ?? 0;
  const holds = (await ledgerOf(db, id)).refundableCents;
  const problems: string[] = [];
  if (worth !== move.priceCents)
    problems.push(`${id}: moved to another owner's boat at ${worth}, the trip's price ${move.priceCents}`);
  if (holds !== worth) problems.push(`${id}: moved to another owner's boat, worth ${worth}, holds ${holds}`);
  if (cover !== Math.max(0, worth - (holds - cover)))
    problems.push(`${id}: platform covered ${cover} of ${worth}, the customer's own ${holds - cover}`);
  // What went back: to the card (the answer's `refunded`) and to a gift voucher that paid part.
  const refunded = move.heldBefore - (holds - cover);
  const toCard = Math.round(answer.refunded * 100);
  if (
    move.exact &&
    (cover !== Math.max(0, move.priceCents - move.heldBefore) ||
      refunded !== Math.max(0, move.heldBefore - move.priceCents) ||
      toCard > refunded)
  ) {
    problems.push(
      `${id}: ${move.heldBefore} moved to a trip of ${move.priceCents}: covered ${cover}, refunded ${refunded} (${toCard} to the card)`,
    );
  }
  return problems;
}

/** A charter's price on `boat` starting at `start`: its rates by the hour with its price rules applied. */
function charterPriceAt(boat: BoatRow, start: Date, hours: number) {
  const rates = seasonalRates(
    {
      charter: {
        perHourCents: boat.pricePerHourCents,
        halfDayCents: null,
        halfDayHours: boat.halfDayHours,
        fullDayCents: null,
        fullDayHours: boat.fullDayHours,
      },
      seatPerHourCents: 0,
    },
    boat.priceRules,
    start,
  );
  return bookingPrice({ mode: 'private', rates: rates.charter, hours });
}

/** Booking b's charter checkout: its hours of the run's boat, at the price the booking page shows. */
function charterHold(charter: Charters, b: number) {
  const plan = charter.plans[b]!;
  const first = charter.own.hours[plan.offset]!;
  const body = charterRequest(charter.own.boat, first, plan.hours, {}, PARTY);
  const price = charterPriceAt(charter.own.boat, first.startsAt, plan.hours);
  return {
    ...body,
    amount: price.amountCents,
    booking: { ...body.booking, priceBreakdown: price.breakdown },
  };
}

/**
 * The trip a canceled booking's customer moves to (null: the refund; undefined: nothing to do).
 * A shared run's customer names it (the spare trip, another owner's cheaper or dearer one); a
 * charter run's customer reads the choice on manage my booking and takes the chosen boat's first
 * start offered, if any, whose price shown must be the model's.
 */
async function tripChangeTarget(
  world: World,
  choice: TripChoice,
  b: number,
  booking: Booking,
): Promise<{ slotId: string; otherOwner: boolean; priceCents: number } | null | undefined> {
  if (choice === 'refund') return null;
  if (world.shared) {
    const { spare, other } = world.shared;
    const slot = { move: spare, otherEqual: spare, otherCheaper: other.cheaper, otherDearer: other.dearer }[
      choice
    ];
    return {
      slotId: slot.id,
      otherOwner: slot !== spare,
      priceCents: sharedRequest(slot.boatId, slot, PARTY).amount,
    };
  }
  const charter = world.charter!;
  const boat =
    charter.other[choice === 'otherCheaper' ? 'cheaper' : choice === 'otherDearer' ? 'dearer' : 'equal'];
  const offer = await inject(
    world,
    { kind: 'tripChange', b, choice },
    `/api/bookings/${booking.id}/trip-change?token=${await tokenOf(world, booking)}`,
  );
  if (offer.statusCode !== 200) return undefined;
  const option = offer
    .json<TripChangeOffer>()
    .options.find((o) => boat.hours.some((hour) => hour.id === o.slotId));
  const start = boat.hours.find((hour) => hour.id === option?.slotId);
  if (!option || !start) return undefined;
  const priceCents = charterPriceAt(boat.boat, start.startsAt, charter.plans[b]!.hours).amountCents;
  if (Math.round(option.price * 100) !== priceCents)
    world.problems.push(
      `${booking.id}: offered ${start.id} at €${option.price}, the model prices ${priceCents}`,
    );
  return { slotId: start.id, otherOwner: true, priceCents };
}

/**
 * Who answers a canceled trip's choice: booking b's customer, or when b has no open choice, the
 * next booking's that has one (customers answer once they are told; a random one mostly was not).
 */
async function answeringBooking(world: World, b: number): Promise<number> {
  const ids = world.bookings.filter((x): x is Booking => x !== undefined).map((x) => x.id);
  if (ids.length === 0) return b;
  const open = new Set(
    (
      await world.t.database.db
        .select({ id: tripChangeOffers.bookingId })
        .from(tripChangeOffers)
        .where(and(inArray(tripChangeOffers.bookingId, ids), isNull(tripChangeOffers.decidedAt)))
    ).map((row) => row.id),
  );
  for (let k = 0; k < BOOKINGS; k++) {
    const next = (b + k) % BOOKINGS;
    const id = world.bookings[next]?.id;
    if (id && open.has(id)) return next;
  }
  return b;
}

/** What the platform's cover of moves holds on a booking: its 'platform' payments less what came back. */
async function netCoverCents(db: Db, id: string): Promise<number> {
  const [row] = (
    (await db.execute(sql`select coalesce(sum(p.amount_cents - coalesce((select sum(r.amount_cents)
        from ${refunds} r where r.payment_id = p.id and r.status = 'succeeded'), 0)), 0)::int as cents
      from ${payments} p where p.booking_id = ${id} and p.method = 'platform' and p.status = 'succeeded'`)) as unknown as {
      rows: { cents: number }[];
    }
  ).rows;
  return row?.cents ?? 0;
}

/**
 * The platform's cost on each booking (netCoverCents) is the difference it covered, all of it on
 * the owner's invoices to the platform: on a booking
 * the model moved to another owner's dearer trip, that trip's price less the customer's money
 * then; nothing on a booking not moved or moved to a cheaper or equal trip, nor once a canceled
 * booking's customer has all their money back (the cover then went back to the platform).
 */
async function coverCostViolations(world: World, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const db = world.t.database.db;
  const rows = await db
    .select({ id: bookings.id, slotId: bookings.slotId, boatId: bookings.boatId, status: bookings.status })
    .from(bookings)
    .where(inArray(bookings.id, ids));
  const problems: string[] = [];
  for (const row of rows) {
    const cover = await netCoverCents(db, row.id);
    // Every euro of the cover is on the owner's invoice to the platform, self-billed
    // (docs/invoicing.md#the-platforms-cover-self-billed): its rectification when it went back.
    const invoiced = (await coverInvoicesOfBooking(db, row.id))
      .filter((invoice) => !invoice.cancelled)
      .reduce((sum, invoice) => sum + invoice.totalCents, 0);
    if (invoiced !== cover)
      problems.push(`${row.id}: a cover of ${cover} on the owner's invoices for ${invoiced}`);
    const customerHolds = (await ledgerOf(db, row.id)).refundableCents - cover;
    const moved = row.boatId !== world.boatId;
    // Its customer's moves to its trip, or to another trip of its boat: a date change after a move
    // to another owner's boat keeps it there, the cover as the move left it (the customer pays a
    // dearer date's difference).
    const tripsOfBoat = new Set(
      (await db.select({ id: slots.id }).from(slots).where(eq(slots.boatId, row.boatId))).map((s) => s.id),
    );
    const attempts = (world.moves.get(row.id) ?? []).filter((a) => tripsOfBoat.has(a.slotId));
    if (moved && attempts.length === 0) {
      problems.push(`${row.id}: on another owner's boat, never moved there by its customer`);
      continue;
    }
    const settled = (row.status === 'canceled' || row.status === 'refunded') && customerHolds <= 0;
    // A move beside another step of the same booking: its difference is checked against the ledger only.
    if (moved && !settled && attempts.some((a) => !a.exact)) continue;
    const expected = moved && !settled ? attempts.map((a) => Math.max(0, a.priceCents - a.heldBefore)) : [0];
    if (!expected.includes(cover)) {
      problems.push(
        `${row.id} (${row.status}): the platform's cost ${cover}, the difference it covered ${expected.join(' or ')}`,
      );
    }
  }
  return problems;
}

/**
 * The run's trips end and the job completes them: the platform month's "Moves to dearer trips
 * covered by the platform" (GET /api/admin/earnings/month) grows by exactly the covers of the
 * bookings completed, in the months they ended.
 */
async function costLineViolations(world: World, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const db = world.t.database.db;
  const [span] = await db
    .select({ first: min(bookings.endsAt), last: max(bookings.endsAt) })
    .from(bookings)
    .where(inArray(bookings.id, ids));
  if (!span?.first || !span.last) return [];
  const periods = [...new Set([span.first, span.last].map((at) => canaryDateKey(at).slice(0, 7)))];
  const problems: string[] = [];
  const covered = async () => {
    let cents = 0;
    for (const period of periods) {
      const res = await world.t.app.inject({
        url: `/api/admin/earnings/month?period=${period}`,
        headers: await adminHeaders(world),
      });
      if (res.statusCode !== 200) problems.push(`platform month ${period}: ${res.statusCode} ${res.body}`);
      else cents += Math.round(res.json<{ movesCovered: number }>().movesCovered * 100);
    }
    return cents;
  };
  const before = await covered();
  moveClockTo(world, new Date(span.last.getTime() + 60_000));
  await completeEndedTrips(world.t.ctx);
  const after = await covered();
  const completed = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(inArray(bookings.id, ids), eq(bookings.status, 'completed')));
  let expected = 0;
  for (const { id } of completed) expected += await netCoverCents(db, id);
  if (after - before !== expected)
    problems.push(
      `the platform month's moves covered grew by ${after - before}, the completed bookings' covers ${expected}`,
    );
  return problems;
}

/** The manage-my-booking token the customer's e-mails carry. */
async function tokenOf(world: World, booking: Booking): Promise<string> {
  return customerToken(world.t.ctx, booking.id);
}

/**
 * A request to the app, from the booking's own customer (an address per run and booking, as
 * real customers have, so the per-address limits do not mistake them for one client); a 500
 * that no simulated crash explains is a problem of the run.
 */
async function inject(world: World, op: Op, opts: InjectOptions | string) {
  const request = typeof opts === 'string' ? { url: opts } : opts;
  const from =
    'b' in op ? `10.${world.run % 250}.${Math.floor(world.run / 250) % 250}.${op.b + 1}` : undefined;
  const res = await world.t.app.inject({ ...request, ...(from && { remoteAddress: from }) });
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
  { weight: 3, arbitrary: bookingIndex.map((b) => ({ kind: 'buy' as const, b })) },
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
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('choice' as const, 'refund' as const),
        bookingIndex,
        fc.constantFrom('storm_warning' as const, 'technical_fault' as const),
      )
      .map(([offer, b, reason]) => ({ kind: 'weather' as const, offer, b, reason })),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        bookingIndex,
        fc.constantFrom<TripChoice>('move', 'refund', 'otherCheaper', 'otherEqual', 'otherDearer'),
      )
      .map(([b, choice]) => ({ kind: 'tripChange' as const, b, choice })),
  },
  { weight: 2, arbitrary: bookingIndex.map((b) => ({ kind: 'customerCancel' as const, b })) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        bookingIndex,
        fc.constantFrom('first' as const, 'dearer' as const),
        fc.constantFrom('confirm' as const, 'webhook' as const, 'abandon' as const),
      )
      .map(([b, to, pay]) => ({ kind: 'reschedule' as const, b, to, pay })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'lapse' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'sweep' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reconcile' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'deadline' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cutoff' as const }) },
  // Request-to-book (refused on an instant boat's bookings, as on any booking not requested).
  { weight: 3, arbitrary: bookingIndex.map((b) => ({ kind: 'accept' as const, b })) },
  { weight: 1, arbitrary: bookingIndex.map((b) => ({ kind: 'decline' as const, b })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'requestLapse' as const }) },
);
// A crash in one step of four (fc.option's freq is the odds of null, so freq: 4 crashed three
// steps of four, and few bookings lived long enough to be paid, cancelled or moved).
const crashArb: fc.Arbitrary<CrashPoint> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc.record({
      call: fc.integer({ min: 0, max: 2 }),
      when: fc.constantFrom('before' as const, 'after' as const),
    }),
  },
);
/**
 * Hours from "now" to the trip: the policy then refunds nothing, half, or everything. A request
 * needs the trip more than 13 hours ahead (request_too_late), so request runs take 36 or 240.
 */
const tripAheadArb = fc.constantFrom(12, 36, 240);
const PROMO_TERMS = { kind: 'percent', value: 1000 } as const;
const modeArb = fc.constantFrom<BookingMode>('instant', 'request');
/** One run in three sells charters, with its own operations. */
const kindArb = fc.constantFrom<TripKind>('shared', 'shared', 'charter');
const runArb = kindArb.chain((kind) =>
  fc.record({
    kind: fc.constant(kind),
    steps: fc.array(kind === 'charter' ? charterStepArb : stepArb, {
      minLength: kind === 'charter' ? 6 : 3,
      maxLength: kind === 'charter' ? 16 : 18,
    }),
  }),
);
/** Each booking's hours of a charter run's eight: from the first to the seventh hour, two or three long. */
const plansArb = fc.array(
  fc
    .record({ offset: fc.integer({ min: 0, max: CHARTER_HOURS - 2 }), hours: fc.constantFrom(2, 3) })
    .map(({ offset, hours }) => ({ offset, hours: Math.min(hours, CHARTER_HOURS - offset) })),
  { minLength: BOOKINGS, maxLength: BOOKINGS },
);
type VoucherShare = 'none' | 'part' | 'all';
/** No voucher, one worth 60 % of a booking, or one worth three whole bookings. */
const voucherArb = fc.constantFrom<VoucherShare>('none', 'part', 'all');
/**
 * A charter run's operations: those that touch a charter, weighted so that a charter is often
 * paid, canceled by the operator with the choice and answered (a move to another owner's boat, or
 * the refund) within a run's steps. A change of date and the minimum cutoff are a shared run's.
 */
const charterOpArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: bookingIndex.map((b) => ({ kind: 'start' as const, b })) },
  { weight: 2, arbitrary: bookingIndex.map((b) => ({ kind: 'pay' as const, b })) },
  { weight: 6, arbitrary: bookingIndex.map((b) => ({ kind: 'buy' as const, b })) },
  { weight: 2, arbitrary: bookingIndex.map((b) => ({ kind: 'confirm' as const, b })) },
  { weight: 1, arbitrary: bookingIndex.map((b) => ({ kind: 'webhook' as const, b })) },
  { weight: 1, arbitrary: bookingIndex.map((b) => ({ kind: 'release' as const, b })) },
  { weight: 1, arbitrary: bookingIndex.map((b) => ({ kind: 'cancel' as const, b })) },
  { weight: 1, arbitrary: bookingIndex.map((b) => ({ kind: 'confirmAdmin' as const, b })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(bookingIndex, fc.option(fc.constantFrom(10, 25, 200), { nil: null }))
      .map(([b, euros]) => ({ kind: 'refund' as const, b, euros })),
  },
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.constantFrom('choice' as const, 'choice' as const, 'choice' as const, 'refund' as const),
        bookingIndex,
        fc.constantFrom('storm_warning' as const, 'technical_fault' as const),
      )
      .map(([offer, b, reason]) => ({ kind: 'weather' as const, offer, b, reason })),
  },
  {
    weight: 8,
    arbitrary: fc
      .tuple(bookingIndex, fc.constantFrom<TripChoice>('refund', 'otherCheaper', 'otherEqual', 'otherDearer'))
      .map(([b, choice]) => ({ kind: 'tripChange' as const, b, choice })),
  },
  { weight: 1, arbitrary: bookingIndex.map((b) => ({ kind: 'customerCancel' as const, b })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'lapse' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'sweep' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reconcile' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'deadline' as const }) },
  { weight: 2, arbitrary: bookingIndex.map((b) => ({ kind: 'accept' as const, b })) },
  { weight: 1, arbitrary: bookingIndex.map((b) => ({ kind: 'decline' as const, b })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'requestLapse' as const }) },
);
const stepOf = (ops: fc.Arbitrary<Op>): fc.Arbitrary<Step> =>
  fc.record({ op: ops, crash: crashArb, together: fc.option(ops, { nil: null, freq: 3 }) });
const stepArb = stepOf(opArb);
const charterStepArb = stepOf(charterOpArb);

describe('booking lifecycle and ledger: model-based (PostgreSQL)', async () => {
  const base = new Date('2027-03-01T09:00:00Z');
  const t = await buildTestApp({
    template: 'empty',
    now: base,
    env: { MAX_LIVE_HOLDS_PER_IP: '100000', SANDBOX_WEBHOOK_SECRET, HOLD_MINUTES: String(HOLD_MINUTES) },
  });
  const [adminRow] = await t.database.db
    .insert(users)
    .values({ email: 'model-admin@example.com', passwordHash: 'x', role: 'admin' })
    .returning();
  const admin: TokenUser = {
    id: adminRow!.id,
    email: adminRow!.email,
    role: 'admin',
    sessionId: randomUUID(),
    ownerId: null,
  };
  const crash = new CrashSwitch();
  t.ctx.payments = crashingProvider(t.ctx.payments, crash);
  t.ctx.db = crashingDb(t.database.db, crash);
  const db = t.database.db;
  let runNo = 0;
  /** The day of the last run (days after `base`). */
  let day = 0;

  /** A boat's one-hour charter slots from `start`, in order (createPrivateRun's, in one insert). */
  async function hoursOf(boatId: string, start: Date, count: number): Promise<SlotRow[]> {
    const made = await db
      .insert(slots)
      .values(
        Array.from({ length: count }, (_, i) => {
          const startsAt = new Date(start.getTime() + i * HOUR);
          return {
            boatId,
            type: 'private' as const,
            startsAt,
            endsAt: new Date(startsAt.getTime() + HOUR),
            scheduledAt: new Date(startsAt.getTime() - 30 * 24 * HOUR),
          };
        }),
      )
      .returning();
    return made.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  }

  /**
   * A fresh world per run: its own day (after the last run's clock, which the run's end moves past
   * its trips to complete them: a later run never goes back to before a completed trip), its own
   * boat (so a weather choice offers only this run's trips). A shared run: its trip (12 h, 36 h or
   * 10 days ahead), the spare and the dearer trip, another owner's cheaper and dearer trip that
   * day. A charter run: the boat's eight hours from 14:00 that day, each booking's hours, and another
   * owner's three charter boats in the same harbour with four hours from the same start.
   */
  async function newWorld(
    ahead: number,
    mode: BookingMode,
    withPromo: boolean,
    voucherShare: VoucherShare,
    kind: TripKind,
    plans: CharterPlan[],
  ): Promise<World> {
    runNo += 1;
    crash.restart();
    // A charter run's day starts at 02:00 UTC, so its hours (12 h, 36 h or 10 days ahead) start
    // at 14:00 in the Canaries (15:00 in summer) and end before midnight: another owner's hours
    // are offered on the canceled charter's day.
    const offset = kind === 'charter' ? CHARTER_DAY_OFFSET_HOURS * HOUR : 0;
    const since = t.ctx.now().getTime() - base.getTime();
    day = Math.max(day + 1, Math.floor((since + offset) / (24 * HOUR)) + 1);
    const now = new Date(base.getTime() + day * 24 * HOUR - offset);
    t.setNow(now);
    const boat = await createBoat(db, {
      capacity: kind === 'charter' ? CHARTER_FLEET.own.capacity : 30,
      sharedMinSeatsToDepart: MIN_SEATS_TO_DEPART,
      cutoffHours: CUTOFF_HOURS,
      bookingMode: mode,
      // Up to 6 h before departure, twice, €3 a time: a move to the cheaper spare trip refunds the
      // difference less the fee; a move to the dearer trip (or back) is paid by card.
      reschedulePolicy: { allowed: true, hoursBefore: 6, maxTimes: 2, feeCents: 300 },
      ...(kind === 'charter' && {
        pricePerHourCents: CHARTER_FLEET.own.perHourCents,
        priceRules: CHARTER_FLEET.own.rules,
      }),
    });
    // Another owner's boat(s) in the same harbour: a canceled trip's customers may move there.
    const otherOwner = await newOwner(t, { customerInvoicingAcceptedAt: now });
    // A charter run's hours start at 14:00 (its day's 02:00 + 12 h): 12 h, 36 h or 10½ days ahead.
    const tripStart = new Date(
      now.getTime() + (kind === 'charter' ? Math.floor(ahead / 24) * 24 + 12 : ahead) * HOUR,
    );
    let slot: SlotRow;
    let shared: SharedTrips | null = null;
    let charter: Charters | null = null;
    let price: number;
    if (kind === 'charter') {
      const own = { boat, hours: await hoursOf(boat.id, tripStart, CHARTER_HOURS) };
      const otherBoat = async (fleet: CharterFleetBoat): Promise<CharterBoat> => {
        const made = await createBoat(db, {
          ownerId: otherOwner,
          capacity: fleet.capacity,
          pricePerHourCents: fleet.perHourCents,
          priceRules: fleet.rules,
        });
        return { boat: made, hours: await hoursOf(made.id, tripStart, OTHER_CHARTER_HOURS) };
      };
      charter = {
        own,
        plans,
        other: {
          cheaper: await otherBoat(CHARTER_FLEET.cheaper),
          equal: await otherBoat(CHARTER_FLEET.equal),
          dearer: await otherBoat(CHARTER_FLEET.dearer),
        },
      };
      slot = own.hours[0]!;
      price = charterHold(charter, 0).amount;
    } else {
      // Four seats and bookings of two: a lapsed hold's seats can be resold to someone else.
      slot = await createSharedTrip(db, boat.id, tripStart, { seatsTotal: 4 });
      // Another owner's boat with a cheaper and a dearer trip that day (€20 and €30 a seat-hour
      // against the trip's €25).
      const otherBoat = await createBoat(db, { ownerId: otherOwner, capacity: 30 });
      shared = {
        // Two days later and cheaper, so a move gives the difference back.
        spare: await createSharedTrip(db, boat.id, new Date(slot.startsAt.getTime() + 48 * HOUR), {
          seatsTotal: 6,
          seatPriceCents: 2000,
        }),
        // Later and dearer: a change to it is paid by card while its seats are held.
        dearer: await createSharedTrip(db, boat.id, new Date(slot.startsAt.getTime() + 72 * HOUR), {
          seatsTotal: 4,
          seatPriceCents: 3000,
        }),
        other: {
          cheaper: await createSharedTrip(db, otherBoat.id, new Date(slot.startsAt.getTime() - 4 * HOUR), {
            seatsTotal: 4,
            seatPriceCents: 2000,
          }),
          dearer: await createSharedTrip(db, otherBoat.id, new Date(slot.startsAt.getTime() - 2 * HOUR), {
            seatsTotal: 4,
            seatPriceCents: 3000,
          }),
        },
      };
      price = sharedRequest(boat.id, slot, PARTY).amount;
    }
    const [promo] = withPromo
      ? await db
          .insert(promoCodes)
          .values({ code: `MODEL-${runNo}`, ...PROMO_TERMS, boatIds: [boat.id], maxUses: 1 })
          .returning({ id: promoCodes.id, code: promoCodes.code })
      : [];
    // A voucher sold before the run (its sale's card payment is in the ledger, on no booking).
    const voucherCents = voucherShare === 'part' ? Math.round(price * 0.6) : 3 * price;
    const [voucher] =
      voucherShare === 'none'
        ? []
        : await db
            .insert(giftVouchers)
            .values({
              code: formatVoucherCode(
                Array.from(
                  { length: 8 },
                  () => VOUCHER_CODE_ALPHABET[randomInt(VOUCHER_CODE_ALPHABET.length)],
                ).join(''),
              ),
              amountCents: voucherCents,
              purchaserName: 'Model',
              purchaserEmail: 'model@example.com',
              recipientName: 'Model',
              paidAt: now,
              expiresAt: new Date(now.getTime() + 365 * 24 * HOUR),
            })
            .returning({ id: giftVouchers.id, code: giftVouchers.code });
    if (voucher) {
      await db.insert(payments).values({
        bookingId: null,
        giftVoucherId: voucher.id,
        provider: 'sandbox',
        providerId: `model-sale-${voucher.id}`,
        amountCents: voucherCents,
        status: 'succeeded',
        method: 'card',
      });
    }
    return {
      voucher: voucher ?? null,
      promo: promo ?? null,
      t,
      admin,
      slot,
      shared,
      charter,
      run: runNo,
      boatId: boat.id,
      mode,
      bookings: [],
      now,
      problems: [],
      crash,
      moves: new Map(),
      concurrent: false,
    };
  }

  it(
    `keeps every invariant over ${RUNS} random interleavings with crashes`,
    { timeout: 600_000 },
    async () => {
      // A round of random runs moves a charter to another owner's boat a few times (3 to 6 in 200
      // on 2026-11-27, none once in a CI): should a round happen to move none, another runs, so
      // only a model whose cross-owner moves never succeed fails the check below.
      for (
        let round = 1;
        round === 1 || (RUNS >= 200 && round <= 3 && crossOwnerMoves.charter === 0);
        round++
      ) {
        await fc.assert(
          fc.asyncProperty(
            runArb,
            tripAheadArb,
            modeArb,
            fc.boolean(),
            voucherArb,
            plansArb,
            async ({ kind, steps }, ahead, mode, promo, voucher, plans) => {
              const world = await newWorld(
                mode === 'request' && ahead < 36 ? 36 : ahead,
                mode,
                promo,
                voucher,
                kind,
                plans,
              );
              for (const step of steps) {
                crash.arm(step.crash);
                world.concurrent = step.together !== null;
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
              await cancelTripsBelowMinimum(t.ctx);
              await resumeTripCancellations(t.ctx);
              await expireRequests(t.ctx);

              const ids = world.bookings.filter((b): b is Booking => b !== undefined).map((b) => b.id);
              // A dearer change's holds: their card money too is on a live booking or refunded.
              const holds =
                ids.length === 0
                  ? []
                  : (
                      await db
                        .select({ id: bookings.id })
                        .from(bookings)
                        .where(inArray(bookings.reschedulesBookingId, ids))
                    ).map((h) => h.id);
              const violations = [
                ...world.problems,
                ...(await moneyViolations(db, [...ids, ...holds])),
                ...(await worthViolations(db, [...ids, ...holds])),
                ...(world.shared
                  ? await seatViolations(db, [
                      world.slot.id,
                      world.shared.spare.id,
                      world.shared.dearer.id,
                      world.shared.other.cheaper.id,
                      world.shared.other.dearer.id,
                    ])
                  : []),
                ...(await coverViolations(db, ids)),
                ...(await coverCostViolations(world, ids)),
                ...(await canceledTripViolations(db, [world.slot.id])),
                ...(await requestViolations(db, ids)),
                ...(await charterViolations(db, ids)),
                ...(world.charter
                  ? await charterHourViolations(
                      db,
                      [world.charter.own, ...Object.values(world.charter.other)].flatMap((c) =>
                        c.hours.map((hour) => hour.id),
                      ),
                      ids,
                    )
                  : []),
                ...(await historyViolations(db, [...ids, ...holds])),
                ...(await promoViolations(db, ids)),
                ...(await voucherViolations(db, world.voucher ? [world.voucher.id] : [], ids)),
                ...(await feeSplitViolations(world, ids)),
              ];
              // Then the trips end: the platform month's cost line is the completed bookings' covers.
              violations.push(...(await costLineViolations(world, ids)));
              expect(violations).toEqual([]);
            },
          ),
          { numRuns: RUNS, endOnFailure: true },
        );
      }
      if (RUNS >= 200) expect(crossOwnerMoves.charter).toBeGreaterThan(0);
    },
  );

  describe('resellers and agents', () => {
    /** The channels' sellers, made once: balances add up over every run, as the model's do. */
    type Seller = { id: string; bps: number; owed: number; settled: number };
    type ResellerSeller = Seller & { key: string };
    type AgentSeller = Seller & { user: TokenUser };
    type Sale =
      | {
          channel: 'reseller';
          seller: number;
          uuid: string;
          id: string;
          net: number;
          state: 'held' | 'sold' | 'canceled';
        }
      | {
          channel: 'agent';
          seller: number;
          id: string;
          net: number;
          state: 'sold' | 'canceled' | 'refunded';
        };
    type ChannelOp =
      | { kind: 'reserve'; seller: number; adults: number; confirm: boolean }
      | { kind: 'confirm' | 'octoCancel'; sale: number }
      | { kind: 'sell'; seller: number; adults: number }
      | { kind: 'adminCancel' | 'adminRefund'; sale: number }
      | { kind: 'settle'; seller: number; share: 'half' | 'all' | 'tooMuch' }
      | { kind: 'lapse' };
    /** €25 a seat-hour, 2 hours: an adult €50, so every commission here is whole cents. */
    const ADULT_CENTS = 5000;
    const netOf = (retail: number, bps: number) => retail - Math.round((retail * bps) / 10_000);

    const saleIndex = fc.integer({ min: 0, max: 5 });
    const sellerIndex = fc.integer({ min: 0, max: 1 });
    const adults = fc.integer({ min: 1, max: 2 });
    const channelOpArb: fc.Arbitrary<ChannelOp> = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('reserve' as const),
          seller: sellerIndex,
          adults,
          confirm: fc.boolean(),
        }),
      },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('confirm' as const), sale: saleIndex }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('octoCancel' as const), sale: saleIndex }) },
      {
        weight: 3,
        arbitrary: fc.record({ kind: fc.constant('sell' as const), seller: sellerIndex, adults }),
      },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('adminCancel' as const), sale: saleIndex }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('adminRefund' as const), sale: saleIndex }) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('settle' as const),
          seller: sellerIndex,
          share: fc.constantFrom('half' as const, 'all' as const, 'tooMuch' as const),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'lapse' as const }) },
    );

    it(
      `fee + owner's share = net received, and every reseller's and agent's balance = sold − settled, over ${CHANNEL_RUNS} runs`,
      { timeout: 120_000 },
      async () => {
        crash.restart();
        // After the first model's days (its runs end past their trips, to complete them).
        let now = new Date(
          Math.max(base.getTime() + (RUNS + 10) * 24 * HOUR, t.ctx.now().getTime() + 24 * HOUR),
        );
        t.setNow(now);
        const office = () => ({ t, admin, now });
        const adminCall = async (opts: InjectOptions) =>
          t.app.inject({ ...opts, headers: await adminHeaders(office()) });

        const resellers: ResellerSeller[] = [];
        for (const [name, bps, cancellation] of [
          ['Model Reseller Policy', 2000, 'boat_policy'],
          ['Model Reseller Free', 1500, 'full_refund'],
        ] as const) {
          const made = await adminCall({
            method: 'POST',
            url: '/api/admin/resellers',
            payload: {
              name,
              contactName: 'Desk',
              contactEmail: 'desk@reseller.example',
              commissionPercent: bps / 100,
              cancellation,
              boats: { allOptedIn: true, boatIds: [] },
            },
          });
          const id = made.json<{ reseller: { _id: string } }>().reseller._id;
          const issued = await adminCall({
            method: 'POST',
            url: `/api/admin/resellers/${id}/keys`,
            payload: { label: 'model' },
          });
          resellers.push({ id, bps, owed: 0, settled: 0, key: issued.json<{ secret: string }>().secret });
        }
        const agents: AgentSeller[] = [];
        for (const [name, bps] of [
          ['Model Hotel Desk', 1000],
          ['Model Harbour Kiosk', 1500],
        ] as const) {
          const email = `${name.toLowerCase().replaceAll(' ', '.')}@agents.example`;
          const made = await adminCall({
            method: 'POST',
            url: '/api/admin/agents',
            payload: { name, email, password: 'a-long-agent-password', commissionPercent: bps / 100 },
          });
          expect(made.statusCode, made.body).toBe(200);
          const id = made.json<{ agent: { _id: string } }>().agent._id;
          agents.push({
            id,
            bps,
            owed: 0,
            settled: 0,
            user: { id, email, role: 'agent', sessionId: randomUUID(), ownerId: null },
          });
        }
        const cashNet = [0, 0];
        const handedBack = [0, 0];

        await fc.assert(
          fc.asyncProperty(fc.array(channelOpArb, { minLength: 3, maxLength: 14 }), async (ops) => {
            now = new Date(now.getTime() + 24 * HOUR);
            t.setNow(now);
            const boat = await createBoat(db, { capacity: 30 });
            // Ten days ahead: the boat's policy gives a reseller's customer everything back.
            const trip = await createSharedTrip(db, boat.id, new Date(now.getTime() + 240 * HOUR), {
              seatsTotal: 6,
            });
            const sales: Sale[] = [];
            const problems: string[] = [];

            for (const op of ops) {
              // The n-th sale of the run, counting round: every sale may be picked.
              const sale = 'sale' in op && sales.length > 0 ? sales[op.sale % sales.length] : undefined;
              switch (op.kind) {
                case 'reserve': {
                  const reseller = resellers[op.seller]!;
                  const res = await t.app.inject({
                    method: 'POST',
                    url: '/octo/bookings',
                    headers: { authorization: `Bearer ${reseller.key}` },
                    payload: {
                      productId: boat.id,
                      optionId: 'DEFAULT',
                      availabilityId: trip.id,
                      unitItems: Array.from({ length: op.adults }, () => ({ unitId: 'adult' })),
                    },
                  });
                  if (res.statusCode !== 200) break;
                  const body = res.json<{ uuid: string; id: string }>();
                  sales.push({
                    channel: 'reseller',
                    seller: op.seller,
                    uuid: body.uuid,
                    id: body.id,
                    net: netOf(op.adults * ADULT_CENTS, reseller.bps),
                    state: 'held',
                  });
                  // Reserved and confirmed in one go, as most resellers' checkouts do.
                  if (op.confirm) {
                    const confirmed = await t.app.inject({
                      method: 'POST',
                      url: `/octo/bookings/${body.uuid}/confirm`,
                      headers: { authorization: `Bearer ${reseller.key}` },
                      payload: { contact: { fullName: 'Model Guest' } },
                    });
                    if (confirmed.json<{ status: string }>().status === 'CONFIRMED') {
                      sales.at(-1)!.state = 'sold';
                      reseller.owed += sales.at(-1)!.net;
                    } else problems.push(`confirm at once: ${confirmed.statusCode} ${confirmed.body}`);
                  }
                  break;
                }
                case 'confirm':
                case 'octoCancel': {
                  if (sale?.channel !== 'reseller') break;
                  const reseller = resellers[sale.seller]!;
                  const res = await t.app.inject({
                    method: 'POST',
                    url: `/octo/bookings/${sale.uuid}/${op.kind === 'confirm' ? 'confirm' : 'cancel'}`,
                    headers: { authorization: `Bearer ${reseller.key}` },
                    payload: op.kind === 'confirm' ? { contact: { fullName: 'Model Guest' } } : {},
                  });
                  if (res.statusCode !== 200) break;
                  const status = res.json<{ status: string }>().status;
                  if (op.kind === 'confirm' && status === 'CONFIRMED' && sale.state === 'held') {
                    sale.state = 'sold';
                    reseller.owed += sale.net;
                  }
                  if (op.kind === 'octoCancel' && status === 'CANCELLED' && sale.state !== 'canceled') {
                    // Ten days ahead both agreements give everything back: the reseller owes nothing for it.
                    if (sale.state === 'sold') reseller.owed -= sale.net;
                    sale.state = 'canceled';
                  }
                  break;
                }
                case 'sell': {
                  const agent = agents[op.seller]!;
                  const token = await signAccessToken(agent.user, t.ctx.config.jwtSecret, now);
                  const res = await t.app.inject({
                    method: 'POST',
                    url: `/api/agent/trips/${trip.id}/bookings`,
                    headers: bearer(token),
                    payload: {
                      passengers: { adults: op.adults, children50: 0, kidsFree: 0 },
                      customer: { name: 'Model Walk-up', phone: '+34600000000' },
                      language: 'en',
                      payment: { method: 'cash' },
                    },
                  });
                  if (res.statusCode !== 201) {
                    if (res.statusCode !== 409) problems.push(`agent sale: ${res.statusCode} ${res.body}`);
                    break;
                  }
                  const net = netOf(op.adults * ADULT_CENTS, agent.bps);
                  sales.push({
                    channel: 'agent',
                    seller: op.seller,
                    id: res.json<{ bookingId: string }>().bookingId,
                    net,
                    state: 'sold',
                  });
                  agent.owed += net;
                  cashNet[op.seller]! += net;
                  break;
                }
                case 'adminCancel':
                case 'adminRefund': {
                  if (sale?.channel !== 'agent') break;
                  const res = await adminCall({
                    method: 'POST',
                    url: `/api/admin/bookings/${sale.id}/${op.kind === 'adminCancel' ? 'cancel' : 'refund'}`,
                    payload: op.kind === 'adminCancel' ? { reason: 'Model' } : {},
                  });
                  if (res.statusCode !== 200) break;
                  if (op.kind === 'adminCancel') {
                    if (sale.state === 'sold') sale.state = 'canceled';
                  } else if (sale.state !== 'refunded') {
                    // The whole net back to the customer, in cash, by the agent.
                    sale.state = 'refunded';
                    agents[sale.seller]!.owed -= sale.net;
                    handedBack[sale.seller]! += sale.net;
                  }
                  break;
                }
                case 'settle': {
                  const agent = agents[op.seller]!;
                  if (agent.owed <= 0) break;
                  const cents =
                    op.share === 'all'
                      ? agent.owed
                      : op.share === 'half'
                        ? Math.ceil(agent.owed / 2)
                        : agent.owed + 1;
                  const res = await adminCall({
                    method: 'POST',
                    url: `/api/admin/agents/${agent.id}/settlements`,
                    payload: { amount: cents / 100, note: 'model' },
                  });
                  if (op.share === 'tooMuch') {
                    if (res.statusCode !== 400) problems.push(`settlement above the debt: ${res.statusCode}`);
                    break;
                  }
                  if (res.statusCode !== 200) {
                    problems.push(`settlement of ${cents}: ${res.statusCode} ${res.body}`);
                    break;
                  }
                  agent.owed -= cents;
                  agent.settled += cents;
                  break;
                }
                case 'lapse': {
                  // OCTO's default hold is 30 minutes: the held seats go back, nothing is owed for them.
                  now = new Date(now.getTime() + 31 * 60_000);
                  t.setNow(now);
                  for (const s of sales)
                    if (s.channel === 'reseller' && s.state === 'held') s.state = 'canceled';
                  break;
                }
              }
            }

            const ids = sales.filter((s) => s.state !== 'held').map((s) => s.id);
            problems.push(...(await feeSplitViolations(office(), ids)));
            problems.push(...(await seatViolations(db, [trip.id])));
            const listed = (await adminCall({ method: 'GET', url: '/api/admin/agents' })).json<{
              items: {
                _id: string;
                balance: { cashNet: number; refunded: number; settled: number; owed: number };
              }[];
            }>().items;
            for (const [i, agent] of agents.entries()) {
              const found = listed.find((a) => a._id === agent.id)?.balance;
              // The money only: the balance also names the latest settlement's day.
              const balance = found && {
                cashNet: found.cashNet,
                refunded: found.refunded,
                settled: found.settled,
                owed: found.owed,
              };
              const expected = {
                cashNet: cashNet[i]! / 100,
                refunded: handedBack[i]! / 100,
                settled: agent.settled / 100,
                owed: agent.owed / 100,
              };
              if (JSON.stringify(balance) !== JSON.stringify(expected)) {
                problems.push(`agent ${i}: ${JSON.stringify(balance)}, model ${JSON.stringify(expected)}`);
              }
            }
            for (const [i, reseller] of resellers.entries()) {
              // What the reseller owes: its bookings' `reseller` payments less their refunds.
              const [row] = (
                (await db.execute(sql`select
                  (select coalesce(sum(p.amount_cents), 0)::int from ${payments} p
                    join ${resellerBookings} rb on rb.booking_id = p.booking_id
                    where rb.reseller_id = ${reseller.id} and p.method = 'reseller' and p.status = 'succeeded') as received,
                  (select coalesce(sum(r.amount_cents), 0)::int from ${refunds} r
                    join ${payments} p on p.id = r.payment_id
                    join ${resellerBookings} rb on rb.booking_id = p.booking_id
                    where rb.reseller_id = ${reseller.id} and p.method = 'reseller' and r.status = 'succeeded') as refunded`)) as unknown as {
                  rows: { received: number; refunded: number }[];
                }
              ).rows;
              const owed = (row?.received ?? 0) - (row?.refunded ?? 0);
              if (owed !== reseller.owed)
                problems.push(`reseller ${i}: owes ${owed}, model ${reseller.owed}`);
            }
            expect(problems).toEqual([]);
          }),
          { numRuns: CHANNEL_RUNS, endOnFailure: true },
        );
      },
    );
  });
});
