import { and, asc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boats, bookings, slots, tickets } from '../../db/schema';
import { liveHeldSeatsSql } from '../availability/availability-repository';
import { isLiveHold } from './live-hold';

export type BookingRow = typeof bookings.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type SlotRow = typeof slots.$inferSelect;

export async function insertBooking(tx: Db, values: typeof bookings.$inferInsert): Promise<BookingRow> {
  const [row] = await tx.insert(bookings).values(values).returning();
  if (!row) throw new Error('booking insert returned nothing');
  return row;
}

export async function findBooking(db: Db, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

export async function findBookingByPaymentId(db: Db, paymentId: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.providerPaymentId, paymentId));
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
  const query = tx.select().from(bookings).where(eq(bookings.id, id));
  const [row] = await (options.noWait ? query.for('update', { noWait: true }) : query.for('update'));
  return row;
}

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

export async function ticketsOfBooking(db: Db, bookingId: string): Promise<TicketRow[]> {
  return db.select().from(tickets).where(eq(tickets.bookingId, bookingId)).orderBy(asc(tickets.seatNo));
}

export async function insertTickets(tx: Db, rows: (typeof tickets.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(tickets).values(rows);
}

/**
 * What a checkout asks for, in one statement: the boat, the slot when it is this boat's, and the
 * seats live holds take on that slot now (the checkout counts them again under the slot's lock).
 */
export async function findCheckoutTarget(db: Db, boatId: string, slotId: string, now: Date) {
  const [row] = await db
    .select({ boat: boats, slot: slots, heldSeats: liveHeldSeatsSql(sql.raw('"slots"."id"'), now) })
    .from(boats)
    .leftJoin(slots, and(eq(slots.id, slotId), eq(slots.boatId, boats.id)))
    .where(eq(boats.id, boatId));
  return row;
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

/** Live unpaid holds started from one client address. */
export async function liveHoldsOfIp(db: Db, ip: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.clientIp, ip), isLiveHold(now)));
  return row?.n ?? 0;
}

export async function boatOfBooking(db: Db, boatId: string) {
  const [row] = await db.select().from(boats).where(eq(boats.id, boatId));
  return row;
}

/** A booking as its customer sees it: the row, its boat and its tickets by seat number. */
export type BookingWithBoat = { row: BookingRow; boat: typeof boats.$inferSelect; tickets: TicketRow[] };

/**
 * The booking of `bookingIds` (a one-row subquery or an id) with its boat and tickets, in one
 * statement: a booking row per ticket (one without tickets), folded here.
 */
async function findBookingWithBoat(db: Db, bookingIds: SQL): Promise<BookingWithBoat | undefined> {
  const rows = await db
    .select({ row: bookings, boat: boats, ticket: tickets })
    .from(bookings)
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .leftJoin(tickets, eq(tickets.bookingId, bookings.id))
    .where(sql`${bookings.id} in (${bookingIds})`)
    .orderBy(asc(tickets.seatNo));
  const [first] = rows;
  if (!first) return undefined;
  const ticketRows = rows.flatMap((r) => (r.ticket ? [r.ticket] : []));
  return { row: first.row, boat: first.boat, tickets: ticketRows };
}

export async function findBookingWithBoatById(db: Db, id: string): Promise<BookingWithBoat | undefined> {
  return findBookingWithBoat(db, sql`${id}`);
}

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
