// The waitlist's queries. No rules here: waitlist-service.ts decides.
import { and, asc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boats, bookings, slots, waitlistEntries } from '../../db/schema';

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

/** The boat of a slot (undefined for no such slot). */
export async function boatIdOfSlot(db: Db, slotId: string): Promise<string | undefined> {
  const [row] = await db.select({ boatId: slots.boatId }).from(slots).where(eq(slots.id, slotId));
  return row?.boatId;
}

/**
 * The entries made for this address (as the promo codes fold it: `canonical_email`, migration
 * 0036) since `since`, on any trip, after taking the address's transaction lock, so joins racing
 * from several clients are counted one after the other.
 */
export async function entriesForAddressSince(tx: Db, email: string, since: Date): Promise<number> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended('waitlist:' || canonical_email(${email}), 0))`,
  );
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(
        sql`canonical_email(${waitlistEntries.email}) = canonical_email(${email})`,
        gte(waitlistEntries.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** Adds the entry; undefined when this e-mail already waits for this trip. */
export async function insertEntry(
  db: Db,
  entry: Pick<
    typeof waitlistEntries.$inferInsert,
    | 'slotId'
    | 'email'
    | 'seats'
    | 'adults'
    | 'children50'
    | 'kidsFree'
    | 'language'
    | 'clientIp'
    | 'createdAt'
  >,
): Promise<WaitlistEntryRow | undefined> {
  const [row] = await db.insert(waitlistEntries).values(entry).onConflictDoNothing().returning();
  return row;
}

/** Confirmed, not yet offered: the entries the offers are made to. */
const waiting = and(isNull(waitlistEntries.offeredAt), isNotNull(waitlistEntries.confirmedAt));

/**
 * The entry's place in line: 1 + the confirmed entries of the trip still waiting before `seq`
 * (no `seq`: after every one of them, the place a new entry takes).
 */
export async function placeInLine(db: Db, slotId: string, seq?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.slotId, slotId),
        waiting,
        seq === undefined ? undefined : lt(waitlistEntries.seq, seq),
      ),
    );
  return (row?.n ?? 0) + 1;
}

/** The trip's confirmed entries still waiting, in waitlist order. */
export async function waitingEntries(tx: Db, slotId: string): Promise<WaitlistEntryRow[]> {
  return tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.slotId, slotId), waiting))
    .orderBy(asc(waitlistEntries.seq));
}

/** The visitor opened the confirmation link (again: the first time stays). */
export async function confirmEntry(db: Db, id: string, at: Date): Promise<WaitlistEntryRow | undefined> {
  const [row] = await db
    .update(waitlistEntries)
    .set({ confirmedAt: sql`coalesce(${waitlistEntries.confirmedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(waitlistEntries.id, id))
    .returning();
  return row;
}

/** An entry with the trip it waits for: what its e-mails and its confirmation page say. */
export async function entryWithTrip(db: Db, id: string) {
  const [row] = await db
    .select({ entry: waitlistEntries, startsAt: slots.startsAt, boatTitle: boats.title })
    .from(waitlistEntries)
    .innerJoin(slots, eq(slots.id, waitlistEntries.slotId))
    .innerJoin(boats, eq(boats.id, slots.boatId))
    .where(eq(waitlistEntries.id, id));
  return row;
}

export async function markOffered(tx: Db, entryId: string, bookingId: string, at: Date): Promise<void> {
  await tx
    .update(waitlistEntries)
    .set({ offerBookingId: bookingId, offeredAt: at })
    .where(eq(waitlistEntries.id, entryId));
}

export async function findEntry(db: Db, id: string): Promise<WaitlistEntryRow | undefined> {
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  return row;
}

/** The shared trip a booking travelled on, when it was one (what its cancellation freed). */
export async function sharedSlotOfBooking(db: Db, bookingId: string): Promise<string | null> {
  const [row] = await db
    .select({ slotId: bookings.slotId })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.type, 'shared')));
  return row?.slotId ?? null;
}

/** Trips that have visitors waiting (confirmed) and have not departed. */
export async function slotsWithWaiting(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ slotId: waitlistEntries.slotId })
    .from(waitlistEntries)
    .innerJoin(slots, eq(slots.id, waitlistEntries.slotId))
    .where(and(waiting, sql`${slots.startsAt} > ${now.toISOString()}`));
  return rows.map((r) => r.slotId);
}

/** Entries of trips that have departed: the waitlist forgets them (and the e-mail addresses). */
export async function deleteDeparted(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(waitlistEntries)
    .where(
      sql`${waitlistEntries.slotId} in (select id from ${slots} where ${slots.startsAt} <= ${now.toISOString()})`,
    )
    .returning({ id: waitlistEntries.id });
  return rows.length;
}
