// Component tests render inside a fresh QueryClient (no retries, so an error shows at once).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function WithQueryClient({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [own] = useState(testQueryClient);
  return <QueryClientProvider client={client ?? own}>{children}</QueryClientProvider>;
}
