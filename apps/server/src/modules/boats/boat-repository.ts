import { and, asc, count, eq, gt, inArray, lt, max, sql } from 'drizzle-orm';
import { UPCOMING_STATUSES } from '@boats/domain/booking-status';
import type { Db } from '../../db/client';
import { boats, bookings, owners, slots } from '../../db/schema';
import { boatsInScope, type OwnerScope } from '../owner-scope/owner-scope';

export type BoatRow = typeof boats.$inferSelect;
export type NewBoatRow = typeof boats.$inferInsert;

/**
 * THE rule of what a customer sees and books (docs/back-office.md#listings): a live listing
 * (approved by the platform, not paused by its owner, not suspended, not archived: the domain's
 * listingStateOf read in SQL), of an owner who is not suspended. The catalogue, the sitemap, a
 * boat's month and the checkout all ask this one expression.
 */
export const onPublicSiteSql = sql<boolean>`(${boats.archivedAt} is null and ${boats.suspendedAt} is null
  and ${boats.publishedAt} is not null and ${boats.pausedAt} is null
  and exists (select 1 from ${owners} o where o.id = ${boats.ownerId} and o.status = 'active'))`;

export async function listActiveBoats(db: Db): Promise<BoatRow[]> {
  return db.select().from(boats).where(onPublicSiteSql).orderBy(asc(boats.sortOrder), asc(boats.createdAt));
}

/** Per boat of the scope (or for one boat), how many sold bookings (UPCOMING_STATUSES) start after `now`. */
export async function upcomingBookingCounts(
  db: Db,
  scope: OwnerScope,
  now: Date,
  boatId?: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ boatId: bookings.boatId, count: count() })
    .from(bookings)
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .where(
      and(
        boatsInScope(scope),
        inArray(bookings.status, [...UPCOMING_STATUSES]),
        gt(bookings.startsAt, now),
        boatId ? eq(bookings.boatId, boatId) : undefined,
      ),
    )
    .groupBy(bookings.boatId);
  return new Map(rows.map((row) => [row.boatId, row.count]));
}

/** A boat as the public site may show it; undefined when it is not on the site. */
export async function findPublicBoat(db: Db, id: string): Promise<BoatRow | undefined> {
  const [row] = await db
    .select()
    .from(boats)
    .where(and(eq(boats.id, id), onPublicSiteSql));
  return row;
}

/** A back-office boat with who owns it. */
export type OwnedBoatRow = {
  boat: BoatRow;
  ownerName: string;
  ownerIsPlatform: boolean;
  ownerSuspended: boolean;
};

const ownedBoatColumns = {
  boat: boats,
  ownerName: owners.displayName,
  ownerIsPlatform: owners.isPlatform,
  ownerSuspended: sql<boolean>`${owners.status} = 'suspended'`,
};

/** The back office's boats with their owners: every boat for the admin, an owner's own for an owner. */
export async function listOwnedBoats(db: Db, scope: OwnerScope, boatId?: string): Promise<OwnedBoatRow[]> {
  return db
    .select(ownedBoatColumns)
    .from(boats)
    .innerJoin(owners, eq(owners.id, boats.ownerId))
    .where(and(boatsInScope(scope), boatId ? eq(boats.id, boatId) : undefined))
    .orderBy(asc(boats.sortOrder), asc(boats.createdAt));
}

/** The boat's row locked for a change of its listing, when it is in the scope. */
export async function lockBoat(db: Db, scope: OwnerScope, id: string): Promise<BoatRow | undefined> {
  const [row] = await db
    .select()
    .from(boats)
    .where(and(eq(boats.id, id), boatsInScope(scope)))
    .for('update');
  return row;
}

/** The boat, when it is in the scope (another owner's boat is not found). */
export async function findBoat(db: Db, scope: OwnerScope, id: string): Promise<BoatRow | undefined> {
  const [row] = await db
    .select()
    .from(boats)
    .where(and(eq(boats.id, id), boatsInScope(scope)));
  return row;
}

/** The next place at the end of the whole fleet (every owner's boats). */
export async function nextSortOrder(db: Db): Promise<number> {
  const [row] = await db.select({ last: max(boats.sortOrder) }).from(boats);
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export async function insertBoat(db: Db, values: NewBoatRow): Promise<BoatRow> {
  const [row] = await db.insert(boats).values(values).returning();
  if (!row) throw new Error('boat insert returned nothing');
  return row;
}

export async function updateBoat(
  db: Db,
  scope: OwnerScope,
  id: string,
  values: Partial<NewBoatRow>,
): Promise<BoatRow | undefined> {
  const [row] = await db
    .update(boats)
    .set(values)
    .where(and(eq(boats.id, id), boatsInScope(scope)))
    .returning();
  return row;
}

export type SlotKind = 'private' | 'shared';

/** A kind of trip a boat still offers: until when, and its shortest open trip in hours. */
export type BookableKind = { lastStart: Date; shortestHours: number };

/**
 * Per boat (or for one boat), the kinds of open slots still ahead (what a visitor can actually
 * book), each with the start of its last such slot (once that has begun, the boat no longer
 * offers the kind) and its shortest slot, so a shared trip's card can say what a seat costs.
 */
export async function bookableKinds(
  db: Db,
  now: Date,
  boatId?: string,
): Promise<Map<string, Map<SlotKind, BookableKind>>> {
  const rows = await db
    .select({
      boatId: slots.boatId,
      type: slots.type,
      lastStart: max(slots.startsAt),
      shortestSeconds: sql<string>`min(date_part('epoch', ${slots.endsAt} - ${slots.startsAt}))`,
    })
    .from(slots)
    .where(
      and(eq(slots.isOpen, true), gt(slots.startsAt, now), boatId ? eq(slots.boatId, boatId) : undefined),
    )
    .groupBy(slots.boatId, slots.type);
  const kinds = new Map<string, Map<SlotKind, BookableKind>>();
  for (const row of rows) {
    if (!row.lastStart) continue;
    const kind = { lastStart: row.lastStart, shortestHours: Number(row.shortestSeconds) / 3600 };
    kinds.set(row.boatId, (kinds.get(row.boatId) ?? new Map<SlotKind, BookableKind>()).set(row.type, kind));
  }
  return kinds;
}

/** How far ahead the "from" prices look: the next four weeks. */
const FROM_PRICE_DAYS = 28;

/** An open start of the weeks ahead, for the "from" prices. */
export type OpenStart = { boatId: string; type: SlotKind; startsAt: Date; seatPriceCents: number };

/** The open slots starting in the next FROM_PRICE_DAYS (of every public boat, or of one). */
export async function openStartsAhead(db: Db, now: Date, boatId?: string): Promise<Map<string, OpenStart[]>> {
  const rows = await db
    .select({
      boatId: slots.boatId,
      type: slots.type,
      startsAt: slots.startsAt,
      seatPriceCents: slots.seatPriceCents,
    })
    .from(slots)
    .where(
      and(
        eq(slots.isOpen, true),
        gt(slots.startsAt, now),
        lt(slots.startsAt, new Date(now.getTime() + FROM_PRICE_DAYS * 86_400_000)),
        boatId ? eq(slots.boatId, boatId) : undefined,
      ),
    );
  const byBoat = new Map<string, OpenStart[]>();
  for (const row of rows) byBoat.set(row.boatId, [...(byBoat.get(row.boatId) ?? []), row]);
  return byBoat;
}

/** What a boat offers now, as the public answers carry it. */
export function offersOf(kinds: Map<SlotKind, BookableKind> | undefined) {
  const shared = kinds?.get('shared');
  return {
    charter: kinds?.has('private') ?? false,
    shared: shared !== undefined,
    ...(shared && { sharedHours: shared.shortestHours }),
  };
}
