// The slot rules' problems in the operator's language, with the boat's limits filled in.
import type { SlotField, SlotProblemCode } from '@boats/domain/schemas/slot';
import type { TFunction } from 'i18next';

export function slotProblemText(
  t: TFunction<'admin'>,
  boat: { minDurationHours: number; maxDurationHours: number; capacity: number; minSeatsToDepart: number },
) {
  return (_field: SlotField, code: SlotProblemCode): string =>
    t(`slots.problems.${code}`, {
      min: boat.minDurationHours,
      max: boat.maxDurationHours,
      capacity: boat.capacity,
      minimum: boat.minSeatsToDepart,
    });
}
