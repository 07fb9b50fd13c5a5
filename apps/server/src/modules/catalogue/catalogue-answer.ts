// The active fleet, serialized once for the catalogue cache. Boat writes invalidate it through
// the database triggers (http/read-caches.ts); the clock does not change it.
import { boatsListResponseSchema } from '@boats/domain/schemas/boat';
import type { Db } from '../../db/client';
import type { Fill } from '../../http/answer-cache';
import { MAX_CACHED_MS } from '../../http/read-caches';
import { toBoatDto } from '../boats/boat-mapper';
import { listActiveBoats } from '../boats/boat-repository';

export const CATALOGUE_KEY = 'active';

export async function catalogueAnswer(db: Db, now: number): Promise<Fill> {
  const rows = await listActiveBoats(db);
  // Validated once per fill, not per answer: no column outside the public shape leaves.
  const body = boatsListResponseSchema.parse({ items: rows.map(toBoatDto) });
  return { body: JSON.stringify(body), validUntil: now + MAX_CACHED_MS };
}
