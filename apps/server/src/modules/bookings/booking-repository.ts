import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boats, bookings, slots, tickets } from '../../db/schema';
import { isLiveHold } from './live-hold';

export type BookingRow = typeof bookings.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;

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

export async function findSlot(db: Db, id: string): Promise<typeof slots.$inferSelect | undefined> {
  const [row] = await db.select().from(slots).where(eq(slots.id, id));
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
