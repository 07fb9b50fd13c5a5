// A crew page's read (the day's trips, a manifest) that a phone without signal answers from what
// it saved: the server's answer when it comes (and saved for later), else, after NO_SIGNAL_AFTER_MS
// at most, the saved copy with the time it was saved. Only for a crew member's session: the
// admin's and owners' reads are as before.
import { readSnapshot, saveSnapshot } from '../../../shared/offline/crew-offline-store';
import { crewOffline, isCrewSession, isNoSignal, NO_SIGNAL_AFTER_MS } from './crew-offline-state';

/** The saved copies' keys: a day's trips (`trips:YYYY-MM-DD`) and a trip's manifest (`manifest:{slotId}`). */
export const TRIPS_KEY = 'trips:';
export const MANIFEST_KEY = 'manifest:';

/** An answer, and when it is a saved copy, the time it was saved. */
export type MaybeSaved<T> = T & { savedAt?: string };

export async function readWithSavedCopy<T extends object>(
  key: string,
  fetcher: (signal: AbortSignal | undefined) => Promise<T>,
  signal?: AbortSignal,
): Promise<MaybeSaved<T>> {
  if (!isCrewSession()) return fetcher(signal);
  const saved = await readSnapshot<T>(key).catch(() => undefined);
  // With a saved copy to show, a server that does not answer soon is treated as no signal.
  const limited = saved
    ? AbortSignal.any([AbortSignal.timeout(NO_SIGNAL_AFTER_MS), ...(signal ? [signal] : [])])
    : signal;
  try {
    const fresh = await fetcher(limited);
    crewOffline.markOnline();
    void saveSnapshot(key, fresh).catch(() => undefined);
    return fresh;
  } catch (err) {
    if (signal?.aborted || !isNoSignal(err)) throw err;
    crewOffline.markOffline();
    if (!saved) throw err;
    return { ...saved.data, savedAt: saved.savedAt };
  }
}
