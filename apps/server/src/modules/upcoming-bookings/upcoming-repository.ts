// The paid bookings still ahead on an owner's boats or on one boat: what taking them off the site
// would leave to serve or to cancel; and the open requests to book ahead, which it declines.
// Scoped like every back-office query (boatsInScope).
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { LocalizedText } from '@boats/domain/schemas/boat';
import type { Db } from '../../db/client';
import { bookings, boats } from '../../db/schema';
import { receivedCentsSql, refundedCentsSql } from '../payments/ledger';
import { boatsInScope, type OwnerScope } from '../owner-scope/owner-scope';

export type UpcomingRow = {
  id: string;
  /** Its trip (a charter's first hour). */
  slotId: string | null;
  startsAt: Date;
  boatTitle: LocalizedText;
  customerName: string;
  people: number;
  heldCents: number;
};

/** Paid and confirmed bookings whose trip starts after `now`, of one owner or one boat, soonest first. */
export async function upcomingPaidBookings(
  db: Db,
  scope: OwnerScope,
  of: { ownerId: string } | { boatId: string },
  now: Date,
): Promise<UpcomingRow[]> {
  const rows = await db
    .select({
      id: bookings.id,
      slotId: bookings.slotId,
      startsAt: bookings.startsAt,
      boatTitle: boats.title,
      customerName: bookings.customerName,
      people: bookings.seats,
      received: receivedCentsSql(bookings.id),
      refunded: refundedCentsSql(bookings.id),
    })
    .from(bookings)
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .where(
      and(
        boatsInScope(scope),
        'ownerId' in of ? eq(boats.ownerId, of.ownerId) : eq(boats.id, of.boatId),
        inArray(bookings.status, ['paid', 'confirmed']),
        gt(bookings.startsAt, now),
      ),
    )
    .orderBy(asc(bookings.startsAt), sql`${bookings.id}`);
  return rows.map(({ received, refunded, ...row }) => ({
    ...row,
    heldCents: Number(received) - Number(refunded),
  }));
}

export type UpcomingRequestRow = Omit<UpcomingRow, 'heldCents' | 'slotId'>;

/** Requests to book ahead nobody has answered (nor an accept claimed), of one owner or one boat. */
export async function upcomingRequests(
  db: Db,
  scope: OwnerScope,
  of: { ownerId: string } | { boatId: string },
  now: Date,
): Promise<UpcomingRequestRow[]> {
  return db
    .select({
      id: bookings.id,
      startsAt: bookings.startsAt,
      boatTitle: boats.title,
      customerName: bookings.customerName,
      people: bookings.seats,
    })
    .from(bookings)
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .where(
      and(
        boatsInScope(scope),
        'ownerId' in of ? eq(boats.ownerId, of.ownerId) : eq(boats.id, of.boatId),
        eq(bookings.status, 'requested'),
        isNull(bookings.requestAcceptedAt),
        gt(bookings.startsAt, now),
      ),
    )
    .orderBy(asc(bookings.startsAt), sql`${bookings.id}`);
}
