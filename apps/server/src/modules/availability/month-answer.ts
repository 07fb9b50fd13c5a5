// The availability answer of one boat and range, serialized once for the month cache, with how
// long it stays true by the clock: until the earliest live hold in it lapses or the next slot
// starts (each turns a slot's seats or availability). Writes invalidate it through the database
// triggers (http/read-caches.ts), not through this code.
import { availabilityResponseSchema } from '@boats/domain/schemas/slot';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { Fill } from '../../http/answer-cache';
import { MAX_CACHED_MS } from '../../http/read-caches';
import { fromPrices, toBoatDto } from '../boats/boat-mapper';
import { bookableKinds, findPublicBoat, offersOf, openStartsAhead } from '../boats/boat-repository';
import { sellableSlots } from '../sales/sellable';
import { toPublicSlotDto } from './slot-mapper';
import { boatRating } from '../reviews/review-service';

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
