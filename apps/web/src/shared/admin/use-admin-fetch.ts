// apiFetch for admin calls: sends the access token as the bearer and, when the server answers
// 401 (the 15-minute token expired), renews it once through the refresh cookie and retries.
import { useCallback } from 'react';
import { useAuth } from '../../features/auth/auth-context';
import { apiFetch, ApiError, type RequestOptions } from '../api/http';

export type AdminFetch = <T>(path: string, options?: Omit<RequestOptions<T>, 'token'>) => Promise<T>;

export function useAdminFetch(): AdminFetch {
  const { accessToken, refresh } = useAuth();
  return useCallback<AdminFetch>(
    async <T>(path: string, options: Omit<RequestOptions<T>, 'token'> = {}): Promise<T> => {
      try {
        return await apiFetch<T>(path, { ...options, token: accessToken });
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 401) throw err;
        const renewed = await refresh();
        if (!renewed) throw err;
        return apiFetch<T>(path, { ...options, token: renewed });
      }
    },
    [accessToken, refresh],
  );
}
