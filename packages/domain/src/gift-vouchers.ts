/**
 * Gift vouchers (docs/payments.md#gift-vouchers): a voucher is bought by card for an amount, and
 * its balance pays all or part of bookings until it expires. The server charges, reserves and
 * refunds with these functions; the Gift page and the review step show the same figures.
 */
import { MIN_CHARGE_CENTS } from './promo-codes';

/** How long a voucher can pay, from its sale; the server's VOUCHER_VALIDITY_MONTHS overrides it. */
export const VOUCHER_VALIDITY_MONTHS = 24;

/** The amounts a voucher may be bought for, in cents. */
export const VOUCHER_MIN_CENTS = 2_000;
export const VOUCHER_MAX_CENTS = 100_000;

/** The amounts the Gift page offers as buttons, in cents (any other amount in range may be typed). */
export const VOUCHER_PRESET_CENTS = [5_000, 10_000, 15_000, 25_000] as const;

export const VOUCHER_STATUSES = ['pending', 'active', 'spent', 'expired'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

/** Why a voucher cannot pay; the field is always `booking.voucherCode`. */
export const VOUCHER_REFUSALS = [
  'voucherUnknown',
  'voucherNotPaid',
  'voucherExpired',
  'voucherSpent',
] as const;
export type VoucherRefusal = (typeof VOUCHER_REFUSALS)[number];

/**
 * The characters of a code: no I, O, L, 0 or 1, which people misread on paper. 31 characters,
 * 8 of them in a code: 31^8 ≈ 8.5 × 10^11 codes, too many to guess behind a rate-limited lookup.
 */
export const VOUCHER_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const VOUCHER_CODE_LENGTH = 8;
const CODE_PREFIX = 'GV';

/** The printed form of a code from its 8 characters: `GV-7KQ2-M9XD`. */
export function formatVoucherCode(chars: string): string {
  return `${CODE_PREFIX}-${chars.slice(0, 4)}-${chars.slice(4, 8)}`;
}

/**
 * A code as people type it (any case, with or without dashes or spaces, with or without the
 * `GV` prefix) in its printed form; null when the text cannot be a code at all.
 */
export function normalizeVoucherCode(text: string): string | null {
  let compact = text.toUpperCase().replace(/[\s-]/g, '');
  if (compact.length === CODE_PREFIX.length + VOUCHER_CODE_LENGTH && compact.startsWith(CODE_PREFIX)) {
    compact = compact.slice(CODE_PREFIX.length);
  }
  if (compact.length !== VOUCHER_CODE_LENGTH) return null;
  for (const ch of compact) if (!VOUCHER_CODE_ALPHABET.includes(ch)) return null;
  return formatVoucherCode(compact);
}

/** The same instant `months` later (the 31st becomes the month's last day). */
export function voucherExpiresAt(soldAt: Date, months: number): Date {
  const d = new Date(soldAt.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** What the status is read from: the ledger's figures and the clock. */
export interface VoucherState {
  /** The sale's card payment succeeded. */
  paid: boolean;
  /** Sold amount − redeemed (held or paid) + given back by refunds, in cents. */
  balanceCents: number;
  expiresAt: Date;
  now: Date;
}

/**
 * pending until its sale is paid; spent once nothing is left; expired from its expiry on (its
 * remaining balance is still shown, it only cannot pay); active otherwise.
 */
export function voucherStatus(v: VoucherState): VoucherStatus {
  if (!v.paid) return 'pending';
  if (v.balanceCents <= 0) return 'spent';
  if (v.now.getTime() >= v.expiresAt.getTime()) return 'expired';
  return 'active';
}

/** Why this voucher cannot pay now (undefined: no voucher with that code), or null when it can. */
export function voucherRefusal(v: VoucherState | undefined): VoucherRefusal | null {
  if (!v) return 'voucherUnknown';
  const status = voucherStatus(v);
  if (status === 'pending') return 'voucherNotPaid';
  if (status === 'expired') return 'voucherExpired';
  if (status === 'spent') return 'voucherSpent';
  return null;
}

/**
 * How a booking's total is paid: as much as possible by the voucher, the rest by card. A card
 * payment below MIN_CHARGE_CENTS is refused by the provider, so when the balance would leave a
 * card part between 0 and that minimum the voucher pays a little less and the card the minimum.
 */
export function voucherSplit(
  totalCents: number,
  balanceCents: number,
): { voucherCents: number; cardCents: number } {
  const total = Math.max(0, totalCents);
  let voucherCents = Math.max(0, Math.min(balanceCents, total));
  const rest = total - voucherCents;
  if (rest > 0 && rest < MIN_CHARGE_CENTS) voucherCents = Math.max(0, total - MIN_CHARGE_CENTS);
  return { voucherCents, cardCents: total - voucherCents };
}

/**
 * The one rule for how a refund of a booking paid partly by voucher is shared: in proportion to
 * what was paid each way and not given back yet, rounded half up once on the voucher's share;
 * each share is capped at what it may give back, and the two add up to the refund (at most
 * everything still paid).
 */
export function refundShares(
  refundCents: number,
  paid: { voucherCents: number; cardCents: number },
): { toVoucherCents: number; toCardCents: number } {
  const v = Math.max(0, paid.voucherCents);
  const c = Math.max(0, paid.cardCents);
  const refund = Math.max(0, Math.min(refundCents, v + c));
  if (refund === 0) return { toVoucherCents: 0, toCardCents: 0 };
  const paidTotal = v + c;
  let toVoucherCents = Math.min(v, Math.floor((2 * refund * v + paidTotal) / (2 * paidTotal)));
  const toCardCents = Math.min(c, refund - toVoucherCents);
  toVoucherCents = refund - toCardCents;
  return { toVoucherCents, toCardCents };
}
