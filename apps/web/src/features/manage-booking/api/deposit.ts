// The booking's security deposit on manage my booking (docs/payments.md#the-security-deposit):
// GET /api/bookings/{id}/deposit with its damage claim, and for a deposit the card refused, another
// card: the authorisation to pay (POST …/deposit/card) and the return from it (POST
// …/deposit/confirm); the answer to a claim (POST …/deposit/claim/answer).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@boats/domain/schemas/zod';
import { depositActionAnswerSchema, depositAnswerSchema } from '@boats/domain/schemas/deposit';
import { apiFetch } from '../../../shared/api/http';

const depositKey = (id: string, token: string) => ['manage', 'deposit', id, token] as const;

export function useManagedDeposit(id: string, token: string) {
  return useQuery({
    queryKey: depositKey(id, token),
    queryFn: ({ signal }) =>
      apiFetch(`/api/bookings/${encodeURIComponent(id)}/deposit?token=${encodeURIComponent(token)}`, {
        schema: depositAnswerSchema,
        signal,
      }),
  });
}

const cardAnswerSchema = z.object({ clientSecret: z.string(), amount: z.number() });

export function useDepositCard() {
  return useMutation({
    mutationFn: (input: { id: string; token: string }) =>
      apiFetch(`/api/bookings/${encodeURIComponent(input.id)}/deposit/card`, {
        method: 'POST',
        body: { token: input.token },
        schema: cardAnswerSchema,
      }),
  });
}

export function useConfirmDepositCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; token: string }) =>
      apiFetch(`/api/bookings/${encodeURIComponent(input.id)}/deposit/confirm`, {
        method: 'POST',
        body: { token: input.token },
        schema: depositActionAnswerSchema,
      }),
    onSuccess: (answer, input) => client.setQueryData(depositKey(input.id, input.token), answer),
  });
}

/** The customer's answer to a damage claim: accept it, or dispute it in writing (decision 40). */
export function useAnswerClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { id: string; token: string } & (
        { decision: 'accept' } | { decision: 'dispute'; answer: string }
      ),
    ) => {
      const { id, ...body } = input;
      return apiFetch(`/api/bookings/${encodeURIComponent(id)}/deposit/claim/answer`, {
        method: 'POST',
        body,
        schema: depositActionAnswerSchema,
      });
    },
    onSuccess: (answer, input) => client.setQueryData(depositKey(input.id, input.token), answer),
  });
}
