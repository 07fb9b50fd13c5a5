// GET /messages/admin/messages (docs/product.md §7): one page of contact requests.
import { messagesPageSchema, type MessageSortField, type MessagesPage } from '@boats/domain/schemas/messages';
import type { LeadSource } from '@boats/domain/schemas/contact';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminFetch } from '../../../shared/auth/admin-fetch';

export type MessagesFilter = {
  page: number;
  limit: number;
  sort: MessageSortField;
  order: 'asc' | 'desc';
  search: string;
  source: LeadSource | '';
  /** Canary days, 'YYYY-MM-DD' from the date inputs. */
  from: string;
  to: string;
};

function fetchMessages(filter: MessagesFilter, signal?: AbortSignal): Promise<MessagesPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    const text = String(value).trim();
    if (text) params.set(key, text);
  }
  return adminFetch(`/messages/admin/messages?${params.toString()}`, { schema: messagesPageSchema, signal });
}

const messagesQueryOptions = (filter: MessagesFilter) =>
  queryOptions({
    queryKey: ['admin', 'messages', filter] as const,
    queryFn: ({ signal }) => fetchMessages(filter, signal),
    // Paging keeps the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
    // An inbox: a filter shown before is asked again, not trusted from the cache.
    staleTime: 0,
  });

export function useMessages(filter: MessagesFilter) {
  return useQuery(messagesQueryOptions(filter));
}
