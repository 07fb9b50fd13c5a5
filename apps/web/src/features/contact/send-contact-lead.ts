import { contactLeadResponseSchema } from '@boats/domain/schemas/messages';
import type { ContactLeadInput } from '@boats/domain/schemas/contact';
import { apiFetch } from '../../shared/api/http';

/** POST /messages/messages (docs/product.md §7). Throws ApiError on a non-OK answer. */
export function sendContactLead(lead: ContactLeadInput) {
  return apiFetch('/messages/messages', { method: 'POST', body: lead, schema: contactLeadResponseSchema });
}
