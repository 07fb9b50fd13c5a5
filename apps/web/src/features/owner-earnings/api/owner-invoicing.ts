// GET and PUT /api/owner/invoicing: whether the platform invoices the owner's customers in their
// name, and their IGIC regime (docs/invoicing.md#customers-invoices-in-the-owners-name). An owner
// reads and sets their own; the platform admin names the owner.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ownerInvoicingResponseSchema,
  type OwnerInvoicingUpdate,
} from '@boats/domain/schemas/owner-invoicing';
import { adminFetch } from '../../../shared/auth/admin-fetch';

const whose = (ownerId: string | null) => (ownerId ? `?ownerId=${encodeURIComponent(ownerId)}` : '');
const key = (ownerId: string | null) => ['owner', 'invoicing', ownerId] as const;

export function useOwnerInvoicing(ownerId: string | null) {
  return useQuery({
    queryKey: key(ownerId),
    queryFn: ({ signal }) =>
      adminFetch(`/api/owner/invoicing${whose(ownerId)}`, { schema: ownerInvoicingResponseSchema, signal }),
  });
}

export function useSaveOwnerInvoicing(ownerId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnerInvoicingUpdate) =>
      adminFetch(`/api/owner/invoicing${whose(ownerId)}`, {
        method: 'PUT',
        body,
        schema: ownerInvoicingResponseSchema,
      }),
    onSuccess: (answer) => queryClient.setQueryData(key(ownerId), answer),
  });
}
