// A reload mid-checkout: the page's pagehide gave the stored hold up (or is about to), so the
// same request takes a new one and the tab's checkout record follows it. A query rather than an
// effect: keyed by the stored booking id, never stale and never collected, it runs once per
// checkout however often the flow renders or mounts (StrictMode mounts it twice).
import { skipToken, useQuery } from '@tanstack/react-query';
import { clearCheckout, saveCheckout, type CheckoutRecord } from '../checkout-session';
import type { useHoldMutations } from './hold-mutations';

type Holds = ReturnType<typeof useHoldMutations>;

async function resumeHold(record: CheckoutRecord, { createHold, releaseHold }: Holds) {
  await releaseHold(record.intent).catch(() => undefined);
  try {
    const resumed: CheckoutRecord = { ...record, intent: await createHold(record.request) };
    saveCheckout(resumed);
    return resumed;
  } catch (err) {
    clearCheckout();
    throw err;
  }
}

/** The checkout `record` on a fresh hold; idle while `record` is null. */
export function useResumedHold(record: CheckoutRecord | null, holds: Holds) {
  return useQuery({
    queryKey: ['booking', 'resumed-hold', record?.intent.bookingId ?? null] as const,
    queryFn: record ? () => resumeHold(record, holds) : skipToken,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
