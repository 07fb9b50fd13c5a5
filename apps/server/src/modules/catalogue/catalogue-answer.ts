// The public fleet with what each boat still offers, serialized once for the catalogue cache.
// Boat and slot writes invalidate it through the database triggers (http/read-caches.ts); the
// clock changes it only when a boat's last open slot of a kind begins, so it lasts until then.
import { boatsListResponseSchema } from '@boats/domain/schemas/boat';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { CachedAnswer, Fill } from '../../http/answer-cache';
import { CATALOGUE_GROUP, MAX_CACHED_MS, type ReadCaches } from '../../http/read-caches';
import { toBoatDto } from '../boats/boat-mapper';
import { bookableKinds, listActiveBoats, offersOf } from '../boats/boat-repository';

const CATALOGUE_KEY = 'public';

/** The catalogue as served: from the read cache, filled on a miss. */
export function cachedCatalogue(ctx: AppContext, caches: ReadCaches): Promise<CachedAnswer> {
  const now = ctx.now();
  return caches.catalogue.get(CATALOGUE_KEY, CATALOGUE_GROUP, now.getTime(), () =>
    catalogueAnswer(ctx.db, now),
  );
}

export async function catalogueAnswer(db: Db, now: Date): Promise<Fill> {
  const [rows, kinds] = await Promise.all([listActiveBoats(db), bookableKinds(db, now)]);
  let validUntil = now.getTime() + MAX_CACHED_MS;
  for (const ofBoat of kinds.values()) {
    for (const kind of ofBoat.values()) validUntil = Math.min(validUntil, kind.lastStart.getTime());
  }
  // Validated once per fill, not per answer: no column outside the public shape leaves.
  const body = boatsListResponseSchema.parse({
    items: rows.map((row) => ({
      ...toBoatDto(row),
      offers: offersOf(kinds.get(row.id)),
    })),
  });
  return { body: JSON.stringify(body), validUntil };
}
