// Taking a hold (POST /api/boat/payment-intent) and giving one up (POST …/release).
// A refused hold usually means someone else just took those seats, so the boat's cached months
// are asked again and the calendar shows what is really free. A successful hold does not
// refresh them: the month would then count the visitor's own hold against their choice when they
// go Back (the server cannot tell their hold from anyone else's). A release is always followed
// by a new hold in the flow, so it leaves the cache alone for the same reason.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPaymentIntent, releaseHold } from '../../checkout';
import { availabilityKeyOf } from './get-month-availability';

export function useHoldMutations(boatId: string) {
  const queryClient = useQueryClient();
  const hold = useMutation({
    mutationFn: createPaymentIntent,
    onError: () => queryClient.invalidateQueries({ queryKey: availabilityKeyOf(boatId) }),
  });
  const release = useMutation({ mutationFn: releaseHold });
  return { createHold: hold.mutateAsync, releaseHold: release.mutateAsync };
}
