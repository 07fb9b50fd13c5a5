// An admin slot on the wire: euros, and the seats sold and held beside the operator's counts.
import { isPast } from '@boats/domain/canary-time';
import { centsToEuros } from '@boats/domain/money';
import type { AdminSlot } from '@boats/domain/schemas/admin-slot';
import type { AdminSlotRow } from './slot-repository';

export function toAdminSlotDto(row: AdminSlotRow, now: Date): AdminSlot {
  const shared = row.type === 'shared';
  const seatsLeft = shared ? Math.max(0, row.seatsTotal - row.seatsTaken - row.seatsHeld) : 0;
  return {
    _id: row.id,
    type: row.type,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    isOpen: row.isOpen,
    seatPrice: centsToEuros(row.seatPriceCents),
    seatsTotal: row.seatsTotal,
    seatsTaken: row.seatsTaken,
    seatsLeft,
    available: row.isOpen && !isPast(row.startsAt, now) && (shared ? seatsLeft > 0 : !row.occupied),
    seatsSold: row.seatsSold,
    seatsHeld: row.seatsHeld,
  };
}
