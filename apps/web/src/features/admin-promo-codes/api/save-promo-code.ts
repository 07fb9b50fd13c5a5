// POST /api/admin/promo-codes (a new code) and PUT /api/admin/promo-codes/:id (a change); the list
// is asked again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  promoCodeResponseSchema,
  type PromoCodeInput,
  type PromoCodeWire,
} from '@boats/domain/schemas/promo-codes';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { promoCodesQueryOptions } from './get-promo-codes';

async function savePromoCode({
  id,
  input,
}: {
  id: string | null;
  input: PromoCodeInput;
}): Promise<PromoCodeWire> {
  const url = id ? `/api/admin/promo-codes/${encodeURIComponent(id)}` : '/api/admin/promo-codes';
  return (
    await adminFetch(url, { method: id ? 'PUT' : 'POST', body: input, schema: promoCodeResponseSchema })
  ).promoCode;
}

export function useSavePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePromoCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesQueryOptions().queryKey }),
  });
}
