/**
 * The customer's cancellation policy: rules `{ hoursBefore, refundPercent }` per boat, with a
 * site-wide default (docs/product.md §9). A customer who cancels at least
 * `hoursBefore` hours before departure gets `refundPercent` of what was paid back; the rule
 * with the largest `hoursBefore` that still holds wins, and after the last rule nothing is
 * refunded. Weather and operator cancellations refund in full and do not use this policy.
 */

export interface CancellationRule {
  hoursBefore: number;
  refundPercent: number;
}

export type CancellationPolicy = readonly CancellationRule[];

/** Full refund up to 48 h before departure, half up to 24 h, nothing after. */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = Object.freeze([
  Object.freeze({ hoursBefore: 48, refundPercent: 100 }),
  Object.freeze({ hoursBefore: 24, refundPercent: 50 }),
]);

const HOUR_MS = 3_600_000;

/** Rules from the most generous deadline (largest hoursBefore) down. */
export function sortedRules(policy: CancellationPolicy): CancellationRule[] {
  return [...policy].sort((a, b) => b.hoursBefore - a.hoursBefore);
}

/** A boat's own rules, or the site default when it has none. */
export function effectivePolicy(boatPolicy: CancellationPolicy | null | undefined): CancellationPolicy {
  return boatPolicy && boatPolicy.length > 0 ? sortedRules(boatPolicy) : DEFAULT_CANCELLATION_POLICY;
}

/**
 * The percentage refunded when the customer cancels at `now` a trip departing at `departure`.
 * Exactly `hoursBefore` hours before departure still counts for that rule. Once the trip has
 * started nothing is refunded.
 */
export function refundPercentAt(policy: CancellationPolicy, departure: Date, now: Date): number {
  const msBefore = departure.getTime() - now.getTime();
  if (msBefore <= 0) return 0;
  for (const rule of sortedRules(policy)) {
    if (msBefore >= rule.hoursBefore * HOUR_MS) return rule.refundPercent;
  }
  return 0;
}

/** The refund in cents: a percentage of what was paid, rounded down to the cent. */
export function refundCents(paidCents: number, percent: number): number {
  if (!Number.isSafeInteger(paidCents) || paidCents < 0)
    throw new RangeError('paidCents must be whole cents ≥ 0');
  return Math.floor((paidCents * Math.max(0, Math.min(100, percent))) / 100);
}

export interface CancellationQuote {
  refundPercent: number;
  refundCents: number;
  /** The instant until which the current percentage holds; null when no better or other rule follows. */
  nextDeadline: Date | null;
}

/** What cancelling now would refund, shown to the customer before they confirm. */
export function cancellationQuote(
  policy: CancellationPolicy,
  departure: Date,
  now: Date,
  paidCents: number,
): CancellationQuote {
  const refundPercent = refundPercentAt(policy, departure, now);
  const current = sortedRules(policy).find(
    (rule) => departure.getTime() - now.getTime() >= rule.hoursBefore * HOUR_MS,
  );
  return {
    refundPercent,
    refundCents: refundCents(paidCents, refundPercent),
    nextDeadline: current ? new Date(departure.getTime() - current.hoursBefore * HOUR_MS) : null,
  };
}
