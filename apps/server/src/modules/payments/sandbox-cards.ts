// How the sandbox's test cards behave: the same numbers and outcomes as Stripe's test cards,
// so a developer can switch providers without learning new cards.
export type CardOutcome =
  { kind: 'succeeded' } | { kind: 'declined'; message: string } | { kind: 'requires_action' };

const SANDBOX_DECLINE_MESSAGE = 'Your card was declined.';
const SANDBOX_INVALID_NUMBER_MESSAGE = 'Your card number is incorrect.';
const SANDBOX_EXPIRED_MESSAGE = 'Your card has expired.';

const SUCCEEDS = new Set(['4242424242424242', '5555555555554444']);
const DECLINES = new Set(['4000000000009995', '4000000000000002']);
const AUTHENTICATES = new Set(['4000002760003184', '4000002500003155']);

/** Luhn check: a typo in the number is caught before the "bank" sees it, as with Stripe. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** The sandbox's saved card: the test number it paid with, as Stripe's payment method id. */
export const sandboxPaymentMethod = (number: string) => `pm_sbx_${number.replace(/[\s-]/g, '')}`;

/**
 * What the bank answers to an off-session authorisation on a saved card (the security deposit),
 * as Stripe's test cards: 4000 0027 6000 3184 asks for authentication on every payment, so
 * off-session it fails (authentication_required); 4000 0025 0000 3155 asks only once, when it is
 * saved; a declining card declines.
 */
export function offSessionOutcome(paymentMethodId: string): CardOutcome {
  const digits = paymentMethodId.replace(/^pm_sbx_/, '');
  if (digits === '4000002760003184') return { kind: 'requires_action' };
  if (DECLINES.has(digits)) return { kind: 'declined', message: SANDBOX_DECLINE_MESSAGE };
  return { kind: 'succeeded' };
}

export function cardOutcome(
  card: { number: string; expMonth: number; expYear: number },
  now: Date,
): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || !luhnValid(digits)) {
    return { kind: 'declined', message: SANDBOX_INVALID_NUMBER_MESSAGE };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  // A card is valid through the last day of its expiry month.
  if (year * 12 + card.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    return { kind: 'declined', message: SANDBOX_EXPIRED_MESSAGE };
  }
  if (AUTHENTICATES.has(digits)) return { kind: 'requires_action' };
  if (DECLINES.has(digits)) return { kind: 'declined', message: SANDBOX_DECLINE_MESSAGE };
  if (SUCCEEDS.has(digits)) return { kind: 'succeeded' };
  // Any other valid number behaves like a normal good card, as most real cards do.
  return { kind: 'succeeded' };
}
