// GET /api/boat/:id/voucher?code=&total= (docs/payments.md#gift-vouchers): the review step's
// Apply for a gift voucher. The answer is its balance (and the split of this total); the review
// splits its own total with the domain's voucherSplit, as the checkout charges. A refusal is an
// ApiError whose code is the domain's reason.
import { useMutation } from '@tanstack/react-query';
import type { VoucherCheckResponse } from '@boats/domain/schemas/gift-vouchers';
import { apiFetch } from '../../../shared/api/http';

type CheckVoucher = { boatId: string; code: string; totalCents: number };

async function checkVoucher({ boatId, code, totalCents }: CheckVoucher): Promise<VoucherCheckResponse> {
  const query = new URLSearchParams({ code: code.trim(), total: String(totalCents) });
  // The answer's schema (and zod) comes with the call, not with the booking flow (shared/checkout/checkout-api.ts says why).
  const { voucherCheckResponseSchema: schema } = await import('@boats/domain/schemas/gift-vouchers');
  return apiFetch(`/api/boat/${encodeURIComponent(boatId)}/voucher?${query.toString()}`, { schema });
}

export function useCheckVoucher() {
  return useMutation({ mutationFn: checkVoucher });
}
