/**
 * The platform fee and the owner's share, in integer cents. One rounding rule for every split:
 * the fee is the amount times a rate, rounded half up once, and the owner gets the rest, so fee +
 * owner is always exactly the amount split.
 */

/** The platform's share of every sale unless an owner has a rate of their own (PLATFORM_FEE_PERCENT). */
export const DEFAULT_PLATFORM_FEE_PERCENT = 15;

export interface FeeSplit {
  feeCents: number;
  ownerCents: number;
}

function assertCents(name: string, cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`${name} must be whole cents ≥ 0`);
}

/**
 * `cents` × `bps` / 10 000, rounded half away from zero once: every amount taken at a rate in basis
 * points (a commission, a promo code's percentage, IGIC, a reseller's or an agent's commission).
 * BigInt keeps the product exact however large the two are.
 */
export function shareAtBps(cents: number, bps: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError('cents must be whole cents');
  if (!Number.isSafeInteger(bps) || bps < 0 || bps > 10_000) throw new RangeError('bps must be 0…10000');
  const share = Number((2n * BigInt(Math.abs(cents)) * BigInt(bps) + 10_000n) / 20_000n);
  return cents < 0 && share !== 0 ? -share : share;
}

/** Basis points (1/100 of a percent) of a fee percent with up to 2 decimals: 12.5 → 1250. */
export function percentToBps(feePercent: number): number {
  if (!Number.isFinite(feePercent) || feePercent < 0 || feePercent > 100) {
    throw new RangeError(`Fee percent must be between 0 and 100: ${String(feePercent)}`);
  }
  return Math.round(feePercent * 100);
}

export const bpsToPercent = (bps: number): number => bps / 100;

/**
 * The commission rate of an owner's sale, in basis points: the owner's own rate when the platform
 * admin set one, else the site-wide PLATFORM_FEE_PERCENT (docs/back-office.md#owners).
 */
export function commissionBps(ownerBps: number | null, defaultPercent: number): number {
  return ownerBps ?? percentToBps(defaultPercent);
}

/** The fee at a rate in basis points, rounded once; the owner gets the rest. */
export function splitAtBps(amountCents: number, bps: number): FeeSplit {
  assertCents('amountCents', amountCents);
  const feeCents = shareAtBps(amountCents, bps);
  return { feeCents, ownerCents: amountCents - feeCents };
}

/** A booking's money from its price, the rate it was sold at and its ledger, all in cents. */
export interface BookingMoneyInput {
  priceCents: number;
  /** The commission rate when the customer bought, in basis points; null before any sale. */
  commissionBps: number | null;
  receivedCents: number;
  refundedCents: number;
}

export interface BookingMoneyCents {
  priceCents: number;
  /** Nothing received yet: the booking shows what it would cost, and no split. */
  unpaid: boolean;
  receivedCents: number;
  refundedCents: number;
  /** Received minus refunded: what the business keeps. */
  netCents: number;
  /** The split of the net kept, at the booking's own fee rate; 0 and 0 while unpaid. */
  feeCents: number;
  ownerCents: number;
}

/**
 * What a booking brought in and how it divides. The fee and owner share are of the money kept,
 * not of the price: an unpaid or fully refunded booking owes the owner nothing, a partial refund
 * shrinks both shares at the rate the booking was sold at.
 */
export function bookingMoneyCents(input: BookingMoneyInput): BookingMoneyCents {
  const { priceCents, receivedCents, refundedCents } = input;
  assertCents('priceCents', priceCents);
  assertCents('receivedCents', receivedCents);
  assertCents('refundedCents', refundedCents);
  const netCents = Math.max(0, receivedCents - refundedCents);
  const split = splitAtBps(netCents, input.commissionBps ?? 0);
  return {
    priceCents,
    unpaid: receivedCents <= 0,
    receivedCents,
    refundedCents,
    netCents,
    ...split,
  };
}
