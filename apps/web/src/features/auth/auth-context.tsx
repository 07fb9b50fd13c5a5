// Who is signed in. The access token lives only in memory; on load the httpOnly refresh
// cookie is exchanged for a new one (POST /user/refresh), so a reload keeps the session
// without the token ever touching local storage (only a "signed in here" hint does).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthResponse, AuthUser } from '@boats/domain/schemas/auth';
import { apiFetch } from '../../shared/api/http';

export type AuthState = {
  user: AuthUser | null;
  accessToken: string | null;
  /** True until the first refresh attempt has answered. */
  restoring: boolean;
  isAdmin: boolean;
  signIn: (input: { email: string; password: string; remember: boolean }) => Promise<AuthUser>;
  signOut: () => Promise<void>;
  /** Gets a fresh access token after a 401; resolves null when the session is over. */
  refresh: () => Promise<string | null>;
};

const AuthContext = createContext<AuthState | null>(null);

let renewing: Promise<AuthResponse | null> | null = null;

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

/**
 * One refresh call at a time. The server rotates the refresh token on every use and treats a
 * second use of the same token as theft (the whole session family is revoked), so callers that
 * need a new token at the same moment — StrictMode's double effect, several admin requests
 * meeting an expired token — must share one request instead of racing.
 */
function renewSession(): Promise<AuthResponse | null> {
  renewing ??= authCall('/user/refresh')
    .catch(() => null)
    .then((answer) => {
      setSessionHint(answer !== null);
      return answer;
    })
    .finally(() => {
      renewing = null;
    });
  return renewing;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [accessToken, setAccessToken] = useState<string | null>(null);
  // Without the hint there is no session to restore, so nothing to wait for.
  const [restoring, setRestoring] = useState(hasSessionHint);

  const refresh = useCallback(async () => {
    const answer = await renewSession();
    setUser(answer?.user ?? null);
    setAccessToken(answer?.accessToken ?? null);
    return answer?.accessToken ?? null;
  }, []);

  useEffect(() => {
    if (!hasSessionHint()) return;
    void renewSession().then((answer) => {
      setUser(answer?.user ?? null);
      setAccessToken(answer?.accessToken ?? null);
      setRestoring(false);
    });
  }, []);

  const signIn = useCallback(async (input: { email: string; password: string; remember: boolean }) => {
    const answer = await authCall('/user/auth', input);
    setSessionHint(true);
    setUser(answer.user);
    setAccessToken(answer.accessToken);
    return answer.user;
  }, []);

  const signOut = useCallback(async () => {
    try {
      await apiFetch('/user/logout', { method: 'POST' });
    } finally {
      setSessionHint(false);
      setUser(null);
      setAccessToken(null);
    }
  }, []);

  const value = useMemo<AuthState>(
    () => ({ user, accessToken, restoring, isAdmin: user?.role === 'admin', signIn, signOut, refresh }),
    [user, accessToken, restoring, signIn, signOut, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
