// POST /api/gift-vouchers (docs/public-site.md#gift-vouchers): the voucher to buy, answered with
// the card payment that pays for it. A 400 names the field, which the Gift form shows.
import { useMutation } from '@tanstack/react-query';
import {
  giftVoucherPurchaseResponseSchema,
  type GiftVoucherPurchaseInput,
  type GiftVoucherPurchaseResponse,
} from '@boats/domain/schemas/gift-vouchers';
import { apiFetch } from '../../../shared/api/http';

function buyGiftVoucher(body: GiftVoucherPurchaseInput): Promise<GiftVoucherPurchaseResponse> {
  return apiFetch('/api/gift-vouchers', { method: 'POST', body, schema: giftVoucherPurchaseResponseSchema });
}

export function useBuyGiftVoucher() {
  return useMutation({ mutationFn: buyGiftVoucher });
}
