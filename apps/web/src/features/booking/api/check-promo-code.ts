// GET /api/boat/:id/promo-code (docs/payments.md#promo-codes): the review step's Apply. The answer
// is the code's terms; the discount is computed from them by the domain's promoDiscountCents, as
// the server charges. A refusal is an ApiError whose code is the domain's reason.
import { useMutation } from '@tanstack/react-query';
import { promoCheckResponseSchema, type PromoCheckResponse } from '@boats/domain/schemas/promo-codes';
import { apiFetch } from '../../../shared/api/http';

type CheckPromo = { boatId: string; code: string; subtotalCents: number };

function checkPromoCode({ boatId, code, subtotalCents }: CheckPromo): Promise<PromoCheckResponse> {
  const query = new URLSearchParams({ code: code.trim(), subtotal: String(subtotalCents) });
  return apiFetch(`/api/boat/${encodeURIComponent(boatId)}/promo-code?${query.toString()}`, {
    schema: promoCheckResponseSchema,
  });
}

export function useCheckPromoCode() {
  return useMutation({ mutationFn: checkPromoCode });
}
