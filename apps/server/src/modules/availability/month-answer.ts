// The availability answer of one boat and range, serialized once for the month cache, with how
// long it stays true by the clock: until the earliest live hold in it lapses or the next slot
// starts (each turns a slot's seats or availability). Writes invalidate it through the database
// triggers (http/read-caches.ts), not through this code.
import { availabilityQuerySchema, availabilityResponseSchema } from '@boats/domain/schemas/slot';
import { uuid } from '@boats/domain/schemas/common';
import { singleValued, type CachedRead } from '../../http/cached-reads-first';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { CachedAnswer, Fill } from '../../http/answer-cache';
import { MAX_CACHED_MS, type ReadCaches } from '../../http/read-caches';
import type { AppContext } from '../../context';
import { fromPrices, toBoatDto } from '../boats/boat-mapper';
import { bookableKinds, findPublicBoat, offersOf, openStartsAhead } from '../boats/boat-repository';
import { sellableSlots } from '../sales/sellable';
import { toPublicSlotDto } from './slot-mapper';
import { boatRating } from '../reviews/review-service';

/** Seats change with every sale: browsers revalidate each time, the ETag sparing the body. */
export const MONTH_CACHE_CONTROL = 'no-cache';

const MONTH_PATH = /^\/api\/boat\/([^/]+)$/;

/**
 * GET /api/boat/{id}?start&end, answered by the HTTP server ahead of Fastify
 * (http/cached-reads-first.ts) when its id and query pass the route's own schemas.
 */
export function monthRead(ctx: AppContext, caches: ReadCaches): CachedRead {
  return {
    route: '/api/boat/:id',
    cacheControl: MONTH_CACHE_CONTROL,
    answer(path, query) {
      const id = MONTH_PATH.exec(path)?.[1];
      if (id === undefined || !uuid.safeParse(id).success) return undefined;
      const values = singleValued(query);
      const range = values && availabilityQuerySchema.safeParse(values);
      return range?.success ? cachedMonth(ctx, caches, id, range.data) : undefined;
    },
  };
}

/** A boat's range as served (GET /api/boat/{id}): from the month cache, filled on a miss. */
export function cachedMonth(
  ctx: AppContext,
  caches: ReadCaches,
  boatId: string,
  query: { start: string; end: string },
): Promise<CachedAnswer> {
  const start = Date.parse(query.start);
  const end = Date.parse(query.end);
  const now = ctx.now();
  // The instants, not the strings: one month asked with two offsets is one entry.
  return caches.months.get(`${boatId}|${start}|${end}`, boatId, now.getTime(), () =>
    monthAnswer(ctx.db, boatId, { start: new Date(start), end: new Date(end) }, now),
  );
}

export async function monthAnswer(
  db: Db,
  boatId: string,
  range: { start: Date; end: Date },
  now: Date,
): Promise<Fill> {
  const boat = await findPublicBoat(db, boatId);
  if (!boat) throw notFound('Boat');
  const [rows, kinds, rating, starts] = await Promise.all([
    sellableSlots(db, boat.id, range, now),
    bookableKinds(db, now, boat.id),
    boatRating(db, boat.id),
    openStartsAhead(db, now, boat.id),
  ]);
  const offered = kinds.get(boat.id);
  const slots = rows.map((row) => toPublicSlotDto(row, boat, now));

  let validUntil = now.getTime() + MAX_CACHED_MS;
  for (const row of rows) {
    const start = row.startsAt.getTime();
    if (start > now.getTime()) validUntil = Math.min(validUntil, start);
    if (row.liveHoldExpiresAt) validUntil = Math.min(validUntil, row.liveHoldExpiresAt.getTime());
  }
  // What the boat offers changes when its last open slot of a kind begins.
  for (const kind of offered?.values() ?? []) validUntil = Math.min(validUntil, kind.lastStart.getTime());
  // Validated once here instead of on every answer: no column outside the public shape leaves.
  const body = availabilityResponseSchema.parse({
    // What can be bought: a boat with no charter slots ahead offers no Charter tab.
    boat: {
      ...toBoatDto(boat),
      offers: { ...offersOf(offered), ...fromPrices(boat, starts.get(boat.id)) },
      rating,
    },
    availability: {
      private: slots.filter((s) => s.type === 'private'),
      shared: slots.filter((s) => s.type === 'shared'),
    },
  });
  return { body: JSON.stringify(body), validUntil };
}
