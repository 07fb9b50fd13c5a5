// React's view of the auth session (auth-session.ts): who is signed in, and the actions.
import { useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, AuthUser, SecondFactorChallenge } from '@boats/domain/schemas/auth';
import { authSession, type SessionState } from './auth-session';

export type AuthState = SessionState & {
  isAdmin: boolean;
  signIn: (input: {
    email: string;
    password: string;
    remember: boolean;
  }) => Promise<AuthUser | SecondFactorChallenge>;
  completeSignIn: (answer: AuthResponse) => void;
  /** Signs out and drops every cached answer, so the next person sees nothing of the last one's. */
  signOut: () => Promise<void>;
  refresh: () => Promise<string | null>;
};

export function useAuth(): AuthState {
  const session = useSyncExternalStore(
    authSession.subscribe,
    authSession.getSnapshot,
    authSession.getServerSnapshot,
  );
  const queryClient = useQueryClient();
  return {
    ...session,
    isAdmin: session.user?.role === 'admin',
    signIn: authSession.signIn,
    completeSignIn: authSession.completeSignIn,
    signOut: () => authSession.signOut().finally(() => queryClient.clear()),
    refresh: authSession.refresh,
  };
}
