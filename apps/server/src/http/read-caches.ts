// The public read caches (availability months per boat, the catalogue) and what keeps them
// true: the database triggers of migration 0003 NOTIFY `data_changed` with '<table>:<boat id>'
// after every committed change to boats, slots, bookings and booking_slots; every instance
// LISTENs (PGlite: in process) and drops what the change can touch. No write path calls the
// caches, so none can forget them.
import type { Database } from '../db/client';
import { AnswerCache } from './answer-cache';
import type { WorkQueue } from './work-queue';

export const DATA_CHANGED_CHANNEL = 'data_changed';
/** A bound even for answers nothing invalidates: memory is not a second database. */
export const MAX_CACHED_MS = 10 * 60_000;
const CATALOGUE_GROUP = 'catalogue';

export type ReadCaches = {
  /** Keyed by boat and requested range, grouped by boat id. */
  months: AnswerCache;
  /** One entry: the active fleet. */
  catalogue: AnswerCache;
};

export { CATALOGUE_GROUP };

/** `queue`: where fills wait their turn (the embedded database); hits never wait. */
export async function startReadCaches(database: Database, queue?: WorkQueue): Promise<ReadCaches> {
  const runFill = queue
    ? <T>(work: () => Promise<T>) => queue.run(work)
    : <T>(work: () => Promise<T>) => work();
  const caches: ReadCaches = {
    months: new AnswerCache(500, runFill),
    catalogue: new AnswerCache(4, runFill),
  };
  const listening = await database.listen(
    DATA_CHANGED_CHANNEL,
    (payload) => applyChange(caches, payload),
    (listening) => {
      caches.months.setListening(listening);
      caches.catalogue.setListening(listening);
    },
  );
  const caughtUp = () => listening.caughtUp();
  caches.months.followChanges(caughtUp);
  caches.catalogue.followChanges(caughtUp);
  return caches;
}

function applyChange(caches: ReadCaches, payload: string): void {
  const separator = payload.indexOf(':');
  const table = payload.slice(0, separator);
  const boatId = payload.slice(separator + 1);
  if (separator < 0 || boatId === '*' || boatId === '') caches.months.invalidateAll();
  else caches.months.invalidate(boatId);
  if (table === 'boats' || separator < 0) caches.catalogue.invalidate(CATALOGUE_GROUP);
}
