// A slot on the wire (docs/product.md#wire-details): euros, seatsLeft = total − sold − held,
// and `available` false when the slot cannot be booked now: closed, started (Canary clock),
// full (shared) or claimed by a sale or a live hold (private).
import { centsToEuros } from '@boats/domain/money';
import type { Slot } from '@boats/domain/schemas/slot';
import { bookingTripMinimum } from '@boats/domain/trip-state';
import type { BoatRow } from '../boats/boat-repository';
import { isSellableNow, type SellableSlot } from '../sales/sellable';

export function toSlotDto(row: Omit<SellableSlot, 'liveHoldExpiresAt' | 'paidSeatsSold'>, now: Date): Slot {
  return {
    _id: row.id,
    type: row.type,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    isOpen: row.isOpen,
    seatPrice: centsToEuros(row.seatPriceCents),
    seatsTotal: row.seatsTotal,
    seatsTaken: row.seatsTaken,
    seatsLeft: row.seatsLeft,
    available: isSellableNow(row, now),
  };
}

/** A slot on the booking screen: a shared trip also says its minimum to depart. */
export function toPublicSlotDto(row: SellableSlot, boat: BoatRow, now: Date): Slot {
  const slot = toSlotDto(row, now);
  return row.type === 'shared' ? { ...slot, minimum: tripMinimumOf(row, boat) } : slot;
}

/** The trip's minimum as the booking screen checks it (domain booking-rules). */
function tripMinimumOf(row: SellableSlot, boat: BoatRow): NonNullable<Slot['minimum']> {
  const minimum = bookingTripMinimum({
    type: row.type,
    startsAt: row.startsAt,
    scheduledAt: row.scheduledAt,
    minSeatsToDepart: boat.sharedMinSeatsToDepart,
    minimumWaived: row.minimumWaived,
    cutoffHours: boat.cutoffHours,
    paidSeats: row.paidSeatsSold,
  });
  return { ...minimum, cutoffAt: minimum.cutoffAt == null ? null : new Date(minimum.cutoffAt).toISOString() };
}
