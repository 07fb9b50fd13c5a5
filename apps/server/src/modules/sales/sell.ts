// The one sale (docs/architecture.md#one-sale-for-every-channel): the site's checkout, the
// crew's walk-in, the agent desk and a reseller's reservation all hold and create their booking
// here, in the one lock order (bookings/lock-order.ts):
//   1. a checkout's client key (an advisory lock: its holds are counted together);
//   2. the trip's rows: a shared trip's slot, or a charter's hours by id;
//   3. the live holds counted in a fresh statement under those locks, and the seats checked;
//   4. the channel's own rows taken under the trip's lock (a promo code, then a gift voucher;
//      a walk-in's waiver of the minimum);
//   5. the booking, pending until its hold ends (domain holds.ts), a charter's hours claimed;
//   6. the channel's own record (a reseller's booking, an agent's sale, a voucher's held part);
//   7. paid on the spot: the ledger's payment row, then sold through the lifecycle.
// The plan (plan.ts) decided the price and the party before any lock.
import { holdEnd, type Hold } from '@boats/domain/holds';
import { resellerNetCents } from '@boats/domain/octo';
import type { InPersonMethod } from '@boats/domain/schemas/operator-booking';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict } from '../../http/errors';
import {
  lockClientAddress,
  type BookingRow,
  type NewBooking,
  type SlotRow,
} from '../bookings/booking-repository';
import {
  assertSeatsFit,
  claimCharterSlots,
  liveHoldsUnderLock,
  lockSlot,
  lockSlots,
} from '../bookings/capacity';
import { createBooking, transition, type TransitionInput } from '../bookings/lifecycle';
import { recordAgentCashPayment, recordInPersonPayment, recordResellerPayment } from '../payments/ledger';
import { assertClientMayHoldMore, assertClientMayHoldSeats, type HoldingClient } from './client-hold-limits';
import { plannedParty, type Plan } from './plan';

/**
 * The booking's columns the plan does not decide: for whom, by whom, at which rate. Its client
 * key is the sale's `client` (none for a sale whose holds are not limited).
 */
type SaleColumns = Omit<
  NewBooking,
  | 'clientIp'
  | 'boatId'
  | 'slotId'
  | 'type'
  | 'startsAt'
  | 'endsAt'
  | 'status'
  | 'holdExpiresAt'
  | 'seats'
  | 'adults'
  | 'children50'
  | 'kidsFree'
  | 'amountGrossCents'
  | 'priceBreakdown'
  | 'extras'
> & {
  /** What the customer is charged, when it is not the plan's amount (a checkout's promo code). */
  amountGrossCents?: number;
};

export type Sale = {
  /** The trip sold: a shared trip, or the first hour of a charter. */
  slot: Pick<SlotRow, 'id' | 'boatId' | 'type'>;
  plan: Plan;
  booking: SaleColumns;
  hold: Hold;
  /** The booking's first history entry: who sold it and how (a payment link's says until when). */
  history: TransitionInput | ((hold: { expiresAt: Date; capped: boolean }) => TransitionInput);
  /** Whose holds are limited together: a site visitor's key (http/client-key.ts), a reseller's. */
  client?: HoldingClient;
  /** Under the trip's lock, before the booking is written: columns it adds (a promo code's use). */
  underLock?: (tx: Db, trip: SlotRow | undefined) => Promise<Partial<NewBooking> | void>;
  /** The channel's own rows, in the same transaction as the booking. */
  record?: (tx: Db, booking: BookingRow) => Promise<unknown>;
  /** Paid on the spot: the ledger's row for the money, then the booking is sold. */
  paid?: Payment;
};

/**
 * Money a channel takes for a sale, and the history entry of the sale: in person at the harbour
 * (the whole price), an agent's cash or a reseller's account (the price less their commission,
 * which they keep: domain resellerNetCents).
 */
export type Payment = { history: TransitionInput; at: Date } & (
  | { kind: 'inPerson'; method: InPersonMethod; recordedBy: string }
  | { kind: 'agentCash'; commissionBps: number; agentEmail: string }
  | { kind: 'reseller'; commissionBps: number; reseller: string }
);

export type Sold = {
  booking: BookingRow;
  /** The hold stopped short of what was asked, at the trip's start (or a payment link's margin). */
  holdCapped: boolean;
};

/** Holds, creates and (when paid on the spot) sells one booking; every channel's sale. */
export async function sell(ctx: AppContext, sale: Sale): Promise<Sold> {
  const { plan } = sale;
  const now = ctx.now();
  const hold = holdEnd(sale.hold, now, plan.start);
  if (!hold.ok) {
    throw conflict(
      'link_too_late',
      'This trip leaves too soon for a payment link: take the payment in person.',
    );
  }
  return ctx.db.transaction(async (tx) => {
    const { client } = sale;
    if (client) await lockClientAddress(tx, client.key);
    const trip = await lockTrip(tx, sale.slot, plan);
    const held = await liveHoldsUnderLock(tx, { clientIp: client?.key ?? '', slotId: trip?.id ?? null, now });
    if (client) assertClientMayHoldMore(client, held.checkoutsOfClient);
    if (trip) {
      assertSeatsFit(trip, plan.seats, held.seatsHeld);
      if (client) {
        assertClientMayHoldSeats(client, {
          seatsTotal: trip.seatsTotal,
          seats: plan.seats,
          heldByClient: held.seatsHeldByClient,
        });
      }
    }
    const added = (await sale.underLock?.(tx, trip)) ?? {};
    const created = await createBooking(
      ctx,
      tx,
      {
        boatId: sale.slot.boatId,
        slotId: sale.slot.id,
        type: sale.slot.type,
        startsAt: plan.start,
        endsAt: plan.end,
        status: 'pending',
        holdExpiresAt: hold.expiresAt,
        ...plannedParty(plan),
        extras: plan.extras,
        ...sale.booking,
        // The client's key on the booking is what its holds are counted by.
        clientIp: client?.key ?? null,
        ...added,
      },
      typeof sale.history === 'function' ? sale.history(hold) : sale.history,
    );
    if (sale.slot.type === 'private') await claimCharterSlots(tx, created.id, plan.chain, now);
    await sale.record?.(tx, created);
    if (!sale.paid) return { booking: created, holdCapped: hold.capped };
    return { booking: await completeSale(ctx, tx, created, sale.paid), holdCapped: hold.capped };
  });
}

/**
 * A held sale paid: the ledger's row for the money, then sold through the lifecycle (tickets,
 * e-mails, the invoice). In the caller's transaction, on a booking it has locked with its trip.
 */
export async function completeSale(
  ctx: AppContext,
  tx: Db,
  booking: BookingRow,
  paid: Payment,
): Promise<BookingRow> {
  const price = booking.amountGrossCents;
  const bookingId = booking.id;
  switch (paid.kind) {
    case 'inPerson':
      await recordInPersonPayment(tx, {
        bookingId,
        method: paid.method,
        amountCents: price,
        recordedBy: paid.recordedBy,
        at: paid.at,
      });
      break;
    case 'agentCash':
      await recordAgentCashPayment(tx, {
        bookingId,
        amountCents: resellerNetCents(price, paid.commissionBps),
        agentEmail: paid.agentEmail,
        at: paid.at,
      });
      break;
    case 'reseller':
      await recordResellerPayment(tx, {
        bookingId,
        amountCents: resellerNetCents(price, paid.commissionBps),
        reseller: paid.reseller,
        at: paid.at,
      });
      break;
  }
  return transition(ctx, tx, booking, 'paid', paid.history);
}

/**
 * A held shared sale's party changes (a reseller's PATCH): its new seats must fit under the
 * trip's lock next to everyone else's live holds, its own seats counted as its own.
 */
export async function assertHeldSeatsFit(
  ctx: AppContext,
  tx: Db,
  booking: BookingRow,
  seats: number,
  client: HoldingClient,
): Promise<void> {
  const trip = await lockSlot(tx, booking.slotId ?? '');
  if (!trip) throw conflict('slot_gone', 'This trip no longer exists.');
  const held = await liveHoldsUnderLock(tx, { clientIp: client.key, slotId: trip.id, now: ctx.now() });
  assertSeatsFit(trip, seats, held.seatsHeld - booking.seats);
  assertClientMayHoldSeats(client, {
    seatsTotal: trip.seatsTotal,
    seats,
    heldByClient: held.seatsHeldByClient - booking.seats,
  });
}

/** Locks the trip's rows (lock-order.ts): a shared trip's slot, which must still sail; a charter's hours by id. */
async function lockTrip(tx: Db, slot: Sale['slot'], plan: Plan): Promise<SlotRow | undefined> {
  if (slot.type === 'private') {
    await lockSlots(
      tx,
      plan.chain.map((s) => s.id),
    );
    return undefined;
  }
  const locked = await lockSlot(tx, slot.id);
  if (!locked) throw conflict('slot_gone', 'This trip no longer exists.');
  if (locked.canceledAt) throw conflict('trip_canceled', 'This trip was canceled.');
  return locked;
}
