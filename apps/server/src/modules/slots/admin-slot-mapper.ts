// An admin slot on the wire: the public slot (same euros, seatsLeft and `available` rule) with
// the seats sold and held beside the operator's counts.
import type { AdminSlot } from '@boats/domain/schemas/admin-slot';
import { toSlotDto } from '../availability/slot-mapper';
import type { AdminSlotRow } from './slot-repository';

export function toAdminSlotDto(row: AdminSlotRow, now: Date): AdminSlot {
  return {
    ...toSlotDto({ ...row, heldSeats: row.seatsHeld }, now),
    seatsSold: row.seatsSold,
    seatsHeld: row.seatsHeld,
  };
}
