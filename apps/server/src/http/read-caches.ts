// The public read caches (availability months per boat, the catalogue) and what keeps them
// true: the database triggers of migration 0006 NOTIFY `data_changed` with '<table>:<boat id>'
// after every committed change to boats, slots, bookings and booking_slots; every instance
// LISTENs (PGlite: in process) and drops what the change can touch. No write path calls the
// caches, so none can forget them.
import type { Database } from '../db/client';
import { AnswerCache } from './answer-cache';
import type { WorkQueue } from './work-queue';

export const DATA_CHANGED_CHANNEL = 'data_changed';
/** A bound even for answers nothing invalidates: memory is not a second database. */
export const MAX_CACHED_MS = 10 * 60_000;
export const CATALOGUE_GROUP = 'catalogue';

export type ReadCaches = {
  /** Keyed by boat and requested range, grouped by boat id. */
  months: AnswerCache;
  /** One entry: the public fleet. */
  catalogue: AnswerCache;
};

/** `queue`: where fills wait their turn (the embedded database); hits never wait. */
export async function startReadCaches(database: Database, queue?: WorkQueue): Promise<ReadCaches> {
  const runFill = queue
    ? <T>(work: () => Promise<T>) => queue.run(work)
    : <T>(work: () => Promise<T>) => work();
  const caches: ReadCaches = {
    months: new AnswerCache(500, runFill),
    catalogue: new AnswerCache(4, runFill),
  };
  const all = Object.values(caches);
  const listening = await database.listen(
    DATA_CHANGED_CHANNEL,
    (payload) => applyChange(caches, payload),
    (flowing) => all.forEach((cache) => cache.setListening(flowing)),
  );
  const caughtUp = () => listening.caughtUp();
  all.forEach((cache) => cache.followChanges(caughtUp));
  return caches;
}

function applyChange(caches: ReadCaches, payload: string): void {
  const [table = '', boatId = '*'] = payload.split(':');
  if (boatId === '*' || boatId === '') caches.months.invalidateAll();
  else caches.months.invalidate(boatId);
  // The catalogue shows every public boat and which kinds of trip each still offers: any
  // change to a boat or a slot can touch it; a booking (a seat sold) cannot.
  if (table === 'boats' || table === 'slots' || boatId === '*') caches.catalogue.invalidate(CATALOGUE_GROUP);
}
