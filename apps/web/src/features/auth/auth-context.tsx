// Who is signed in. The access token lives only in memory; on load the httpOnly refresh
// cookie is exchanged for a new one (POST /user/refresh), so a reload keeps the session
// without the token ever touching local storage.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { authResponseSchema, type AuthResponse, type AuthUser } from '@boats/domain/schemas/auth';
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

/**
 * One refresh call at a time. The server rotates the refresh token on every use and treats a
 * second use of the same token as theft (the whole session family is revoked), so callers that
 * need a new token at the same moment — StrictMode's double effect, several admin requests
 * meeting an expired token — must share one request instead of racing.
 */
function renewSession(): Promise<AuthResponse | null> {
  renewing ??= apiFetch('/user/refresh', { method: 'POST', schema: authResponseSchema })
    .catch(() => null)
    .finally(() => {
      renewing = null;
    });
  return renewing;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [accessToken, setAccessToken] = useState<string | null>(null);
  const [restoring, setRestoring] = useState(true);

  const refresh = useCallback(async () => {
    const answer = await renewSession();
    setUser(answer?.user ?? null);
    setAccessToken(answer?.accessToken ?? null);
    return answer?.accessToken ?? null;
  }, []);

  useEffect(() => {
    void renewSession().then((answer) => {
      setUser(answer?.user ?? null);
      setAccessToken(answer?.accessToken ?? null);
      setRestoring(false);
    });
  }, []);

  const signIn = useCallback(async (input: { email: string; password: string; remember: boolean }) => {
    const answer = await apiFetch('/user/auth', { method: 'POST', body: input, schema: authResponseSchema });
    setUser(answer.user);
    setAccessToken(answer.accessToken);
    return answer.user;
  }, []);

  const signOut = useCallback(async () => {
    try {
      await apiFetch('/user/logout', { method: 'POST' });
    } finally {
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
