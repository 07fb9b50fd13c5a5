// The visitor's consent, kept in localStorage under `app.consent` with the moment it was given and
// the version of the cookie policy it was given to (docs/public-site.md, "Preferences and
// consent"). Analytics and marketing are off until the visitor turns them on and saves: the
// AEPD's cookie guidance counts no pre-ticked box as consent, which supersedes the spec's
// "analytics on" default (docs/product.md §4). Scripts must ask `mayLoad`.
export const CONSENT_STORAGE_KEY = 'app.consent';

/**
 * The version of the privacy page's cookie section the choice answers. Change it with that
 * section: a choice saved under another version counts as none, so the visitor is asked again.
 */
export const CONSENT_POLICY_VERSION = '2026-11-27';

export type ConsentChoice = { analytics: boolean; marketing: boolean };
export type ConsentCategory = keyof ConsentChoice;
export type ConsentState = ConsentChoice & { necessary: true; saved: boolean };

const DEFAULT_CONSENT: ConsentChoice = { analytics: false, marketing: false };

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
    const { analytics, marketing, policyVersion } = value as Record<string, unknown>;
    if (typeof analytics !== 'boolean' || typeof marketing !== 'boolean') return notSaved;
    if (policyVersion !== CONSENT_POLICY_VERSION) return notSaved;
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

/** Stores the choice with when it was made and the policy version it answers. */
export function saveConsent(choice: ConsentChoice, now = new Date()): ConsentState {
  storage()?.setItem(
    CONSENT_STORAGE_KEY,
    JSON.stringify({
      analytics: choice.analytics,
      marketing: choice.marketing,
      savedAt: now.toISOString(),
      policyVersion: CONSENT_POLICY_VERSION,
    }),
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
