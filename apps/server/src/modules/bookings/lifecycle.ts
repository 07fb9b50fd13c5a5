/**
 * The booking lifecycle: the ONLY code that writes a booking's status.
 *
 * Contract (for checkout, admin actions, jobs, and the cancellation features built on top):
 *
 *   const row = await lockBookingRow(tx, id);             // lock first, in your transaction
 *   await transition(ctx, tx, row, 'canceled', {
 *     actor: 'customer' | 'system' | 'provider' | admin.email, actorUserId?,
 *     code: 'operator_canceled',                           // HistoryCode (add yours there)
 *     params: { ... },                                      // values the translation needs
 *     reason: 'free text typed by a person' | null,
 *   });
 *
 * transition() checks the domain's transition table (409 invalidTransition), then in the same
 * transaction: claims capacity on → paid and on → requested (a request-to-book holds its seats
 * or hours until its owner decides; throws CapacityLostError, changing nothing, when the
 * seats or hours were resold), gives it back on → canceled, issues tickets (a seat each on a
 * shared trip, one boarding pass for a charter party), writes the owner's earning line on →
 * completed (earnings/earnings.ts), spends a gift voucher's held part on → paid and gives it
 * back on → canceled of an unsold hold, issues the customer's invoice on → paid
 * (invoices/customer-invoices.ts: in the owner's name, the platform's, or none),
 * writes the history entry (code + params) and emits a `booking.status_changed` domain event
 * into the outbox (e-mails and other consumers read it).
 *
 * Money is not moved here: to give money back call refundBooking() (refunds.ts) after your
 * transaction commits; it records a `refunds` row, asks the provider, and emits refund.* events.
 */
import {
  assertTransition,
  isUpcomingStatus,
  TransitionError,
  type BookingStatus,
} from '@boats/domain/booking-status';
import type { HistoryCode } from '@boats/domain/booking-history';
import { platformExtrasCents, saleRateBps } from '@boats/domain/extras';
import { platformCentsAfterDiscount } from '@boats/domain/promo-codes';
import { promoUseKept } from '../promo-codes/promo-code-service';
import { commissionBps } from '@boats/domain/fee-split';
import type { BookingPrice } from '@boats/domain/pricing';
import { requestDeadline } from '@boats/domain/request-to-book';
import { effectiveReschedulePolicy, type ReschedulePolicy } from '@boats/domain/reschedule-policy';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/prepared';
import {
  boats,
  bookingHistory,
  bookingSlots,
  bookings,
  domainEvents,
  payments,
  tickets,
} from '../../db/schema';
import { conflict, DomainError } from '../../http/errors';
import { syncBookingEarnings } from '../earnings/earnings';
import { invoiceSale, transferSaleInvoice } from '../invoices/customer-invoices';
import { invoicePlatformCover } from '../invoices/platform-cover-invoices';
import type { DomainEvent } from '../events/domain-events';
import {
  NEW_BOOKING_COLUMNS,
  updateBookingRow,
  type BookingRow,
  type NewBooking,
} from './booking-repository';
import {
  claimCharterSlots,
  releaseBookingCapacity,
  seatsOfAcceptedRequest,
  sellHeldCapacity,
} from './capacity';
import { ticketsFor, type NewTicket } from './issue-tickets';

export type TransitionInput = {
  /** 'system', 'customer', 'provider' or the admin's e-mail. */
  actor: string;
  actorUserId?: string | null;
  code: HistoryCode | (string & {});
  params?: Record<string, string | number>;
  /** Free text a person typed (the operator's cancel reason); shown as written. */
  reason?: string | null;
  /**
   * The customer's invoices the change issued before its status was written (a dearer date's
   * rectifying invoice, a move to another owner's boat): named in its event, so the change's
   * e-mail carries them (jobs/event-invoices.ts).
   */
  invoiceIds?: readonly string[];
};

/**
 * → paid refused: the lapsed hold's seats or hours were sold to someone else meanwhile, or the
 * last use of its promo code was (promo-codes/promo-code-service.ts promoUseKept).
 */
export class CapacityLostError extends DomainError {
  constructor() {
    super(409, 'capacity_lost', 'The seats or hours of this booking were taken by someone else.');
  }
}

/**
 * → paid refused because the sale may not keep its promo code: a lapsed hold whose code's last
 * use went meanwhile, or the code's e-mail rules (first booking only, uses per e-mail), which are
 * checked at the sale and nowhere before it (promo-code-service.ts promoUseKept, issue 53).
 */
export class PromoNotKeptError extends CapacityLostError {}

function checkTable(from: BookingStatus, to: BookingStatus): void {
  try {
    assertTransition(from, to);
  } catch (err) {
    if (err instanceof TransitionError) throw conflict(err.code, err.message, { from, to });
    throw err;
  }
}

/** Moves a booking the caller has locked in `tx` to `to`; answers the updated row. */
export async function transition(
  ctx: AppContext,
  tx: Db,
  booking: BookingRow,
  to: BookingStatus,
  input: TransitionInput,
): Promise<BookingRow> {
  checkTable(booking.status, to);
  const now = ctx.now();
  let change: Change = { patch: {}, tickets: [] };
  if (to === 'requested') change = await holdForOwner(ctx, tx, booking, now);
  if (to === 'paid') {
    change =
      booking.status === 'requested'
        ? await accept(ctx, tx, booking, now)
        : await sell(ctx, tx, booking, now);
  }
  if (to === 'canceled') {
    await releaseBookingCapacity(tx, booking);
    change = { patch: { holdExpiresAt: null, cancelReason: input.code }, tickets: [] };
  }
  // A sale's invoice to the customer, in the same transaction (invoices/customer-invoices.ts),
  // after the status (which spends a gift voucher's part, said on the invoice). It takes an id
  // chosen here, which the sale's event names, so the confirmation carries it; none is issued
  // when the owner invoices their customers themselves, and the id stays unused.
  const saleInvoiceId = to === 'paid' ? randomUUID() : null;
  const updated = await writeStatus(
    ctx,
    tx,
    booking,
    to,
    change,
    saleInvoiceId ? { ...input, invoiceIds: [saleInvoiceId] } : input,
  );
  if (saleInvoiceId) await invoiceSale(ctx, tx, updated, saleInvoiceId);
  // A completed trip's booking earns its owner the split of what the ledger says it kept.
  if (to === 'completed') await syncBookingEarnings(ctx, tx, updated);
  return updated;
}

/** The columns a status change sets besides the status. */
type StatusPatch = Partial<
  Pick<
    BookingRow,
    'holdExpiresAt' | 'cancelReason' | 'paidAt' | 'commissionBps' | 'requestDecideBy' | 'reschedulePolicy'
  >
>;
/** What a status change writes besides the status: columns of the booking, tickets of a sale. */
type Change = { patch: StatusPatch; tickets: NewTicket[] };

/**
 * The one statement that writes a booking's status: with the other columns of the change, the
 * tickets a sale issues, the history entry (code + params) and the `booking.status_changed`
 * domain event (e-mails and other consumers read it). One round trip for what every change
 * writes; the inserts in its WITH run whether or not the update reads them.
 */
async function writeStatus(
  ctx: AppContext,
  tx: Db,
  booking: BookingRow,
  to: BookingStatus,
  change: Change,
  input: TransitionInput,
): Promise<BookingRow> {
  const params = input.params ?? {};
  const reason = input.reason ?? null;
  const event = {
    kind: 'booking.status_changed',
    bookingId: booking.id,
    payload: {
      from: booking.status,
      to,
      code: input.code,
      params,
      actor: input.actor,
      reason,
      ...(input.invoiceIds?.length ? { invoiceIds: [...input.invoiceIds] } : {}),
    },
  } satisfies DomainEvent;
  const [updated] = await statusWriteFor(Object.keys(change.patch) as (keyof StatusPatch)[])(tx, {
    ...change.patch,
    bookingId: booking.id,
    status: to,
    tickets: change.tickets,
    at: ctx.now(),
    actor: input.actor,
    actorUserId: input.actorUserId ?? null,
    fromStatus: booking.status,
    code: input.code,
    params,
    reason,
    payload: event.payload,
  });
  if (!updated) throw new Error('booking update returned nothing');
  return updated;
}

/**
 * The status statement for one set of patched columns, prepared (db/prepared.ts) the first time
 * that set is written: a handful of sets exist (a sale's, a cancellation's, none).
 */
const statusWrites = new Map<string, (tx: Db, values: Record<string, unknown>) => Promise<BookingRow[]>>();

function statusWriteFor(keys: (keyof StatusPatch)[]) {
  const shape = [...keys].sort().join(',');
  let write = statusWrites.get(shape);
  if (!write) {
    // Names stay short (PostgreSQL cuts them at 63 bytes) and each names one text.
    write = preparedStatement<
      { execute: BookingRow[]; all: unknown; values: unknown },
      Record<string, unknown>
    >(`booking_status_${statusWrites.size}`, (db, name) => buildStatusWrite(db, keys).prepare(name));
    statusWrites.set(shape, write);
  }
  return write;
}

const placeholder = (name: string) => sql.placeholder(name);
const AS_JSON = { mapToDriverValue: (value: unknown) => JSON.stringify(value) };
/** A placeholder in its column's encoding, null kept (a column's own encoder may not take it). */
const nullable = (name: string, column: { mapToDriverValue(value: unknown): unknown }) =>
  sql`${sql.param(placeholder(name), {
    mapToDriverValue: (value: unknown) => (value === null ? null : column.mapToDriverValue(value)),
  })}`;

function buildStatusWrite(db: Db, keys: (keyof StatusPatch)[]) {
  // A sale's tickets, as JSON: one text for any number of them (none on other changes).
  const issued = db.$with('issued', {}).as(
    sql`insert into ${tickets} (booking_id, code, kind, seat_no, passenger_type, price_paid_cents)
      select ${placeholder('bookingId')}::uuid, t.code, t.kind, t."seatNo", t."passengerType", t."pricePaidCents"
      from jsonb_to_recordset(${sql.param(placeholder('tickets'), AS_JSON)}::jsonb)
        as t(code text, kind text, "seatNo" int, "passengerType" text, "pricePaidCents" int)`,
  );
  const history = db.$with('history').as(
    db
      .insert(bookingHistory)
      .values({
        bookingId: placeholder('bookingId'),
        at: placeholder('at'),
        actor: placeholder('actor'),
        actorUserId: placeholder('actorUserId'),
        fromStatus: placeholder('fromStatus'),
        toStatus: placeholder('status'),
        code: placeholder('code'),
        params: placeholder('params'),
        reason: placeholder('reason'),
      })
      .returning({ id: bookingHistory.id }),
  );
  const event = db.$with('event').as(
    db
      .insert(domainEvents)
      .values({
        kind: 'booking.status_changed',
        bookingId: placeholder('bookingId'),
        payload: placeholder('payload'),
      })
      .returning({ id: domainEvents.id }),
  );
  // A gift voucher's part of the price is held with the hold (docs/payments.md#gift-vouchers):
  // spent by the sale, given back when the hold ends unsold. Only a held part changes: a paid
  // booking's stays spent, and refunds give it back. In this statement, so a booking without a
  // voucher costs no round trip more.
  const vouchers = db.$with('vouchers', {}).as(
    sql`update ${payments} set status = case when ${placeholder('status')}::text = 'paid' then 'succeeded' else 'canceled' end,
        updated_at = now()
      where booking_id = ${placeholder('bookingId')}::uuid and method = 'voucher' and status = 'requires_capture'
        and ${placeholder('status')}::text in ('paid', 'canceled')`,
  );
  return db
    .with(issued, history, event, vouchers)
    .update(bookings)
    .set({
      ...Object.fromEntries(keys.map((key) => [key, nullable(key, bookings[key])])),
      // A placeholder is not a value the builder's types know; the column's text takes it as is.
      status: sql`${placeholder('status')}`,
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, placeholder('bookingId')))
    .returning();
}

/**
 * Moves a booking to another trip of the boat at the price the caller computed with the domain:
 * the one move of the lifecycle (docs/architecture.md#the-booking-lifecycle), for
 * - a shared booking canceled with its trip (the weather; tripMoveVerdict): it is paid again,
 *   with the sale's rate fixed anew, history code `trip_moved`;
 * - a paid or confirmed booking its customer reschedules (reschedule-policy), shared or a charter
 *   (whose new hours are `chain`, claimed here as a checkout claims them after its old hours are
 *   given back): it keeps its status, rate and sale time, history code `rescheduled` (from and to
 *   the same status).
 * Either way it keeps its id and its payments, takes seats on the target (409 capacity_lost when
 * they no longer fit next to the target's sold seats and live holds), gets new tickets at the
 * target's price while the old ones stop boarding (their codes in the history entry, so a scan
 * of one answers "replaced"), and its gross becomes `grossCents` (default: the new trip's
 * price), so its fee split and owner's earnings follow. The caller has locked the target's slot
 * row before the booking's (docs/architecture.md#concurrency) and settles any difference through
 * the ledger. The event carries the code, so the e-mail with the new tickets follows.
 */
export async function moveToTrip(
  ctx: AppContext,
  tx: Db,
  booking: BookingRow,
  target: {
    id: string;
    startsAt: Date;
    endsAt: Date;
    price: BookingPrice;
    /** What the booking is worth on the target; default the target's price. */
    grossCents?: number;
    /** The promo code's discount carried over; default none. */
    discountCents?: number;
    /** The extras it keeps (a reschedule adds its fee as a line); default as they are. */
    extras?: BookingRow['extras'];
    /** A charter's new hours (slot ids, `id` the first); the caller has locked them. */
    chain?: readonly string[];
    /**
     * A trip of another owner's boat (a canceled trip's customer choosing it: domain
     * cross-owner-move): the booking goes to that boat at its owner's rate, and its invoice
     * follows for `paidCents`, what the customer paid (invoicing transferSaleInvoice); the
     * platform's `coverCents` of a dearer trip (the caller records its payment) is the owner's
     * invoice to the platform (invoicePlatformCover), never in the customer's e-mail.
     */
    otherBoat?: { boatId: string; commissionBps: number; paidCents: number; coverCents: number };
  },
  input: TransitionInput,
): Promise<BookingRow> {
  const sold = isUpcomingStatus(booking.status);
  // A canceled charter to another owner's boat (a charter start of the same length) is sold there
  // anew like a canceled shared booking, its hours claimed first; a sold one moves its hours.
  const charterToOtherBoat =
    booking.type === 'private' && booking.status === 'canceled' && !!target.otherBoat;
  if (booking.type === 'private' && !charterToOtherBoat) {
    if (!sold || !target.chain?.length) {
      throw conflict('invalidTransition', `A ${booking.status} charter cannot move to other hours`);
    }
    return moveCharter(ctx, tx, booking, { ...target, chain: target.chain }, input);
  }
  if (charterToOtherBoat) {
    if (!target.chain?.length) throw conflict('invalidTransition', 'A charter moves to hours, not a trip');
    await claimNewHours(ctx, tx, booking.id, target.chain);
  }
  if (!(booking.status === 'canceled' || sold) || booking.slotId === target.id) {
    throw conflict(
      'invalidTransition',
      `A ${booking.status} ${booking.type} booking cannot move to another trip`,
    );
  }
  const now = ctx.now();
  // A sold booking's seats are counted on its old trip until the row moves (the seats_taken
  // trigger then moves them), so the target is measured without them; a canceled one is sold anew.
  const seats = sold ? await sellHeldCapacity(tx, { ...booking, slotId: target.id }, now) : null;
  if (seats && !seats.ok) throw new CapacityLostError();
  const otherBoat = target.otherBoat;
  if (otherBoat && sold)
    throw conflict('invalidTransition', 'Only a canceled trip’s booking moves to another boat');
  const { placed, replacedCodes } = await placeOnTarget(tx, booking, target, {
    cancelReason: null,
    // The first owner's extras are not sold on the other boat: what they cost is in what the
    // customer paid, and the move's price difference settles it.
    ...(otherBoat && { boatId: otherBoat.boatId, commissionBps: otherBoat.commissionBps, extras: [] }),
  });
  const change: Change =
    seats?.ok === true
      ? { patch: {}, tickets: ticketsFor(placed, seats.seats) }
      : await sell(ctx, tx, placed, now);
  // Another owner's boat: the invoices follow the booking before its status is written, so the
  // move's event names them and its e-mail carries them.
  const transferred = otherBoat ? await transferSaleInvoice(ctx, tx, placed, otherBoat.paidCents) : [];
  if (otherBoat) await invoicePlatformCover(ctx, tx, placed.id, otherBoat.coverCents);
  return writeStatus(ctx, tx, booking, sold ? booking.status : 'paid', change, {
    ...input,
    params: { ...input.params, replacedCodes, ...(otherBoat && { fromBoatId: booking.boatId }) },
    invoiceIds: [...(input.invoiceIds ?? []), ...transferred.map((invoice) => invoice.id)],
  });
}

/**
 * Both moves' common step: the booking's tickets voided (their codes answered, for its history)
 * and the booking put on the target at the target's price, with `patch` besides.
 */
async function placeOnTarget(
  tx: Db,
  booking: BookingRow,
  target: Parameters<typeof moveToTrip>[3],
  patch: Parameters<typeof updateBookingRow>[2] = {},
): Promise<{ placed: BookingRow; replacedCodes: string }> {
  const voided = await tx
    .delete(tickets)
    .where(eq(tickets.bookingId, booking.id))
    .returning({ code: tickets.code });
  const placed = await updateBookingRow(tx, booking.id, {
    slotId: target.id,
    startsAt: target.startsAt,
    endsAt: target.endsAt,
    amountGrossCents: target.grossCents ?? target.price.amountCents,
    priceBreakdown: target.price.breakdown,
    // A weather move prices the target without the sale's promo code (docs/payments.md#promo-codes):
    // the code stays on the booking as the use it was; a reschedule keeps the amount it took off.
    discountCents: target.discountCents ?? 0,
    ...(target.extras ? { extras: target.extras } : {}),
    ...patch,
  });
  return { placed, replacedCodes: voided.map((t) => t.code).join(' ') };
}

/**
 * A charter's hours replaced by `chain` (its old claims deleted) in a savepoint: 409
 * capacity_lost, nothing changed, when another booking's claim is live on one of them.
 */
async function claimNewHours(ctx: AppContext, tx: Db, bookingId: string, chain: readonly string[]) {
  try {
    await tx.transaction(async (sp) => {
      await sp.delete(bookingSlots).where(eq(bookingSlots.bookingId, bookingId));
      await claimCharterSlots(
        sp,
        bookingId,
        chain.map((id) => ({ id })),
        ctx.now(),
      );
    });
  } catch (err) {
    if (err instanceof DomainError && err.code === 'slots_unavailable') throw new CapacityLostError();
    throw err;
  }
}

/**
 * A sold charter to other hours (moveToTrip): its hours given back, the new ones claimed (409
 * capacity_lost, nothing changed, when another booking's claim is live on one), a new boarding
 * pass at the new price, the old one voided.
 */
async function moveCharter(
  ctx: AppContext,
  tx: Db,
  booking: BookingRow,
  target: Parameters<typeof moveToTrip>[3] & { chain: readonly string[] },
  input: TransitionInput,
): Promise<BookingRow> {
  // A refused claim leaves the old hours the booking's.
  await claimNewHours(ctx, tx, booking.id, target.chain);
  const { placed, replacedCodes } = await placeOnTarget(tx, booking, target);
  return writeStatus(
    ctx,
    tx,
    booking,
    booking.status,
    { patch: {}, tickets: ticketsFor(placed, null) },
    { ...input, params: { ...input.params, replacedCodes } },
  );
}

/**
 * A history entry that changes no status (a payment link e-mailed again): the booking stays as
 * it is, the entry says who did what and when, from and to the booking's current status. `at`:
 * when it was done, if not now (crew's record made without signal and sent later).
 */
export async function noteInHistory(
  ctx: AppContext,
  tx: Db,
  booking: BookingRow,
  input: TransitionInput,
  at: Date = ctx.now(),
): Promise<void> {
  await tx.insert(bookingHistory).values({
    bookingId: booking.id,
    at,
    actor: input.actor,
    actorUserId: input.actorUserId ?? null,
    fromStatus: booking.status,
    toStatus: booking.status,
    code: input.code,
    params: input.params ?? {},
    reason: input.reason ?? null,
  });
}

/**
 * A new booking (a checkout's hold, status pending) and its first history entry (it has no
 * `from`), in one prepared statement. The id is made here so the entry, written in the same
 * statement's WITH, can name it; the foreign key is checked when the statement ends.
 */
export async function createBooking(
  ctx: AppContext,
  tx: Db,
  values: NewBooking,
  input: TransitionInput,
): Promise<BookingRow> {
  const [row] = await insertNewBooking(tx, {
    promoCodeId: null,
    promoCode: null,
    discountCents: 0,
    licenceConfirmed: false,
    soldByUserId: null,
    customerAddress: '',
    reschedulePolicy: null,
    ...values,
    id: randomUUID(),
    at: ctx.now(),
    actor: input.actor,
    actorUserId: input.actorUserId ?? null,
    code: input.code,
    params: input.params ?? {},
    reason: input.reason ?? null,
  });
  if (!row) throw new Error('booking insert returned nothing');
  return row;
}

const insertNewBooking = preparedStatement<
  { execute: BookingRow[]; all: unknown; values: unknown },
  NewBooking & Record<string, unknown>
>('booking_insert', (db, name) => {
  const history = db.$with('history').as(
    db
      .insert(bookingHistory)
      .values({
        bookingId: placeholder('id'),
        at: placeholder('at'),
        actor: placeholder('actor'),
        actorUserId: placeholder('actorUserId'),
        fromStatus: null,
        toStatus: placeholder('status'),
        code: placeholder('code'),
        params: placeholder('params'),
        reason: placeholder('reason'),
      })
      .returning({ id: bookingHistory.id }),
  );
  return db
    .with(history)
    .insert(bookings)
    .values(
      Object.fromEntries(
        ['id', ...NEW_BOOKING_COLUMNS].map((column) => [column, placeholder(column)]),
      ) as unknown as typeof bookings.$inferInsert,
    )
    .returning()
    .prepare(name);
});

/** pending → paid: the hold becomes a sale (seats counted, hours kept), tickets, the rate fixed. */
async function sell(ctx: AppContext, tx: Db, row: BookingRow, now: Date): Promise<Change> {
  // The code's use first: a refusal must change nothing (sellHeldCapacity counts the seats taken).
  if (!(await promoUseKept(tx, now, row))) throw new PromoNotKeptError();
  const sale = await sellHeldCapacity(tx, row, now);
  if (!sale.ok) throw new CapacityLostError();
  return {
    patch: { ...saleColumns(ctx, row, now), reschedulePolicy: await soldUnder(tx, row) },
    tickets: ticketsFor(row, sale.seats),
  };
}

/**
 * The change-of-date policy a booking is sold under: the one it already keeps (a request's, from
 * when its customer asked), else its boat's as it stands now, or the site default.
 */
async function soldUnder(tx: Db, row: BookingRow): Promise<ReschedulePolicy> {
  if (row.reschedulePolicy) return row.reschedulePolicy;
  const [boat] = await tx
    .select({ policy: boats.reschedulePolicy })
    .from(boats)
    .where(eq(boats.id, row.boatId));
  return effectiveReschedulePolicy(boat?.policy);
}

/**
 * pending → requested: the card is authorized (request-to-book). The hold's seats or hours are
 * taken as by a sale, with no tickets yet, until the owner answers or the deadline passes
 * (REQUEST_HOURS after now, never later than 12 hours before departure).
 */
async function holdForOwner(ctx: AppContext, tx: Db, row: BookingRow, now: Date): Promise<Change> {
  // The code's use first: a refusal must change nothing (sellHeldCapacity counts the seats taken).
  if (!(await promoUseKept(tx, now, row))) throw new PromoNotKeptError();
  const sale = await sellHeldCapacity(tx, row, now);
  if (!sale.ok) throw new CapacityLostError();
  return {
    patch: {
      holdExpiresAt: null,
      requestDecideBy: requestDeadline(now, row.startsAt, ctx.config.REQUEST_HOURS),
      // The customer asked under the boat's policy of now; the owner's acceptance keeps it.
      reschedulePolicy: await soldUnder(tx, row),
    },
    tickets: [],
  };
}

/** requested → paid: the owner accepted and the card was captured; the seats already are its own. */
async function accept(ctx: AppContext, tx: Db, row: BookingRow, now: Date): Promise<Change> {
  const seats = await seatsOfAcceptedRequest(tx, row);
  return {
    patch: { ...saleColumns(ctx, row, now), reschedulePolicy: await soldUnder(tx, row) },
    tickets: ticketsFor(row, seats),
  };
}

/** What a sale fixes on the booking: the rate it was sold at and when. */
function saleColumns(ctx: AppContext, row: BookingRow, now: Date): StatusPatch {
  // The rate the booking was sold at (its owner's at checkout); a hold from before owners had
  // rates has none and takes the site's.
  // The split itself is never stored: the rate applies to whatever the ledger says was kept.
  const ownerRate = row.commissionBps ?? commissionBps(null, ctx.config.PLATFORM_FEE_PERCENT);
  // The platform's own extras are not shared with the owner: the sale's rate counts them whole
  // (docs/payments.md#extras).
  // A promo code's discount comes off every part in proportion (docs/payments.md#promo-codes).
  const platform = platformCentsAfterDiscount(
    platformExtrasCents(row.extras),
    row.amountGrossCents,
    row.discountCents,
  );
  const rate = saleRateBps(row.amountGrossCents, platform, ownerRate);
  return { commissionBps: rate, paidAt: now, holdExpiresAt: null };
}
