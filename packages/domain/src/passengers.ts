/**
 * Who sits on a shared trip. Ages follow the decided rule everywhere: adult full price,
 * child 6–12 half price, child under 6 free and at most one per adult.
 *
 * One vocabulary inside: adults, children50 (6–12, half price), kidsFree (under 6), the names of
 * the payment-intent request's `tickets`, and of the bookings table's columns (children_50,
 * kids_free), the manifest and every calculation. The spec's other names are met only on the
 * wire: a booking's `passengers {adults, child_u13, child_u6}` (toBookingPassengers) and a
 * ticket's passengerType (PASSENGER_TYPES, expandToTicketTypes).
 */

export interface Passengers {
  adults: number;
  children50: number;
  kidsFree: number;
}

export const emptyPassengers: Readonly<Passengers> = Object.freeze({ adults: 0, children50: 0, kidsFree: 0 });

/**
 * Ticket passenger types. child_u6_paid exists in the spec's vocabulary and may appear in
 * stored tickets, but the rules never issue it: under-6s are free, one per adult.
 */
export const PASSENGER_TYPES = ['adult', 'child_u13', 'child_u6_paid', 'child_u6_free'] as const;
export type PassengerType = (typeof PASSENGER_TYPES)[number];

/** The booking's `passengers` object on the wire. */
export interface BookingPassengers {
  adults: number;
  child_u13: number;
  child_u6: number;
}

function count(n: number): number {
  return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0;
}

/** Whole non-negative counts with free kids clipped to adults. */
export function normalizePassengers(p: Passengers): Passengers {
  const adults = count(p.adults);
  return { adults, children50: count(p.children50), kidsFree: Math.min(count(p.kidsFree), adults) };
}

export function seatsUsed(p: Passengers): number {
  return p.adults + p.children50 + p.kidsFree;
}

/** Seats that pay, in adult equivalents: a child 6–12 is half an adult. */
export function paidUnits(p: Passengers): number {
  return p.adults + 0.5 * p.children50;
}

/** Seats that pay, counted per head; this is what minSeatsToDepart is compared with. */
export function paidSeats(p: Passengers): number {
  return p.adults + p.children50;
}

export function setAdults(p: Passengers, n: number): Passengers {
  const adults = count(n);
  // Fewer adults can leave more free kids than allowed: drop the excess rather than refuse.
  return { ...p, adults, kidsFree: Math.min(count(p.kidsFree), adults) };
}

export function setChildren50(p: Passengers, n: number): Passengers {
  return { ...p, children50: count(n) };
}

export function setKidsFree(p: Passengers, n: number): Passengers {
  return { ...p, kidsFree: Math.min(count(n), count(p.adults)) };
}

export function toBookingPassengers(p: Passengers): BookingPassengers {
  return { adults: p.adults, child_u13: p.children50, child_u6: p.kidsFree };
}

export function fromBookingPassengers(p: BookingPassengers): Passengers {
  return { adults: p.adults, children50: p.child_u13, kidsFree: p.child_u6 };
}

/** One passenger type per seat, in seat order: adults, then children 6–12, then free kids. */
export function expandToTicketTypes(p: Passengers): PassengerType[] {
  return [
    ...Array<PassengerType>(count(p.adults)).fill('adult'),
    ...Array<PassengerType>(count(p.children50)).fill('child_u13'),
    ...Array<PassengerType>(count(p.kidsFree)).fill('child_u6_free'),
  ];
}
