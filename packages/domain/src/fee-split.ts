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
 * Splits `amountCents` at the rate numerator / denominator (both whole, numerator ≤ denominator).
 * BigInt keeps amount × numerator exact however large the two are.
 */
export function splitFee(amountCents: number, rate: { numerator: number; denominator: number }): FeeSplit {
  assertCents('amountCents', amountCents);
  assertCents('rate numerator', rate.numerator);
  if (!Number.isSafeInteger(rate.denominator) || rate.denominator <= 0 || rate.numerator > rate.denominator) {
    throw new RangeError('The fee rate must be a fraction between 0 and 1');
  }
  const a = BigInt(amountCents);
  const n = BigInt(rate.numerator);
  const d = BigInt(rate.denominator);
  const feeCents = Number((2n * a * n + d) / (2n * d));
  return { feeCents, ownerCents: amountCents - feeCents };
}

/** The rate of a fee percent with up to 2 decimals (12.5, 7.25), as basis points. */
export function percentRate(feePercent: number): { numerator: number; denominator: number } {
  if (!Number.isFinite(feePercent) || feePercent < 0 || feePercent > 100) {
    throw new RangeError(`Fee percent must be between 0 and 100: ${String(feePercent)}`);
  }
  return { numerator: Math.round(feePercent * 100), denominator: 10_000 };
}

/** Basis points (1/100 of a percent) of a fee percent with up to 2 decimals: 12.5 → 1250. */
export function percentToBps(feePercent: number): number {
  return percentRate(feePercent).numerator;
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
  return splitFee(amountCents, { numerator: bps, denominator: 10_000 });
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
