// A damage claim against a security deposit (issue 60, docs/decisions/0040): the owner claims
// part or all of a held deposit within a window after the return, resting on the return's photos;
// the customer accepts or disputes it within an answer window; the admin decides a dispute.
// Every deadline fits inside the card's authorisation (depositLapsesAt), or the claim is refused.

/**
 * A claim's life:
 * - `open`: filed, waiting for the customer's answer until `answerBy`;
 * - `disputed`: the customer disputed it in writing, waiting for the admin;
 * - `accepted`: the customer accepted it, the amount captured;
 * - `expired`: no answer by `answerBy`, the amount captured by the job;
 * - `decided`: the admin decided a dispute (0 to the claim; 0 releases the deposit);
 * - `lapsed`: the card's authorisation lapsed before the capture: nothing taken.
 */
export const CLAIM_STATUSES = ['open', 'disputed', 'accepted', 'expired', 'decided', 'lapsed'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** The owner's window after the return to file a claim, by default and at most (hours). */
export const DEFAULT_CLAIM_WINDOW_HOURS = 48;
export const MAX_CLAIM_WINDOW_HOURS = 96;
/** The customer's window to answer a claim, by default (DEPOSIT_CLAIM_ANSWER_HOURS). */
export const DEFAULT_CLAIM_ANSWER_HOURS = 48;
/** The least time a customer is left to answer: a claim that would leave less is refused. */
export const MIN_CLAIM_ANSWER_HOURS = 12;
/** The time kept for the admin to decide a dispute before the card's authorisation lapses. */
export const CLAIM_DECISION_HOURS = 24;

const HOUR_MS = 3_600_000;
const addHours = (at: Date, hours: number) => new Date(at.getTime() + hours * HOUR_MS);
const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

/**
 * Until when the owner may file a claim: `windowHours` after the return was recorded, and for a
 * deposit held on the card never so late that the customer's least answer time and the admin's
 * decision time no longer fit before the authorisation lapses (`lapsesAt`; null for a deposit
 * taken at the harbour, which does not lapse).
 */
export function claimWindowEndsAt(returnAt: Date, windowHours: number, lapsesAt: Date | null): Date {
  const owners = addHours(returnAt, windowHours);
  if (!lapsesAt) return owners;
  return earlier(owners, addHours(lapsesAt, -(CLAIM_DECISION_HOURS + MIN_CLAIM_ANSWER_HOURS)));
}

/**
 * Until when the customer may answer a claim filed at `filedAt`: `answerHours`, or earlier when
 * the card's authorisation would lapse before the admin could decide a dispute.
 */
export function claimAnswerBy(filedAt: Date, answerHours: number, lapsesAt: Date | null): Date {
  const full = addHours(filedAt, answerHours);
  return lapsesAt ? earlier(full, addHours(lapsesAt, -CLAIM_DECISION_HOURS)) : full;
}

type ClaimRefusal =
  | 'deposit_not_held'
  | 'no_return_record'
  | 'claim_window_closed'
  | 'claim_exists'
  | 'invalid_amount'
  | 'capture_exceeds_deposit';

/**
 * Why the owner's claim is refused, or null when it may be filed: a held deposit, a return
 * recorded, within the window, the first claim, more than nothing and never more than the deposit.
 */
export function claimRefusal(input: {
  deposit: { status: string; amountCents: number; lapsesAt: Date | null };
  returnAt: Date | null;
  windowHours: number;
  hasClaim: boolean;
  amountCents: number;
  now: Date;
}): ClaimRefusal | null {
  if (input.hasClaim) return 'claim_exists';
  if (input.deposit.status !== 'authorised') return 'deposit_not_held';
  if (!input.returnAt) return 'no_return_record';
  const ends = claimWindowEndsAt(input.returnAt, input.windowHours, input.deposit.lapsesAt);
  if (input.now.getTime() >= ends.getTime()) return 'claim_window_closed';
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) return 'invalid_amount';
  if (input.amountCents > input.deposit.amountCents) return 'capture_exceeds_deposit';
  return null;
}

/** Why the admin's decision of `amountCents` on a claim is refused: only a dispute, 0 to the claim. */
export function claimDecisionRefusal(
  claim: { status: ClaimStatus; amountCents: number },
  amountCents: number,
): 'claim_not_disputed' | 'invalid_amount' | 'decision_exceeds_claim' | null {
  if (claim.status !== 'disputed') return 'claim_not_disputed';
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) return 'invalid_amount';
  if (amountCents > claim.amountCents) return 'decision_exceeds_claim';
  return null;
}
