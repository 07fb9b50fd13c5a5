// GET /api/admin/promo-codes: the caller's codes (an owner: their own) with their report.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { promoCodesListResponseSchema, type PromoCodeWire } from '@boats/domain/schemas/promo-codes';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getPromoCodes(signal?: AbortSignal): Promise<PromoCodeWire[]> {
  return (await adminFetch('/api/admin/promo-codes', { schema: promoCodesListResponseSchema, signal })).items;
}

export const promoCodesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'promo-codes'] as const,
    queryFn: ({ signal }) => getPromoCodes(signal),
  });

export function usePromoCodes() {
  return useQuery(promoCodesQueryOptions());
}
