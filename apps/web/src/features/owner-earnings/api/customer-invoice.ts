// GET /api/owner/customer-invoices/{id}?lang=: one invoice issued to the owner's customers in the
// owner's name, in full, for its printable page, drawn in `lang` (null: as issued, in the
// customer's language). An owner reads their own (another's is not found).
import { useQuery } from '@tanstack/react-query';
import { customerInvoiceDetailSchema } from '@boats/domain/schemas/owner-invoicing';
import type { LanguageCode } from '@boats/domain/languages';
import { adminFetch } from '../../../shared/auth/admin-fetch';

export function useCustomerInvoice(id: string, lang: LanguageCode | null) {
  return useQuery({
    queryKey: ['owner', 'customer-invoice', id, lang] as const,
    queryFn: ({ signal }) =>
      adminFetch(`/api/owner/customer-invoices/${encodeURIComponent(id)}${lang ? `?lang=${lang}` : ''}`, {
        schema: customerInvoiceDetailSchema,
        signal,
      }),
  });
}
