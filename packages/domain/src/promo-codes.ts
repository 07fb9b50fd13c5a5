/**
 * Promo codes (docs/payments.md#promo-codes): what a code takes off a booking and why a code is
 * refused. The server charges with these functions; the review step shows the same figures.
 */
import { canaryDateKey } from './canary-time';
import { shareAtBps } from './fee-split';

export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/**
 * A card payment cannot be for nothing (and Stripe refuses less than €0.50 in euros): a discount
 * never takes the total below this.
 */
export const MIN_CHARGE_CENTS = 50;

/** What a code takes off: a percentage in basis points (10 % = 1000), or a fixed amount in cents. */
export interface PromoTerms {
  kind: PromoKind;
  /** percent: basis points (1 to 10 000); amount: cents. */
  value: number;
}

/** A code as the rules read it. */
export interface PromoRules extends PromoTerms {
  active: boolean;
  /** Canary dates (YYYY-MM-DD), both included; null = open. */
  validFrom: string | null;
  validUntil: string | null;
  /** The boats it is for; empty = every boat of its owner (or every boat: the platform's own). */
  boatIds: readonly string[];
  /** The owner who created it; null = the platform admin's. */
  ownerId: string | null;
  minSpendCents: number;
  /** null = no limit. */
  maxUses: number | null;
  maxUsesPerEmail: number | null;
  firstBookingOnly: boolean;
}

/** Why a code is refused; the order of PROMO_REFUSALS is the order they are checked in. */
export const PROMO_REFUSALS = [
  'promoUnknown',
  'promoNotYetValid',
  'promoExpired',
  'promoNotForBoat',
  'promoBelowMinimum',
  'promoUsedUp',
  'promoEmailUsed',
  'promoFirstBookingOnly',
] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];

/** A code as customers type it: trimmed, upper case. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * What the code takes off a subtotal (the trip and its extras), in cents. A percentage is the
 * subtotal times the rate, rounded half up once; a fixed amount is at most the subtotal. Either
 * way the customer still pays at least MIN_CHARGE_CENTS (nothing comes off a smaller subtotal).
 */
export function promoDiscountCents(terms: PromoTerms, subtotalCents: number): number {
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents <= 0) return 0;
  const raw =
    terms.kind === 'percent' ? shareAtBps(subtotalCents, Math.min(terms.value, 10_000)) : terms.value;
  return Math.max(0, Math.min(raw, subtotalCents - MIN_CHARGE_CENTS));
}

/** What a booking is checked against: the boat, the subtotal, the clock and the code's uses. */
export interface PromoContext {
  boatId: string;
  boatOwnerId: string | null;
  subtotalCents: number;
  now: Date;
  /** Uses the code has already (sold bookings and live holds, this checkout not included). */
  uses: number;
  /** The customer's e-mail is known: their uses of this code and their earlier paid bookings. */
  email?: { uses: number; paidBookings: number } | undefined;
}

/**
 * The first reason the code cannot be used for this booking, or null when it can. The e-mail's
 * rules are checked only once the e-mail is known (checkout with contact details, or when the
 * payment step saves them).
 */
export function promoRefusal(code: PromoRules | undefined, c: PromoContext): PromoRefusal | null {
  if (!code?.active) return 'promoUnknown';
  const today = canaryDateKey(c.now);
  if (code.validFrom && today < code.validFrom) return 'promoNotYetValid';
  if (code.validUntil && today > code.validUntil) return 'promoExpired';
  const forBoat =
    code.boatIds.length > 0
      ? code.boatIds.includes(c.boatId)
      : !code.ownerId || code.ownerId === c.boatOwnerId;
  if (!forBoat) return 'promoNotForBoat';
  if (c.subtotalCents < code.minSpendCents) return 'promoBelowMinimum';
  if (code.maxUses !== null && c.uses >= code.maxUses) return 'promoUsedUp';
  return c.email ? promoEmailRefusal(code, c.email) : null;
}

/**
 * The e-mail's rules alone: for a checkout that already holds its use when the payment step saves
 * the e-mail (its dates and total uses were checked when it started).
 */
export function promoEmailRefusal(
  code: Pick<PromoRules, 'maxUsesPerEmail' | 'firstBookingOnly'>,
  email: { uses: number; paidBookings: number },
): PromoRefusal | null {
  if (code.maxUsesPerEmail !== null && email.uses >= code.maxUsesPerEmail) return 'promoEmailUsed';
  if (code.firstBookingOnly && email.paidBookings > 0) return 'promoFirstBookingOnly';
  return null;
}

/**
 * The platform's own extras after a discount: the discount comes off every part of the sale in
 * proportion (the trip, the owner's and the platform's extras), so the platform's part of what
 * is charged is its share of the subtotal applied to the charged total, rounded once.
 */
export function platformCentsAfterDiscount(
  platformCents: number,
  chargedCents: number,
  discountCents: number,
): number {
  const subtotal = chargedCents + discountCents;
  if (discountCents <= 0 || subtotal <= 0) return platformCents;
  return Math.round((platformCents * chargedCents) / subtotal);
}
