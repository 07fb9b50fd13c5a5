// GET /api/gift-vouchers/confirm?payment_intent=…: the paid voucher and the token of its
// printable page. The server confirms once (a webhook may have done it already); a 402 means the
// card payment is not through yet, so the call is asked again a few times before giving up.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GiftVoucherConfirmResponse } from '@boats/domain/schemas/gift-vouchers';
import { ApiError, apiFetch } from '../../../shared/api/http';
import { giftVoucherQueryOptions } from './get-gift-voucher';

const NOT_PAID_YET = 402;

async function confirmGiftVoucher(intentId: string): Promise<GiftVoucherConfirmResponse> {
  // The schema comes with the call, not with the gift page (docs/performance.md#prerendered-first-screen).
  const { giftVoucherConfirmResponseSchema: schema } = await import('@boats/domain/schemas/gift-vouchers');
  return apiFetch(`/api/gift-vouchers/confirm?payment_intent=${encodeURIComponent(intentId)}`, {
    schema,
    headers: { 'idempotency-key': `gift-confirm-${intentId}` },
  });
}

/** The voucher a paid intent bought, confirmed once per page (the answer is kept). */
export function useConfirmedGiftVoucher(intentId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['gift-voucher-confirm', intentId] as const,
    queryFn: async () => {
      const answer = await confirmGiftVoucher(intentId);
      // The printable page opens at once with what the confirmation answered.
      queryClient.setQueryData(
        giftVoucherQueryOptions(answer.voucher.id, answer.token).queryKey,
        answer.voucher,
      );
      return answer;
    },
    retry: (failures, err) => err instanceof ApiError && err.status === NOT_PAID_YET && failures < 5,
    retryDelay: 1000,
    staleTime: Infinity,
  });
}
