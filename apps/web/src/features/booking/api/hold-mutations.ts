// Taking a hold (POST /api/boat/payment-intent, with the tab's contact details when it has
// them) and giving one up (POST …/release).
// A refused hold usually means someone else just took those seats, so the boat's cached months
// are asked again and the calendar shows what is really free. A successful hold does not
// refresh them: the month would count the visitor's own hold against their choice. A release
// does: the seats are free again, and the visitor sees them back.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentIntentRequestInput } from '@boats/domain/schemas/payment-intent';
import { createPaymentIntent, loadRememberedContact, releaseHold } from '../../../shared/checkout';
import { availabilityKeyOf } from '../../../shared/api/availability-key';

export function useHoldMutations(boatId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: availabilityKeyOf(boatId) });
  const hold = useMutation({
    mutationFn: async (request: PaymentIntentRequestInput) =>
      createPaymentIntent({ ...request, customer: request.customer ?? (await loadRememberedContact()) }),
    onError: refresh,
  });
  // A release that fails (network) leaves the hold to lapse on its own; nothing to tell the visitor.
  const release = useMutation({ mutationFn: releaseHold, onSettled: refresh });
  return { createHold: hold.mutateAsync, releaseHold: release.mutateAsync };
}
