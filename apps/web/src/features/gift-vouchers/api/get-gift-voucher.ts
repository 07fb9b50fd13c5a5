// GET /api/gift-vouchers/{id}?token=…: the voucher behind the e-mail's and the confirmation's
// signed link, for the printable page (its balance now, its expiry).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GiftVoucherView } from '@boats/domain/schemas/gift-vouchers';
import { apiFetch } from '../../../shared/api/http';

async function getGiftVoucher(id: string, token: string, signal?: AbortSignal): Promise<GiftVoucherView> {
  const query = new URLSearchParams({ token });
  // Imported with the call: the gift page imports this file for its query key alone.
  const { giftVoucherViewResponseSchema: schema } = await import('@boats/domain/schemas/gift-vouchers');
  const answer = await apiFetch(`/api/gift-vouchers/${encodeURIComponent(id)}?${query.toString()}`, {
    schema,
    signal,
  });
  return answer.voucher;
}

export const giftVoucherQueryOptions = (id: string, token: string) =>
  queryOptions({
    queryKey: ['gift-voucher', id, token] as const,
    queryFn: ({ signal }) => getGiftVoucher(id, token, signal),
    retry: false,
  });

export function useGiftVoucher(id: string, token: string) {
  return useQuery(giftVoucherQueryOptions(id, token));
}
