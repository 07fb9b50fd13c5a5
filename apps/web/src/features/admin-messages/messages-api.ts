// GET /messages/admin/messages (spec §7): one page of contact requests.
import { messagesPageSchema, type MessageSortField, type MessagesPage } from '@boats/domain/schemas/messages';
import type { LeadSource } from '@boats/domain/schemas/contact';
import { apiFetch } from '../../shared/api/http';

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

export function fetchMessages(
  filter: MessagesFilter,
  token: string | null,
  signal?: AbortSignal,
): Promise<MessagesPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    const text = String(value).trim();
    if (text) params.set(key, text);
  }
  return apiFetch(`/messages/admin/messages?${params.toString()}`, {
    schema: messagesPageSchema,
    token,
    signal,
  });
}
