// Trip and manifest rows to their wire shapes; the state and the cutoff come from the domain.
import { bookingReference } from '@boats/domain/booking-reference';
import { centsToEuros } from '@boats/domain/money';
import type { ManifestHandover } from '../self-drive/manifest-handover';
import type {
  ManifestBooking,
  Trip,
  TripCancelCause,
  TripCancellationSummary,
} from '@boats/domain/schemas/trips';
import { tripCancelReasonCode } from '@boats/domain/schemas/trip-cancellation';
import {
  cutoffAt,
  cutoffRiskMs,
  hasCutoff,
  minimumApplies,
  tripState,
  type TripFacts,
} from '@boats/domain/trip-state';
import { toWireExtra } from '../bookings/booking-wire';
import { seatsOffered } from '../occupancy/occupancy';
import type { CanceledCustomerRow, ManifestBookingRow, ManifestTicketRow, TripRow } from './trips-repository';

export function tripFacts(row: TripRow): TripFacts {
  return {
    type: row.type,
    startsAt: row.startsAt,
    scheduledAt: row.scheduledAt,
    canceled: row.canceledAt !== null,
    seatsTotal: row.seatsTotal,
    seatsTaken: row.seatsTaken,
    seatsHeld: row.seatsHeld,
    occupied: row.occupied,
    paidSeats: row.paidSeats,
    minSeatsToDepart: row.type === 'shared' ? row.minSeatsToDepart : 0,
    minimumWaived: row.minimumWaived,
    cutoffHours: row.cutoffHours,
  };
}

/**
 * Trips in time order with a charter of several hours as one trip (one card, one manifest, one
 * calendar event): the first of its hours stands for it, the others are left out.
 */
export function onePerCharter(rows: readonly TripRow[]): TripRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    if (!row.charter) return true;
    if (seen.has(row.charter.bookingId)) return false;
    seen.add(row.charter.bookingId);
    return true;
  });
}

/**
 * The instants at which a trip's answer may change with no write: its cutoff (`atRisk` turns off
 * then) and its start. Held seats lapse too, at their hold's expiry (`nextHoldExpiry`).
 */
export function clockChangesOf(row: TripRow): Date[] {
  return [cutoffAt(tripFacts(row)), row.startsAt];
}

export function toTripDto(row: TripRow, now: Date): Trip {
  const facts = tripFacts(row);
  return {
    slotId: row.id,
    boatId: row.boatId,
    boatTitle: row.boatTitle.en,
    boatTitleI18n: row.boatTitle,
    type: row.type,
    // A charter's trip runs from its booking's first hour to its last, whichever hour is asked.
    start: (row.charter?.startsAt ?? row.startsAt).toISOString(),
    end: (row.charter?.endsAt ?? row.endsAt).toISOString(),
    isOpen: row.isOpen,
    seatsTotal: row.seatsTotal,
    seatsSold: row.seatsSold,
    seatsHeld: row.seatsHeld,
    seatsLeft: seatsOffered(row, row.seatsHeld),
    paidSeats: row.paidSeats,
    minSeatsToDepart: facts.minSeatsToDepart,
    minimumWaived: row.minimumWaived,
    state: tripState(facts),
    cutoffAt:
      row.type === 'shared' && row.minSeatsToDepart > 0 && hasCutoff(facts)
        ? cutoffAt(facts).toISOString()
        : null,
    lastMinute: row.type === 'shared' && row.minSeatsToDepart > 0 && row.cutoffHours > 0 && !hasCutoff(facts),
    atRisk: minimumApplies(facts) && cutoffRiskMs(facts, now) !== null,
    people: row.people,
    boarded: row.boarded,
    canceledBookings: row.canceledBookings,
    crewMaySellBelowMinimum: row.crewMaySellBelowMinimum,
    platformBoat: row.platformBoat,
    charterMinHours: row.minDurationHours,
  };
}

export function toManifestBooking(
  booking: ManifestBookingRow,
  tickets: ManifestTicketRow[],
  /** A self-drive boat's booking: its skipper's licence and condition records (self-drive module). */
  handover?: ManifestHandover,
): ManifestBooking {
  return {
    bookingId: booking.id,
    ref: bookingReference(booking.id),
    status: booking.status,
    customerName: booking.customerName,
    customerPhone: booking.customerPhone,
    customerEmail: booking.customerEmail,
    language: booking.language,
    adults: booking.adults,
    children50: booking.children50,
    kidsFree: booking.kidsFree,
    amountPaid: centsToEuros(booking.receivedCents),
    extras: booking.extras.map(toWireExtra),
    licenceToCheck: handover !== undefined && handover.skipperLicence?.status !== 'confirmed',
    ...(handover ?? {}),
    channel: { kind: booking.channel, name: booking.channelName },
    tickets: tickets.map((t) => ({
      code: t.code,
      seatNo: t.seatNo,
      passengerType: t.passengerType,
      checkedInAt: t.checkedInAt?.toISOString() ?? null,
      checkedInBy: t.checkedInBy,
    })),
  };
}

/** A canceled trip's customers with their state, and the totals the manifest shows. */
export function toCancellationSummary(
  record: { cause: TripCancelCause; reasonCode: string | null; createdAt: Date },
  customers: CanceledCustomerRow[],
): TripCancellationSummary {
  const list = customers.map(({ booking: b, paidCents, state, deadline, movedTo, refundedAt }) => ({
    bookingId: b.id,
    ref: bookingReference(b.id),
    customerName: b.customerName,
    customerPhone: b.customerPhone,
    customerEmail: b.customerEmail,
    people: b.type === 'shared' ? b.seats : b.adults + b.children50 + b.kidsFree,
    paid: centsToEuros(paidCents),
    state,
    deadline: state === 'offered' && deadline ? deadline.toISOString() : null,
    movedTo: state === 'moved' && movedTo ? movedTo.toISOString() : null,
    refundedAt: state === 'refunded' && refundedAt ? refundedAt.toISOString() : null,
  }));
  const count = (...states: string[]) => list.filter((c) => states.includes(c.state)).length;
  return {
    cause: record.cause,
    reasonCode: tripCancelReasonCode(record.reasonCode),
    canceledAt: record.createdAt.toISOString(),
    customers: list,
    totals: {
      customers: list.length,
      people: list.reduce((n, c) => n + c.people, 0),
      paid: centsToEuros(customers.reduce((n, c) => n + c.paidCents, 0)),
      waiting: count('offered', 'to_refund'),
      moved: count('moved'),
      refunded: count('refunded'),
      notCharged: count('not_charged'),
    },
  };
}
