// What the crew's pages show about working without signal: whether the last request reached the
// server, when the phone last saved the crew's trips and manifests, and the check-ins recorded
// on the phone (waiting, sent, or refused with who and when). One store outside React, fed by
// the requests themselves (crew-read.ts, checkin-queue.ts) and the browser's online/offline events.
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../../shared/api/http';
import { authSession } from '../../../shared/auth/auth-session';
import { queuedCheckins, type QueuedCheckin } from '../../../shared/offline/crew-offline-store';

export type CrewOfflineState = {
  online: boolean;
  /** When the crew's trips and manifests were last saved on this phone (ISO), null before. */
  syncedAt: string | null;
  checkins: QueuedCheckin[];
};

let state: CrewOfflineState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  syncedAt: null,
  checkins: [],
};
const listeners = new Set<() => void>();

function publish(next: Partial<CrewOfflineState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const crewOffline = {
  get: (): CrewOfflineState => state,
  markOnline: () => state.online || publish({ online: true }),
  markOffline: () => state.online && publish({ online: false }),
  setSyncedAt: (syncedAt: string) => publish({ syncedAt }),
  reloadCheckins: async (): Promise<void> => publish({ checkins: await queuedCheckins() }),
  /** Forgets everything (tests start each case from a fresh page). */
  reset: (): void => {
    state = { online: true, syncedAt: null, checkins: [] };
  },
};

export function useCrewOfflineState(): CrewOfflineState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

/** Only a crew member's phone keeps the crew's data (docs/security.md#crew-and-manifests). */
export const isCrewSession = (): boolean => authSession.getSnapshot().user?.role === 'crew';

/**
 * A request that did not reach the server: no network, or no answer within its time limit (a
 * harbour's last bar of signal), as opposed to an answer that refused it.
 */
export function isNoSignal(err: unknown): boolean {
  if (err instanceof ApiError) return err.status === 0;
  return err instanceof DOMException && err.name === 'TimeoutError';
}

/**
 * What a queued record's failed send means: `'stop'` when the signal is gone (the phone is marked
 * offline) or the failure is worth another try later (signed out meanwhile, the server failing);
 * otherwise the server's refusal of this record, which stays on the phone as a conflict.
 */
export function refusalOf(err: unknown): ApiError | 'stop' {
  if (isNoSignal(err)) {
    crewOffline.markOffline();
    return 'stop';
  }
  if (!(err instanceof ApiError) || err.status === 401 || err.status >= 500) return 'stop';
  return err;
}

/** How long a crew page waits for the server before it says there is no connection. */
export const NO_SIGNAL_AFTER_MS = 3000;
