// The OCTO API's queries: published boats, their shared trips with the seats left now, and the
// bookings a reseller made. No rules here: octo-catalogue.ts, octo-bookings.ts and the domain's
// octo.ts decide.
import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boats, bookings, resellerBookings, slots, tickets } from '../../db/schema';
import { onPublicSiteSql } from '../boats/boat-repository';
import { listedForResellerSql, type ResellerRow } from '../resellers/reseller-repository';
import { charterClaimedOn, heldSeatsOn } from '../occupancy/occupancy';

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

export type SharedTrip = {
  id: string;
  startsAt: Date;
  endsAt: Date;
  isOpen: boolean;
  canceled: boolean;
  seatsTotal: number;
  seatsTaken: number;
  seatPriceCents: number;
  /** Seats live holds take now (checkouts and resellers' reservations). */
  heldSeats: number;
};

/** A boat's shared trips starting in [from, to), with the seats held now. */
export async function sharedTrips(
  db: Db,
  boatId: string,
  range: { from: Date; to: Date },
  now: Date,
): Promise<SharedTrip[]> {
  return db
    .select({
      id: slots.id,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      isOpen: slots.isOpen,
      canceled: sql<boolean>`${slots.canceledAt} is not null`,
      seatsTotal: slots.seatsTotal,
      seatsTaken: slots.seatsTaken,
      seatPriceCents: slots.seatPriceCents,
      heldSeats: heldSeatsOn(sql.raw('"slots"."id"'), now),
    })
    .from(slots)
    .where(
      and(
        eq(slots.boatId, boatId),
        eq(slots.type, 'shared'),
        gte(slots.startsAt, range.from),
        lt(slots.startsAt, range.to),
      ),
    )
    .orderBy(asc(slots.startsAt));
}

/** One shared trip of the boat (undefined when the id is not one). */
export async function sharedTrip(
  db: Db,
  boatId: string,
  slotId: string,
  now: Date,
): Promise<SharedTrip | undefined> {
  const [trip] = await db
    .select({
      id: slots.id,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      isOpen: slots.isOpen,
      canceled: sql<boolean>`${slots.canceledAt} is not null`,
      seatsTotal: slots.seatsTotal,
      seatsTaken: slots.seatsTaken,
      seatPriceCents: slots.seatPriceCents,
      heldSeats: heldSeatsOn(sql.raw('"slots"."id"'), now),
    })
    .from(slots)
    .where(and(eq(slots.id, slotId), eq(slots.boatId, boatId), eq(slots.type, 'shared')));
  return trip;
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
  await db.update(resellerBookings).set(values).where(eq(resellerBookings.bookingId, bookingId));
}

export async function ticketsOf(db: Db, bookingId: string) {
  return db.select().from(tickets).where(eq(tickets.bookingId, bookingId)).orderBy(asc(tickets.seatNo));
}

export type CharterHour = {
  id: string;
  startsAt: Date;
  endsAt: Date;
  isOpen: boolean;
  /** A sale or a live hold claims the hour (occupancy's charter rule). */
  claimed: boolean;
};

/** A boat's charter hours (private slots, not canceled) starting in [from, to), each with its claim. */
export async function charterHours(
  db: Db,
  boatId: string,
  range: { from: Date; to: Date },
  now: Date,
): Promise<CharterHour[]> {
  return db
    .select({
      id: slots.id,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      isOpen: slots.isOpen,
      claimed: charterClaimedOn(sql.raw('"slots"."id"'), now),
    })
    .from(slots)
    .where(
      and(
        eq(slots.boatId, boatId),
        eq(slots.type, 'private'),
        isNull(slots.canceledAt),
        gte(slots.startsAt, range.from),
        lt(slots.startsAt, range.to),
      ),
    )
    .orderBy(asc(slots.startsAt));
}
