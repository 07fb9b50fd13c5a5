// GET /api/boat/:id/voucher?code=&total= (docs/payments.md#gift-vouchers): the review step's
// Apply for a gift voucher. The answer is its balance (and the split of this total); the review
// splits its own total with the domain's voucherSplit, as the checkout charges. A refusal is an
// ApiError whose code is the domain's reason.
import { useMutation } from '@tanstack/react-query';
import { voucherCheckResponseSchema, type VoucherCheckResponse } from '@boats/domain/schemas/gift-vouchers';
import { apiFetch } from '../../../shared/api/http';

type CheckVoucher = { boatId: string; code: string; totalCents: number };

function checkVoucher({ boatId, code, totalCents }: CheckVoucher): Promise<VoucherCheckResponse> {
  const query = new URLSearchParams({ code: code.trim(), total: String(totalCents) });
  return apiFetch(`/api/boat/${encodeURIComponent(boatId)}/voucher?${query.toString()}`, {
    schema: voucherCheckResponseSchema,
  });
}

export function useCheckVoucher() {
  return useMutation({ mutationFn: checkVoucher });
}
