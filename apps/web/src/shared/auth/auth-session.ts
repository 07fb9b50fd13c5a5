// Who is signed in, as one store outside React. The access token lives only in memory; on first
// use the httpOnly refresh cookie is exchanged for a new one (POST /user/refresh), so a reload
// keeps the session without the token ever touching local storage (only a "signed in here" hint
// does). Being outside React lets the one fetch wrapper for admin calls (admin-fetch.ts) read
// and renew the token without a hook.
import type { AuthResponse, AuthUser, SecondFactorChallenge } from '@boats/domain/schemas/auth';
import { apiFetch, ApiError } from '../api/http';
import { currentLanguage } from '../i18n/i18n';

export type SessionState = {
  user: AuthUser | null;
  accessToken: string | null;
  /** True until the first refresh attempt has answered. */
  restoring: boolean;
  /** True while the sign-out call runs, so every sign-out button shows it is under way. */
  signingOut: boolean;
};

/** A sign-in or refresh call. Its schema (and zod) loads on first use, not with the landing page. */
async function authCall(path: string, body?: unknown): Promise<AuthResponse> {
  const { authResponseSchema } = await import('@boats/domain/schemas/auth');
  return apiFetch(path, { method: 'POST', body, schema: authResponseSchema });
}

// The refresh cookie is httpOnly, so the page cannot see it. This hint says "this browser
// signed in here", so anonymous visitors (nearly everyone) make no refresh call at all.
const SESSION_HINT_KEY = 'app.session';

function setSessionHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SESSION_HINT_KEY, '1');
    else localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage can be unavailable (private mode); the session then lasts until reload.
  }
}

function hasSessionHint(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

// A crew member works on without signal (docs/back-office.md#check-in-without-signal): their
// account (e-mail and role, no credential) is remembered, so a reload at a harbour without
// coverage keeps them on their saved trips while the refresh call cannot reach the server. The
// server still takes nothing without a token: calls wait for the signal and a real refresh.
const CREW_KEY = 'app.crew';

function rememberCrew(user: AuthUser | null): void {
  try {
    if (user?.role === 'crew') localStorage.setItem(CREW_KEY, JSON.stringify(user));
    else localStorage.removeItem(CREW_KEY);
  } catch {
    // Storage unavailable: no offline session, as before.
  }
}

function rememberedCrew(): AuthUser | null {
  try {
    const stored = JSON.parse(localStorage.getItem(CREW_KEY) ?? 'null') as AuthUser | null;
    return stored?.role === 'crew' && typeof stored.email === 'string' ? stored : null;
  } catch {
    return null;
  }
}

/** The refresh call could not reach the server (no signal), as opposed to a session that ended. */
const NO_SIGNAL = 'no-signal' as const;
type Renewal = AuthResponse | null | typeof NO_SIGNAL;

/** Drops what the phone saved for offline use (lazily: only back-office users ever load it). */
function clearOfflineData(all: boolean): void {
  void import('../offline/crew-offline-store')
    .then((store) => (all ? store.clearCrewOfflineData() : store.clearSnapshots()))
    .catch(() => undefined);
}

let renewing: Promise<Renewal> | null = null;

/**
 * One refresh call at a time. The server rotates the refresh token on every use and treats a
 * second use of the same token as theft (the whole session family is revoked), so callers that
 * need a new token at the same moment — StrictMode's double effect, several admin requests
 * meeting an expired token — must share one request instead of racing.
 */
function renewSession(): Promise<Renewal> {
  renewing ??= authCall('/user/refresh')
    // No answer (ApiError 0), or the call's own code not loadable without signal (TypeError).
    .catch((err: unknown) =>
      (err instanceof ApiError && err.status === 0) || err instanceof TypeError ? NO_SIGNAL : null,
    )
    .then((answer) => {
      // Without signal the session may well be alive: the hint stays for the next try.
      if (answer === NO_SIGNAL) return answer;
      setSessionHint(answer !== null);
      if (answer === null && rememberedCrew()) {
        // The session ended by itself: its saved manifests go, check-ins still to send stay.
        rememberCrew(null);
        clearOfflineData(false);
      }
      return answer;
    })
    .finally(() => {
      renewing = null;
    });
  return renewing;
}

// null until first read, so a test (or a reset) sees the hint as it is at that moment.
let state: SessionState | null = null;
let restoreStarted = false;
const listeners = new Set<() => void>();

/** What a prerendered page shows (nobody is signed in at build time) and hydrates against. */
const PRERENDERED: SessionState = { user: null, accessToken: null, restoring: false, signingOut: false };

function current(): SessionState {
  // A visitor with no session starts on the very object the page hydrated with: React compares
  // the two by identity after hydrating, and a new but equal object would make it render the
  // whole page again, at once.
  state ??= hasSessionHint()
    ? { user: null, accessToken: null, restoring: true, signingOut: false }
    : PRERENDERED;
  return state;
}

function publish(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function adopt(answer: Renewal): void {
  if (answer === NO_SIGNAL) {
    // No signal: a crew member stays signed in on this phone (without a token) until it returns.
    publish({ user: rememberedCrew(), accessToken: null, restoring: false, signingOut: false });
    return;
  }
  rememberCrew(answer?.user ?? null);
  publish({
    user: answer?.user ?? null,
    accessToken: answer?.accessToken ?? null,
    restoring: false,
    signingOut: false,
  });
}

export const authSession = {
  getSnapshot: current,
  getServerSnapshot: (): SessionState => PRERENDERED,

  /** Subscribing is what starts the restore, once, for a browser that signed in here. */
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    if (!restoreStarted && current().restoring) {
      restoreStarted = true;
      void renewSession().then(adopt);
    }
    return () => listeners.delete(listener);
  },

  /** Gets a fresh access token after a 401; resolves null when the session is over. */
  refresh: async (): Promise<string | null> => {
    const answer = await renewSession();
    adopt(answer);
    return answer === NO_SIGNAL ? null : (answer?.accessToken ?? null);
  },

  /**
   * The password: the user when it was enough, else the second factor's challenge, which the
   * code or the enrolment completes (`completeSignIn` with their answer).
   */
  signIn: async (input: {
    email: string;
    password: string;
    remember: boolean;
  }): Promise<AuthUser | SecondFactorChallenge> => {
    const { signInResponseSchema } = await import('@boats/domain/schemas/auth');
    const answer = await apiFetch('/user/auth', {
      method: 'POST',
      // The page's language: an e-mail about a sign-in from a new device is written in it.
      body: { ...input, language: currentLanguage() },
      schema: signInResponseSchema,
    });
    if ('challenge' in answer) return answer;
    authSession.completeSignIn(answer);
    return answer.user;
  },

  /** A session the second factor's step answered. */
  completeSignIn: (answer: AuthResponse): void => {
    setSessionHint(true);
    adopt(answer);
  },

  signOut: async (): Promise<void> => {
    if (current().signingOut) return;
    publish({ ...current(), signingOut: true });
    try {
      await apiFetch('/user/logout', { method: 'POST' });
    } finally {
      setSessionHint(false);
      adopt(null);
      clearOfflineData(true);
    }
  },

  /** Forgets everything in memory (tests start each case from a fresh page). */
  reset: (): void => {
    state = null;
    restoreStarted = false;
    listeners.clear();
  },
};
