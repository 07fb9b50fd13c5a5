/**
 * Figures of the admin bookings page (docs/product.md §9). They read bookings as they come over the wire
 * (amounts in euros) and tolerate missing parts, because older or pending bookings lack some.
 */

import type { BookingStatus } from './booking-status';
import { centsToEuros, eurosToCents } from './money';

export interface KpiBooking {
  _id?: string;
  type?: 'private' | 'shared';
  status?: BookingStatus;
  people?: number | null;
  seats?: number | { total?: number } | null;
  passengers?: { adults?: number; child_u13?: number; child_u6?: number } | null;
  tickets?: readonly { pricePaid?: number | null }[] | null;
  platformFee?: number | null;
  ownerAmount?: number | null;
  amountGross?: number | null;
  payment?: { received?: number | null; refunded?: number | null; total?: number | null } | null;
}

const positive = (n: number | null | undefined): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n > 0;

export type BookingMoney = {
  /** What the row shows: the money received, or, before any payment, the price. Euros. */
  shown: number;
  /** No money received yet: `shown` is what the booking would cost. */
  unpaid: boolean;
  received: number;
  refunded: number;
  /** Received minus refunded: what the operator keeps. */
  net: number;
  /** The split of `net` as the server computed it (fee-split.ts): fee + owner = net. */
  fee: number;
  owner: number;
};

/**
 * A booking's money as the back office shows it, from the ledger's received and refunded
 * amounts. Never the owner's share: an unpaid booking shows its price, marked unpaid; a refund
 * shows beside what was received. Computed in cents.
 */
export function bookingMoney(b: KpiBooking): BookingMoney {
  const receivedCents = eurosToCents(b.payment?.received ?? 0);
  const refundedCents = eurosToCents(b.payment?.refunded ?? 0);
  const priceCents = eurosToCents(b.amountGross ?? b.payment?.total ?? 0);
  const unpaid = receivedCents <= 0;
  return {
    shown: centsToEuros(unpaid ? priceCents : receivedCents),
    unpaid,
    received: centsToEuros(receivedCents),
    refunded: centsToEuros(refundedCents),
    net: centsToEuros(receivedCents - refundedCents),
    fee: unpaid ? 0 : (b.platformFee ?? 0),
    owner: unpaid ? 0 : (b.ownerAmount ?? 0),
  };
}

function seatsNumber(seats: KpiBooking['seats']): number | undefined {
  if (typeof seats === 'number') return seats;
  return seats?.total;
}

/**
 * People on a booking: for a shared trip the number of tickets (before tickets are issued, the
 * seats booked); for a charter adults + under-13s + under-6s, falling back to `people`.
 */
export function bookingPeople(b: KpiBooking): number {
  if (b.type === 'shared') {
    const tickets = b.tickets?.length ?? 0;
    return tickets > 0 ? tickets : (seatsNumber(b.seats) ?? b.people ?? 0);
  }
  const p = b.passengers;
  const counted = (p?.adults ?? 0) + (p?.child_u6 ?? 0) + (p?.child_u13 ?? 0);
  return counted > 0 ? counted : (b.people ?? 0);
}

/** Mean of the positive prices paid, in euros rounded to cents; null when there is none. */
export function averageTicketPrice(tickets: readonly { pricePaid?: number | null }[]): number | null {
  const prices = tickets.map((t) => t.pricePaid).filter(positive);
  if (prices.length === 0) return null;
  const totalCents = prices.reduce((sum, p) => sum + eurosToCents(p), 0);
  return centsToEuros(Math.round(totalCents / prices.length));
}

/** Compact id in admin tables: last 6 characters. */
export function shortId(id: string): string {
  return id.slice(-6);
}
