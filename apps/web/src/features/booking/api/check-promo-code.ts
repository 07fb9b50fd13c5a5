// GET /api/boat/:id/promo-code (docs/payments.md#promo-codes): the review step's Apply. The answer
// is the code's terms; the discount is computed from them by the domain's promoDiscountCents, as
// the server charges. A refusal is an ApiError whose code is the domain's reason.
import { useMutation } from '@tanstack/react-query';
import type { PromoCheckResponse } from '@boats/domain/schemas/promo-codes';
import { apiFetch } from '../../../shared/api/http';

type CheckPromo = { boatId: string; code: string; subtotalCents: number };

async function checkPromoCode({ boatId, code, subtotalCents }: CheckPromo): Promise<PromoCheckResponse> {
  const query = new URLSearchParams({ code: code.trim(), subtotal: String(subtotalCents) });
  // The answer's schema (and zod) comes with the call, not with the booking flow (shared/checkout/checkout-api.ts says why).
  const { promoCheckResponseSchema: schema } = await import('@boats/domain/schemas/promo-codes');
  return apiFetch(`/api/boat/${encodeURIComponent(boatId)}/promo-code?${query.toString()}`, { schema });
}

export function useCheckPromoCode() {
  return useMutation({ mutationFn: checkPromoCode });
}
