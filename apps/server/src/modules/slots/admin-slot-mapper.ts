// An admin slot on the wire: the public slot (same euros, seatsLeft and `available` rule) with
// the seats sold and held beside the operator's counts, whether the trip was canceled (final)
// and when its minimum-to-depart cutoff decides it (domain trip-state).
import type { AdminSlot } from '@boats/domain/schemas/admin-slot';
import { cutoffAt, hasCutoff } from '@boats/domain/trip-state';
import { toSlotDto } from '../availability/slot-mapper';
import type { BoatRow } from '../boats/boat-repository';
import { seatsOffered } from '../occupancy/occupancy';
import type { AdminSlotRow } from './slot-repository';

type CutoffRules = Pick<BoatRow, 'sharedMinSeatsToDepart' | 'cutoffHours'>;

export function toAdminSlotDto(row: AdminSlotRow, boat: CutoffRules, now: Date): AdminSlot {
  const facts = { startsAt: row.startsAt, scheduledAt: row.scheduledAt, cutoffHours: boat.cutoffHours };
  const minimum = row.type === 'shared' && boat.sharedMinSeatsToDepart > 0 && boat.cutoffHours > 0;
  return {
    ...toSlotDto({ ...row, heldSeats: row.seatsHeld, seatsLeft: seatsOffered(row, row.seatsHeld) }, now),
    seatsSold: row.seatsSold,
    seatsHeld: row.seatsHeld,
    canceled: row.canceledAt
      ? { at: row.canceledAt.toISOString(), cause: row.cancelCause ?? null, reason: row.cancelReason ?? '' }
      : null,
    cutoffAt: minimum && hasCutoff(facts) ? cutoffAt(facts).toISOString() : null,
    lastMinute: minimum && !hasCutoff(facts),
  };
}
