// The security deposit of a boat (issue 60, docs/payments.md#the-security-deposit): an amount the
// owner sets per boat, held on the customer's card before departure and released after the
// return, or captured in part or in full for documented damage (never more than the deposit).
// The deposit is not the booking's price: it lives in its own table, is no revenue, and only a
// captured deposit is the owner's earning (no commission on it: docs/decisions/0038).

/**
 * A deposit's life:
 * - `scheduled`: the card is saved at booking, nothing held yet;
 * - `authorised`: held (on the card, manual capture; or in hand at the harbour);
 * - `failed`: the card refused the off-session authorisation; waiting for another card or the harbour;
 * - `released`: given back in full after the return (nothing taken);
 * - `captured`: kept in part or in full for damage, the rest given back;
 * - `lapsed`: the card's authorisation expired before anything was decided (nothing taken);
 * - `canceled`: the booking was canceled before anything was held.
 */
export const DEPOSIT_STATUSES = [
  'scheduled',
  'authorised',
  'failed',
  'released',
  'captured',
  'lapsed',
  'canceled',
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** How the deposit is held: on the saved card, or taken at the harbour by staff. */
export const DEPOSIT_METHODS = ['card', 'cash', 'terminal', 'bank_transfer'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

/**
 * The metadata `kind` of a deposit's card intent: never a payment of its booking, so the
 * confirmation and the webhook leave it to the deposits module.
 */
export const DEPOSIT_INTENT_KIND = 'deposit';

/** How long before departure the card is authorised, by default (DEPOSIT_HOURS_BEFORE). */
export const DEFAULT_DEPOSIT_HOURS_BEFORE = 24;
/**
 * The card networks keep an online card authorisation about 7 days; after that the card
 * provider cancels it (Stripe: canceled, cancellation_reason automatic) and it can no longer be
 * captured.
 */
export const DEPOSIT_AUTHORISATION_DAYS = 7;
/** The largest deposit a boat may ask, in cents (€10,000). */
export const MAX_DEPOSIT_CENTS = 1_000_000;

const HOUR_MS = 3_600_000;

/**
 * When the job authorises the deposit on the card: `hoursBefore` before departure (a booking
 * made later than that: at once, the first run after its payment).
 */
export function depositAuthoriseAt(startsAt: Date, hoursBefore: number): Date {
  return new Date(startsAt.getTime() - hoursBefore * HOUR_MS);
}

/** When a card authorisation made at `authorisedAt` lapses. */
export function depositLapsesAt(authorisedAt: Date): Date {
  return new Date(authorisedAt.getTime() + DEPOSIT_AUTHORISATION_DAYS * 24 * HOUR_MS);
}

/**
 * Why a capture of `amountCents` of a deposit is refused, or null when it may go ahead: only a
 * held deposit, more than nothing and never more than the deposit.
 */
export function depositCaptureRefusal(
  deposit: { status: DepositStatus; amountCents: number },
  amountCents: number,
): 'deposit_not_held' | 'invalid_amount' | 'capture_exceeds_deposit' | null {
  if (deposit.status !== 'authorised') return 'deposit_not_held';
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return 'invalid_amount';
  if (amountCents > deposit.amountCents) return 'capture_exceeds_deposit';
  return null;
}

/**
 * How long after the return a deposit held on the card must still be capturable: the owner's
 * claim, the customer's answer and a decision on it. A safe margin over the claim window's
 * default (48 hours), kept well inside what an authorisation made DEPOSIT_HOURS_BEFORE departure
 * covers for a day's charter (at least 4 days after it), so only a booking moved later trips it.
 */
export const DEPOSIT_HELD_AFTER_RETURN_HOURS = 72;

/**
 * A card deposit authorised for a booking that has since moved later (a change of date, an
 * operator's move): when the authorisation would lapse before the new return plus
 * DEPOSIT_HELD_AFTER_RETURN_HOURS, and the new departure's time to authorise is still ahead, the
 * deposit follows the booking: let go and scheduled again for that time (the answer). Null: it
 * is kept (a move within the window, a deposit taken at the harbour, one not held on the card, a
 * booking whose authorisation time has come anyway, such as a charter longer than the window).
 */
export function depositRescheduledFor(
  deposit: { status: DepositStatus; method: DepositMethod; lapsesAt: Date | null },
  booking: { startsAt: Date; endsAt: Date },
  hoursBefore: number,
  now: Date,
): Date | null {
  if (deposit.status !== 'authorised' || deposit.method !== 'card' || !deposit.lapsesAt) return null;
  const neededUntil = booking.endsAt.getTime() + DEPOSIT_HELD_AFTER_RETURN_HOURS * HOUR_MS;
  if (deposit.lapsesAt.getTime() >= neededUntil) return null;
  const authoriseAt = depositAuthoriseAt(booking.startsAt, hoursBefore);
  return authoriseAt.getTime() > now.getTime() ? authoriseAt : null;
}
