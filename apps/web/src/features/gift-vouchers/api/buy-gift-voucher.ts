// POST /api/gift-vouchers (docs/public-site.md#gift-vouchers): the voucher to buy, answered with
// the card payment that pays for it. A 400 names the field, which the Gift form shows. The answer's
// schema is imported with the call, not with the page (docs/performance.md#prerendered-first-screen).
import { useMutation } from '@tanstack/react-query';
import type {
  GiftVoucherPurchaseInput,
  GiftVoucherPurchaseResponse,
} from '@boats/domain/schemas/gift-vouchers';
import { apiFetch } from '../../../shared/api/http';

async function buyGiftVoucher(body: GiftVoucherPurchaseInput): Promise<GiftVoucherPurchaseResponse> {
  const { giftVoucherPurchaseResponseSchema: schema } = await import('@boats/domain/schemas/gift-vouchers');
  return apiFetch('/api/gift-vouchers', { method: 'POST', body, schema });
}

export function useBuyGiftVoucher() {
  return useMutation({ mutationFn: buyGiftVoucher });
}
