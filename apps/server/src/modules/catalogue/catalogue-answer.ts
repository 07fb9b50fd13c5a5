// The public fleet with what each boat still offers, serialized once for the catalogue cache.
// Boat, slot and review writes invalidate it through the database triggers (http/read-caches.ts); the
// clock changes it only when a boat's last open slot of a kind begins, so it lasts until then.
import { boatsListResponseSchema } from '@boats/domain/schemas/boat';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { CachedAnswer, Fill } from '../../http/answer-cache';
import type { CachedRead } from '../../http/cached-reads-first';
import { CATALOGUE_GROUP, MAX_CACHED_MS, type ReadCaches } from '../../http/read-caches';
import { fromPrices, toBoatDto } from '../boats/boat-mapper';
import { bookableKinds, listActiveBoats, offersOf, openStartsAhead } from '../boats/boat-repository';
import { ratingsByBoat } from '../reviews/review-service';

const CATALOGUE_KEY = 'public';

/** Boats and their offers change with any sale: browsers revalidate, the ETag sparing the body. */
export const CATALOGUE_CACHE_CONTROL = 'no-cache';

/** GET /api/boats, answered by the HTTP server ahead of Fastify (http/cached-reads-first.ts). */
export function catalogueRead(ctx: AppContext, caches: ReadCaches): CachedRead {
  return {
    route: '/api/boats',
    cacheControl: CATALOGUE_CACHE_CONTROL,
    answer: (path) => (path === '/api/boats' ? cachedCatalogue(ctx, caches) : undefined),
  };
}

/** The catalogue as served: from the read cache, filled on a miss. */
export function cachedCatalogue(ctx: AppContext, caches: ReadCaches): Promise<CachedAnswer> {
  const now = ctx.now();
  return caches.catalogue.get(CATALOGUE_KEY, CATALOGUE_GROUP, now.getTime(), () =>
    catalogueAnswer(ctx.db, now),
  );
}

export async function catalogueAnswer(db: Db, now: Date): Promise<Fill> {
  const [rows, kinds, ratingOf, starts] = await Promise.all([
    listActiveBoats(db),
    bookableKinds(db, now),
    ratingsByBoat(db),
    openStartsAhead(db, now),
  ]);
  let validUntil = now.getTime() + MAX_CACHED_MS;
  for (const ofBoat of kinds.values()) {
    for (const kind of ofBoat.values()) validUntil = Math.min(validUntil, kind.lastStart.getTime());
  }
  // Validated once per fill, not per answer: no column outside the public shape leaves.
  const body = boatsListResponseSchema.parse({
    items: rows.map((row) => ({
      ...toBoatDto(row),
      offers: { ...offersOf(kinds.get(row.id)), ...fromPrices(row, starts.get(row.id)) },
      rating: ratingOf(row.id),
    })),
  });
  return { body: JSON.stringify(body), validUntil };
}
