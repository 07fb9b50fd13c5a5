/**
 * Every price the system charges. The server computes the amount with these functions and
 * checks the client's figure against it; the client uses the same functions to show it.
 * Everything is in integer cents and rounded exactly once.
 */

import { percentRate, splitFee, type FeeSplit } from './fee-split';
import { centsToEuros, eurosToCents } from './money';
import type { Passengers, PassengerType } from './passengers';
import { expandToTicketTypes, paidUnits } from './passengers';

export const DEFAULT_PLATFORM_FEE_PERCENT = 15;

function assertCents(name: string, cents: number): void {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`${name} must be whole cents ≥ 0`);
}

/**
 * Hours as whole minutes. Shared slots may last e.g. 1.5 h; working in minutes keeps the
 * arithmetic in integers until the single rounding.
 */
function minutesOf(hours: number): number {
  if (!Number.isFinite(hours) || hours < 0) throw new RangeError(`Invalid hours: ${String(hours)}`);
  return Math.round(hours * 60);
}

export function charterPriceCents(perHourCents: number, hours: number): number {
  assertCents('perHourCents', perHourCents);
  if (!Number.isInteger(hours) || hours < 0)
    throw new RangeError(`Charter hours must be whole: ${String(hours)}`);
  return perHourCents * hours;
}

/**
 * (adults + ½ × children 6–12) × seat price per hour × hours. A half cent (odd seat price,
 * odd number of children) rounds up.
 */
export function sharedPriceCents(seatPricePerHourCents: number, p: Passengers, hours: number): number {
  assertCents('seatPricePerHourCents', seatPricePerHourCents);
  const halfUnits = 2 * p.adults + p.children50;
  // Numerator is an integer and the result of the division is exact for halves, so Math.round
  // sees x.5 exactly rather than x.4999….
  return Math.round((halfUnits * seatPricePerHourCents * minutesOf(hours)) / 120);
}

export interface TicketPrice {
  type: PassengerType;
  cents: number;
}

/**
 * One price per seat, in expandToTicketTypes order, summing exactly to sharedPriceCents.
 * Each paid seat gets its share rounded down, and the cents left over go one by one to the
 * paid seats in order — adults first — so no ticket is more than a cent off its exact share.
 */
export function ticketPricesCents(
  seatPricePerHourCents: number,
  p: Passengers,
  hours: number,
): TicketPrice[] {
  const total = sharedPriceCents(seatPricePerHourCents, p, hours);
  const minutes = minutesOf(hours);
  const adultCents = Math.floor((seatPricePerHourCents * minutes) / 60);
  const childCents = Math.floor((seatPricePerHourCents * minutes) / 120);
  const tickets = expandToTicketTypes(p).map((type): TicketPrice => {
    if (type === 'adult') return { type, cents: adultCents };
    if (type === 'child_u13') return { type, cents: childCents };
    return { type, cents: 0 };
  });
  let leftover = total - tickets.reduce((sum, t) => sum + t.cents, 0);
  for (const ticket of tickets) {
    if (leftover <= 0) break;
    if (ticket.type === 'adult' || ticket.type === 'child_u13') {
      ticket.cents += 1;
      leftover -= 1;
    }
  }
  return tickets;
}

/** The payment-intent request's priceBreakdown, in euros (docs/product.md#wire-details). */
export interface PriceBreakdown {
  unitPerHour: number;
  paidUnits: number;
  hours: number;
  total: number;
}

export type PriceInput =
  | { mode: 'private'; perHourCents: number; hours: number }
  | { mode: 'shared'; seatPricePerHourCents: number; passengers: Passengers; hours: number };

export interface BookingPrice {
  amountCents: number;
  breakdown: PriceBreakdown;
}

/**
 * Amount and breakdown together, so they cannot disagree. `breakdown.total` is the charged
 * amount in euros (amountCents / 100): for a shared trip with a half cent it is the rounded
 * figure, not the raw product of the three factors.
 */
export function bookingPrice(input: PriceInput): BookingPrice {
  if (input.mode === 'private') {
    const amountCents = charterPriceCents(input.perHourCents, input.hours);
    return {
      amountCents,
      breakdown: {
        unitPerHour: centsToEuros(input.perHourCents),
        paidUnits: 1,
        hours: input.hours,
        total: centsToEuros(amountCents),
      },
    };
  }
  const amountCents = sharedPriceCents(input.seatPricePerHourCents, input.passengers, input.hours);
  return {
    amountCents,
    breakdown: {
      unitPerHour: centsToEuros(input.seatPricePerHourCents),
      paidUnits: paidUnits(input.passengers),
      hours: input.hours,
      total: centsToEuros(amountCents),
    },
  };
}

export function priceBreakdown(input: PriceInput): PriceBreakdown {
  return bookingPrice(input).breakdown;
}

/** Whether a client's breakdown says the same as the server's: money compared in cents. */
export function breakdownMatches(client: PriceBreakdown, server: PriceBreakdown): boolean {
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  return (
    eurosToCents(client.unitPerHour) === eurosToCents(server.unitPerHour) &&
    eurosToCents(client.total) === eurosToCents(server.total) &&
    near(client.paidUnits, server.paidUnits) &&
    near(client.hours, server.hours)
  );
}

export type PlatformSplit = FeeSplit;

/**
 * Platform fee = feePercent of gross, rounded half up once; the owner gets the rest, so the two
 * always add up to the gross. The percent may carry up to 2 decimals (12.5, 7.25).
 */
export function platformSplit(
  grossCents: number,
  feePercent: number = DEFAULT_PLATFORM_FEE_PERCENT,
): PlatformSplit {
  return splitFee(grossCents, percentRate(feePercent));
}
