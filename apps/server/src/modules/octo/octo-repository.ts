// The OCTO API's queries: published boats and the bookings a reseller made (what can be sold
// is read by sales/sellable.ts). No rules here: octo-bookings.ts, octo-catalogue.ts and the domain's octo.ts decide.
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boats, bookingHistory, bookings, owners, resellerBookings, tickets } from '../../db/schema';
import { onPublicSiteSql } from '../boats/boat-repository';
import { listedForResellerSql, type ResellerRow } from '../resellers/reseller-repository';

export type BoatRow = typeof boats.$inferSelect;
export type ResellerBookingRow = typeof resellerBookings.$inferSelect;

/**
 * The boats this reseller sells: published (the site's own rule), opted in by their owner and
 * allowed it by the admin (listed, or all opted-in boats); or one of them.
 */
export async function boatsForReseller(
  db: Db,
  reseller: Pick<ResellerRow, 'id' | 'allOptedInBoats'>,
  id?: string,
): Promise<BoatRow[]> {
  return db
    .select()
    .from(boats)
    .where(
      and(
        onPublicSiteSql,
        eq(boats.resellersAllowed, true),
        reseller.allOptedInBoats ? undefined : listedForResellerSql(reseller.id),
        id ? eq(boats.id, id) : undefined,
      ),
    )
    .orderBy(asc(boats.sortOrder), asc(boats.createdAt));
}

/** A boat by id, published or not (a sale keeps its boat's policy). */
export async function boatById(db: Db, id: string): Promise<BoatRow | undefined> {
  const [row] = await db.select().from(boats).where(eq(boats.id, id));
  return row;
}

/** Whose IGIC a boat's sales include: the platform's own, or its owner's regime and rate. */
export async function ownerTaxOf(db: Db, ownerId: string) {
  const [row] = await db
    .select({ isPlatform: owners.isPlatform, igicRegime: owners.igicRegime, igicBps: owners.igicBps })
    .from(owners)
    .where(eq(owners.id, ownerId));
  return row;
}

export type ResellerBooking = {
  booking: typeof bookings.$inferSelect;
  octo: ResellerBookingRow;
};

/** The reseller's booking by its OCTO uuid (another reseller's is not found). */
export async function findResellerBooking(
  db: Db,
  resellerId: string,
  uuid: string,
): Promise<ResellerBooking | undefined> {
  const [row] = await db
    .select({ booking: bookings, octo: resellerBookings })
    .from(resellerBookings)
    .innerJoin(bookings, eq(bookings.id, resellerBookings.bookingId))
    .where(and(eq(resellerBookings.resellerId, resellerId), eq(resellerBookings.uuid, uuid)));
  return row;
}

/** The reseller's bookings by its reference, our reference (last 8 of the id) or the local day. */
export async function listResellerBookings(
  db: Db,
  resellerId: string,
  filter: { resellerReference?: string; supplierReference?: string; day?: { start: Date; end: Date } },
): Promise<ResellerBooking[]> {
  return db
    .select({ booking: bookings, octo: resellerBookings })
    .from(resellerBookings)
    .innerJoin(bookings, eq(bookings.id, resellerBookings.bookingId))
    .where(
      and(
        eq(resellerBookings.resellerId, resellerId),
        filter.resellerReference
          ? eq(resellerBookings.resellerReference, filter.resellerReference)
          : undefined,
        filter.supplierReference
          ? sql`upper(right(${bookings.id}::text, 8)) = ${filter.supplierReference.toUpperCase()}`
          : undefined,
        filter.day ? gte(bookings.startsAt, filter.day.start) : undefined,
        filter.day ? lt(bookings.startsAt, filter.day.end) : undefined,
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(resellerBookings.createdAt))
    .limit(500);
}

export async function insertResellerBooking(
  db: Db,
  values: typeof resellerBookings.$inferInsert,
): Promise<ResellerBookingRow> {
  const [row] = await db.insert(resellerBookings).values(values).returning();
  if (!row) throw new Error('reseller booking insert returned nothing');
  return row;
}

export async function updateResellerBooking(
  db: Db,
  bookingId: string,
  values: Partial<Omit<typeof resellerBookings.$inferInsert, 'bookingId' | 'resellerId' | 'uuid'>>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(resellerBookings).set(values).where(eq(resellerBookings.bookingId, bookingId));
}

export async function ticketsOf(db: Db, bookingId: string) {
  return db.select().from(tickets).where(eq(tickets.bookingId, bookingId)).orderBy(asc(tickets.seatNo));
}

/**
 * The reason given with a booking's cancellation (the reseller's on OCTO's cancel, the operator's,
 * a trip's weather), as its history keeps it; null when none was given.
 */
export async function cancellationReason(db: Db, bookingId: string): Promise<string | null> {
  const [row] = await db
    .select({ reason: bookingHistory.reason })
    .from(bookingHistory)
    .where(and(eq(bookingHistory.bookingId, bookingId), eq(bookingHistory.toStatus, 'canceled')))
    .orderBy(desc(bookingHistory.at))
    .limit(1);
  return row?.reason ?? null;
}
