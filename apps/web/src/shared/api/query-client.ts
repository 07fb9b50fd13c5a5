// The one QueryClient setup. Server state is read with TanStack Query: each endpoint has one
// file in its feature's `api/` folder with the fetcher, the queryOptions that own its key and
// the hook (see shared/api/get-boats.ts for the pattern).
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

/** A 4xx answer will not change by asking again; a network error or a 5xx may. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
