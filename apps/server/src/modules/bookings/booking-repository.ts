import { and, asc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import { boatIdInScope, type OwnerScope } from '../owner-scope/owner-scope';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { bookingHistory, boats, bookings, owners, payments, slots, tickets } from '../../db/schema';
import { onPublicSiteSql } from '../boats/boat-repository';
import { paymentHoldsSql, paymentStatusOf, receivedCentsSql } from '../payments/ledger';
import { heldSeatsOn, paidSeatsOn } from '../occupancy/occupancy';
import type { TripFacts } from '@boats/domain/trip-state';

export type BookingRow = typeof bookings.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type SlotRow = typeof slots.$inferSelect;

/** The columns a checkout gives a new booking; the others take their defaults. */
export const NEW_BOOKING_COLUMNS = [
  'boatId',
  'slotId',
  'type',
  'startsAt',
  'endsAt',
  'status',
  'holdExpiresAt',
  'seats',
  'adults',
  'children50',
  'kidsFree',
  'customerName',
  'customerEmail',
  'customerPhone',
  'customerAddress',
  'language',
  'amountGrossCents',
  'priceBreakdown',
  'extras',
  'provider',
  'clientIp',
  'commissionBps',
  'promoCodeId',
  'promoCode',
  'discountCents',
  'licenceConfirmed',
  'soldByUserId',
  'reschedulePolicy',
] as const satisfies readonly (keyof typeof bookings.$inferInsert)[];

/**
 * A checkout's promo code and licence confirmation (none for a booking taken by staff or a
 * waitlist offer), the change-of-date policy it is sold under when the seller has its boat at
 * hand (else the sale reads it: bookings/lifecycle.ts soldUnder), who sold it in the back office
 * (none for the site's checkout), and the customer's address (a sale in the back office above the simplified-invoice limit; the site's
 * checkout asks it later, on the payment step).
 */
type PromoColumns =
  | 'promoCodeId'
  | 'promoCode'
  | 'discountCents'
  | 'licenceConfirmed'
  | 'soldByUserId'
  | 'customerAddress'
  | 'reschedulePolicy';

export type NewBooking = Required<
  Pick<typeof bookings.$inferInsert, Exclude<(typeof NEW_BOOKING_COLUMNS)[number], PromoColumns>>
> &
  Partial<Pick<typeof bookings.$inferInsert, PromoColumns>>;

export async function findBooking(db: Db, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

/**
 * Locks the booking row for the transaction. With noWait a row another transaction holds
 * raises lock_not_available (55P03) at once, which the webhook turns into 503.
 */
export async function lockBookingRow(
  tx: Db,
  id: string,
  options: { noWait?: boolean } = {},
): Promise<BookingRow | undefined> {
  return lockById(tx, { id }, options);
}

/**
 * Locks the booking a provider intent pays for, found in the same statement: by the ledger's
 * payment row, else by the booking's intent id, else by the id the intent's metadata names (a
 * booking that may not exist). undefined when none answers.
 */
export async function lockBookingOfIntent(
  tx: Db,
  intentId: string,
  metadataBookingId: string | null,
  options: { noWait?: boolean } = {},
): Promise<BookingRow | undefined> {
  return lockByIntent(tx, { intentId, metadataBookingId }, options);
}

/** A booking row lock by `where` (placeholders inside), prepared with and without NOWAIT. */
function bookingLock(name: string, where: SQL) {
  const query = (db: Db) => db.select().from(bookings).where(where);
  const wait = preparedStatement(name, (db, n) => query(db).for('update').prepare(n));
  const noWait = preparedStatement(`${name}_nowait`, (db, n) =>
    query(db).for('update', { noWait: true }).prepare(n),
  );
  return async (tx: Db, values: Record<string, unknown>, options: { noWait?: boolean }) => {
    const [row] = await (options.noWait ? noWait : wait)(tx, values);
    return row;
  };
}

const lockById = bookingLock('booking_lock', eq(bookings.id, sql.placeholder('id')));
/**
 * The id of the booking a provider intent pays for (placeholders `intentId`, `metadataBookingId`):
 * by the ledger's payment row, else by the booking's intent id, else by the id the intent's
 * metadata names.
 */
export const BOOKING_ID_OF_INTENT = sql`coalesce(
    (select ${payments.bookingId} from ${payments} where ${payments.providerId} = ${sql.placeholder('intentId')}),
    (select b.id from ${bookings} b where b.provider_payment_id = ${sql.placeholder('intentId')} limit 1),
    ${sql.placeholder('metadataBookingId')}::uuid)`;

const lockByIntent = bookingLock('booking_lock_of_intent', sql`${bookings.id} = ${BOOKING_ID_OF_INTENT}`);

/** Changes a booking's fields; its status is written only by the lifecycle (lifecycle.ts). */
export async function updateBookingRow(
  tx: Db,
  id: string,
  values: Partial<Omit<typeof bookings.$inferInsert, 'status'>>,
): Promise<BookingRow> {
  const [row] = await tx
    .update(bookings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(bookings.id, id))
    .returning();
  if (!row) throw new Error('booking update returned nothing');
  return row;
}

/**
 * What a checkout asks for, in one statement: the boat (whether it is on the public site, its
 * owner's commission rate), the slot when it is this boat's, and the
 * seats live holds take on that slot now (the checkout counts them again under the slot's lock).
 */
export async function findCheckoutTarget(db: Db, boatId: string, slotId: string, now: Date) {
  const [row] = await checkoutTarget(db, { boatId, slotId, now: now.toISOString() });
  return row;
}

const checkoutTarget = preparedStatement('checkout_target', (db, name) =>
  db
    .select({
      boat: boats,
      onPublicSite: onPublicSiteSql,
      ownerCommissionBps: owners.commissionBps,
      // Whether the owner's crew may sell a walk-in below the trip's minimum (walk-in-minimum).
      crewMaySellBelowMinimum: owners.crewMaySellBelowMinimum,
      platformBoat: owners.isPlatform,
      slot: slots,
      heldSeats: heldSeatsOn(sql.raw('"slots"."id"'), sql.placeholder('now')),
      paidSeatsSold: paidSeatsOn(sql.raw('"slots"."id"')),
    })
    .from(boats)
    .innerJoin(owners, eq(owners.id, boats.ownerId))
    .leftJoin(slots, and(eq(slots.id, sql.placeholder('slotId')), eq(slots.boatId, boats.id)))
    .where(eq(boats.id, sql.placeholder('boatId')))
    .prepare(name),
);

/** The boat a slot of the scope's boats belongs to (undefined for no such slot in scope). */
export async function findSlotBoatId(db: Db, scope: OwnerScope, slotId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ boatId: slots.boatId })
    .from(slots)
    .where(and(eq(slots.id, slotId), boatIdInScope(scope, slots.boatId)));
  return row?.boatId;
}

/** The booking, when its boat is in the scope (another owner's booking is not found). */
export async function findBookingInScope(
  db: Db,
  scope: OwnerScope,
  id: string,
): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), boatIdInScope(scope, bookings.boatId)));
  return row;
}

/** The code of the booking's first history entry: how it came to be (a checkout, a payment link…). */
export async function openingHistoryCode(db: Db, bookingId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ code: bookingHistory.code })
    .from(bookingHistory)
    .where(and(eq(bookingHistory.bookingId, bookingId), isNull(bookingHistory.fromStatus)))
    .orderBy(asc(bookingHistory.at))
    .limit(1);
  return row?.code;
}

/** Private slots of a boat from `from` on, for up to `hours` ahead: enough to chain a charter. */
export async function privateSlotsFrom(db: Db, boatId: string, from: Date, hours: number) {
  return db
    .select()
    .from(slots)
    .where(
      and(
        eq(slots.boatId, boatId),
        eq(slots.type, 'private'),
        // A canceled hour is not for sale, and a new slot may have taken its time.
        isNull(slots.canceledAt),
        gte(slots.startsAt, from),
        sql`${slots.startsAt} < ${new Date(from.getTime() + hours * 3_600_000).toISOString()}`,
      ),
    )
    .orderBy(asc(slots.startsAt));
}

/** Serialises one client address's checkouts until the end of the transaction. */
export async function lockClientAddress(tx: Db, ip: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`holds:${ip}`}, 0))`);
}

/**
 * The card provider's intent for a new booking, in one statement (atomic without a
 * transaction): the booking keeps the intent's id and the ledger gets its payment row. A fresh
 * intent has no payment row yet; should the provider answer an intent already recorded (a
 * repeated idempotency key), its row stays as the ledger has it.
 */
export async function attachPaymentIntent(
  db: Db,
  input: {
    bookingId: string;
    provider: string;
    intent: Parameters<typeof paymentStatusOf>[0] & PaymentFigures;
  },
): Promise<void> {
  const { intent } = input;
  await db.execute(sql`with attached as (
      update ${bookings} set provider_payment_id = ${intent.id}, updated_at = now()
      where ${bookings.id} = ${input.bookingId} returning id)
    insert into ${payments} (booking_id, provider, provider_id, amount_cents, currency, status)
    select id, ${input.provider}, ${intent.id}, ${intent.amountCents}, ${intent.currency.toUpperCase()},
      ${paymentStatusOf(intent)} from attached
    on conflict (provider_id) do nothing`);
}

type PaymentFigures = { id: string; amountCents: number; currency: string };

export async function boatOfBooking(db: Db, boatId: string) {
  const [row] = await db.select().from(boats).where(eq(boats.id, boatId));
  return row;
}

/** A booking as its customer sees it: the row, its boat and its tickets by seat number. */
export type BookingWithBoat = {
  row: BookingRow;
  boat: typeof boats.$inferSelect;
  tickets: TicketRow[];
  /** What a gift voucher pays of the price (held or spent, less refunds to it), from the ledger. */
  voucherCents: number;
  /**
   * What the platform pays of the price: its cover of a move to another owner's dearer trip
   * (docs/payments.md#another-owners-boat), never the customer's money, so never shown as paid.
   */
  coverCents: number;
  /** The trip it sails on, for the minimum to depart it may still need (domain minimumToReach). */
  trip: TripFacts | null;
  /** Its security deposit's amount, fixed at the sale (docs/payments.md#the-security-deposit); null: none. */
  depositCents: number | null;
};

/**
 * The booking of `bookingIds` (a one-row subquery or an id) with its boat and tickets, in one
 * statement: a booking row per ticket (one without tickets), folded here.
 */
async function findBookingWithBoat(db: Db, bookingIds: SQL): Promise<BookingWithBoat | undefined> {
  return foldBookingWithBoat(await bookingWithBoatQuery(db, bookingIds));
}

function bookingWithBoatQuery(db: Db, bookingIds: SQL) {
  return db
    .select({
      row: bookings,
      boat: boats,
      ticket: tickets,
      // Written in the checkout's transaction with the booking, and given back by refunds
      // requested with a change of the booking (a cancellation, a move), so the booking's read
      // cache (invalidated by its row) shows the figure of its last change.
      voucherCents: sql<number>`(select coalesce(sum(${paymentHoldsSql(sql.raw('p'))}), 0)::int from payments p
        where p.booking_id = ${bookings.id} and p.method = 'voucher' and p.status in ('requires_capture', 'succeeded'))`,
      coverCents: receivedCentsSql(bookings.id, 'platform'),
      // The amount only: it never changes after the sale, so the booking's read cache may keep it.
      depositCents: sql<
        number | null
      >`(select d.amount_cents from deposits d where d.booking_id = ${bookings.id})`,
      slot: slots,
      paidSeats: paidSeatsOn(bookings.slotId),
    })
    .from(bookings)
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .leftJoin(slots, eq(slots.id, bookings.slotId))
    .leftJoin(tickets, eq(tickets.bookingId, bookings.id))
    .where(sql`${bookings.id} in (${bookingIds})`)
    .orderBy(asc(tickets.seatNo));
}

function foldBookingWithBoat(
  rows: {
    row: BookingRow;
    boat: typeof boats.$inferSelect;
    ticket: TicketRow | null;
    voucherCents: number;
    coverCents: number;
    depositCents: number | null;
    slot: typeof slots.$inferSelect | null;
    paidSeats: number;
  }[],
): BookingWithBoat | undefined {
  const [first] = rows;
  if (!first) return undefined;
  const ticketRows = rows.flatMap((r) => (r.ticket ? [r.ticket] : []));
  const { slot, boat } = first;
  // Only what the minimum reads: holds and a charter's claim never decide it.
  const trip: TripFacts | null = slot && {
    type: slot.type,
    startsAt: slot.startsAt,
    scheduledAt: slot.scheduledAt,
    canceled: slot.canceledAt !== null,
    seatsTotal: slot.seatsTotal,
    seatsTaken: slot.seatsTaken,
    seatsHeld: 0,
    occupied: false,
    paidSeats: Number(first.paidSeats),
    minSeatsToDepart: slot.type === 'shared' ? boat.sharedMinSeatsToDepart : 0,
    minimumWaived: slot.minimumWaived,
    cutoffHours: boat.cutoffHours,
  };
  return {
    row: first.row,
    boat,
    tickets: ticketRows,
    voucherCents: Number(first.voucherCents),
    coverCents: Number(first.coverCents),
    trip,
    depositCents: first.depositCents === null ? null : Number(first.depositCents),
  };
}

export async function findBookingWithBoatById(db: Db, id: string): Promise<BookingWithBoat | undefined> {
  return foldBookingWithBoat(await bookingWithBoatById(db, { id }));
}

const bookingWithBoatById = preparedStatement('booking_with_boat', (db, name) =>
  bookingWithBoatQuery(db, sql`${sql.placeholder('id')}`).prepare(name),
);

/**
 * A paid (or once paid) booking by the number the customer sees (`bookingReference`: the last 8
 * characters of its id, upper case, written here in SQL so the database does the match in the
 * query) and its e-mail, case-insensitive; the latest trip when two ever share a number.
 */
export async function findBookingWithBoatByReference(
  db: Db,
  reference: string,
  email: string,
): Promise<BookingWithBoat | undefined> {
  return findBookingWithBoat(
    db,
    sql`select ${bookings.id} from ${bookings} where lower(${bookings.customerEmail}) = ${email.trim().toLowerCase()}
      and upper(right(${bookings.id}::text, 8)) = ${reference} and ${bookings.paidAt} is not null
      order by ${bookings.startsAt} desc limit 1`,
  );
}
