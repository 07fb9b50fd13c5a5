/**
 * Every price the system charges. The server computes the amount with these functions and
 * checks the client's figure against it; the client uses the same functions to show it.
 * Everything is in integer cents and rounded exactly once.
 */

import { centsToEuros, eurosToCents } from './money';
import type { Passengers, PassengerType } from './passengers';
import { expandToTicketTypes, paidUnits } from './passengers';

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

export const DEFAULT_HALF_DAY_HOURS = 4;
export const DEFAULT_FULL_DAY_HOURS = 8;

/** Which published price a charter is charged at. */
export const CHARTER_RATES = ['hourly', 'halfDay', 'fullDay'] as const;
export type CharterRate = (typeof CHARTER_RATES)[number];

/**
 * A boat's published charter prices, in cents. A half-day or full-day price of null is not
 * offered; its length (whole hours) is what that price covers.
 */
export interface CharterRates {
  perHourCents: number;
  halfDayCents: number | null;
  halfDayHours: number;
  fullDayCents: number | null;
  fullDayHours: number;
}

/** The rates of a boat's wire pricing (euros; null = not offered). */
export function charterRatesOf(pricing: {
  perHour: number;
  halfDay: number | null;
  perDay: number | null;
  halfDayHours: number;
  fullDayHours: number;
}): CharterRates {
  return {
    perHourCents: eurosToCents(pricing.perHour),
    halfDayCents: pricing.halfDay == null ? null : eurosToCents(pricing.halfDay),
    halfDayHours: pricing.halfDayHours,
    fullDayCents: pricing.perDay == null ? null : eurosToCents(pricing.perDay),
    fullDayHours: pricing.fullDayHours,
  };
}

export interface CharterPrice {
  amountCents: number;
  rate: CharterRate;
}

/**
 * The lowest published price that covers the hours (docs/product.md §9): hours × the hourly
 * price, the half-day price for up to the half-day length, the full-day price for up to the
 * full-day length. On a tie the hourly price stands, so "4 h × €160" is not renamed.
 */
export function charterPrice(rates: CharterRates, hours: number): CharterPrice {
  let best: CharterPrice = { amountCents: charterPriceCents(rates.perHourCents, hours), rate: 'hourly' };
  const packages: [CharterRate, number | null, number][] = [
    ['halfDay', rates.halfDayCents, rates.halfDayHours],
    ['fullDay', rates.fullDayCents, rates.fullDayHours],
  ];
  for (const [rate, cents, length] of packages) {
    if (cents == null) continue;
    assertCents(`${rate}Cents`, cents);
    if (hours <= length && cents < best.amountCents) best = { amountCents: cents, rate };
  }
  return best;
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

/**
 * What one adult and one child 6–12 pay for a shared trip of `hours` (the child half), for
 * saying the price per person ("2 adults × €50, 1 child 6–12 × €25"). Each is rounded to the
 * cent on its own; the amount charged is sharedPriceCents, which rounds once.
 */
export function sharedFaresCents(
  seatPricePerHourCents: number,
  hours: number,
): { adultCents: number; childCents: number } {
  assertCents('seatPricePerHourCents', seatPricePerHourCents);
  const minutes = minutesOf(hours);
  return {
    adultCents: Math.round((seatPricePerHourCents * minutes) / 60),
    childCents: Math.round((seatPricePerHourCents * minutes) / 120),
  };
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

/**
 * The payment-intent request's priceBreakdown, in euros (docs/product.md#wire-details). A
 * charter names its `rate`: at a half-day or full-day price, `total` is that published price
 * rather than unitPerHour × hours.
 */
export interface PriceBreakdown {
  unitPerHour: number;
  paidUnits: number;
  hours: number;
  total: number;
  rate?: CharterRate;
}

export type PriceInput =
  | { mode: 'private'; rates: CharterRates; hours: number }
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
    const { amountCents, rate } = charterPrice(input.rates, input.hours);
    return {
      amountCents,
      breakdown: {
        unitPerHour: centsToEuros(input.rates.perHourCents),
        paidUnits: 1,
        hours: input.hours,
        total: centsToEuros(amountCents),
        rate,
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

/**
 * The trip's own price line, as the review shows it and the confirmation e-mail repeats it, so
 * the total can be checked: a charter's "3 h × €180" (or the half-day or full-day price it was
 * charged at), a shared trip's fare per person ("2 adults × €50, 1 child 6–12 × €25, 1 under 6
 * free"; a party of none of a kind has no part). Each reader writes it in its own words.
 */
export type PriceLine =
  | { kind: 'hourly'; hours: number; unitCents: number }
  | { kind: 'halfDay' | 'fullDay'; hours: number }
  | {
      kind: 'fares';
      parts: { who: 'adults' | 'children' | 'kidsFree'; count: number; cents: number }[];
    };

export function priceLine(
  mode: 'private' | 'shared',
  breakdown: PriceBreakdown,
  passengers: Passengers,
): PriceLine {
  const { rate = 'hourly', hours, unitPerHour } = breakdown;
  if (mode === 'private') {
    return rate === 'hourly'
      ? { kind: 'hourly', hours, unitCents: eurosToCents(unitPerHour) }
      : { kind: rate, hours };
  }
  const fares = sharedFaresCents(eurosToCents(unitPerHour), hours);
  const parts: Extract<PriceLine, { kind: 'fares' }>['parts'] = [
    { who: 'adults', count: passengers.adults, cents: fares.adultCents },
    { who: 'children', count: passengers.children50, cents: fares.childCents },
    { who: 'kidsFree', count: passengers.kidsFree, cents: 0 },
  ];
  return { kind: 'fares', parts: parts.filter((part) => part.count > 0) };
}

export function priceBreakdown(input: PriceInput): PriceBreakdown {
  return bookingPrice(input).breakdown;
}

/**
 * Whether a client's breakdown says the same as the server's: money compared in cents, and a
 * charter's rate when the client names one (a total at the wrong rate differs anyway).
 */
export function breakdownMatches(client: PriceBreakdown, server: PriceBreakdown): boolean {
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  return (
    eurosToCents(client.unitPerHour) === eurosToCents(server.unitPerHour) &&
    eurosToCents(client.total) === eurosToCents(server.total) &&
    near(client.paidUnits, server.paidUnits) &&
    near(client.hours, server.hours) &&
    (client.rate === undefined || client.rate === server.rate)
  );
}
