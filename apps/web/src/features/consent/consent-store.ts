// The visitor's consent, kept in localStorage under `app.consent` (docs/product.md §7). The spec's
// defaults (analytics on, marketing off) only pre-fill the preferences form: nothing counts as
// consent until the visitor saves, so scripts must ask `mayLoad`, never read the defaults.
export const CONSENT_STORAGE_KEY = 'app.consent';

export type ConsentChoice = { analytics: boolean; marketing: boolean };
export type ConsentCategory = keyof ConsentChoice;
export type ConsentState = ConsentChoice & { necessary: true; saved: boolean };

const DEFAULT_CONSENT: ConsentChoice = { analytics: true, marketing: false };

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage blocked by the browser: behave as if nothing was saved
  }
}

/** Parses a stored value; anything unreadable counts as "not saved" (docs/product.md §4). */
export function parseConsent(raw: string | null | undefined): ConsentState {
  const notSaved: ConsentState = { necessary: true, ...DEFAULT_CONSENT, saved: false };
  if (!raw) return notSaved;
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null) return notSaved;
    const { analytics, marketing } = value as Record<string, unknown>;
    if (typeof analytics !== 'boolean' || typeof marketing !== 'boolean') return notSaved;
    return { necessary: true, analytics, marketing, saved: true };
  } catch {
    return notSaved;
  }
}

let cachedRaw: string | null | undefined;
let cached: ConsentState = parseConsent(null);
const listeners = new Set<() => void>();

/** The current consent; the same object until it changes (for useSyncExternalStore). */
export function readConsent(): ConsentState {
  const raw = storage()?.getItem(CONSENT_STORAGE_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseConsent(raw);
  }
  return cached;
}

export function saveConsent(choice: ConsentChoice): ConsentState {
  storage()?.setItem(
    CONSENT_STORAGE_KEY,
    JSON.stringify({ analytics: choice.analytics, marketing: choice.marketing }),
  );
  const state = readConsent();
  listeners.forEach((listener) => listener());
  return state;
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab saving its choice counts here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether a script of this category may load: only after the visitor saved a choice allowing it. */
export function mayLoad(state: ConsentState, category: ConsentCategory): boolean {
  return state.saved && state[category];
}
