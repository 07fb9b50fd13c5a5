// The domain's slot form schema for one day of one boat: the rules the server runs, each problem
// under its field in the operator's language. The add-slot modal and each slot row use it; a row
// passes its slot as `existing` so the slot does not overlap itself. A canceled trip no longer
// takes its time (the server says the same), so it is left out of the overlap rule.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSlot } from '@boats/domain/schemas/admin-slot';
import type { Boat } from '@boats/domain/schemas/boat';
import { slotFormSchema } from '@boats/domain/schemas/slot-form';
import { slotProblemText } from './slot-problem-text';

export function useSlotFormSchema(
  day: string,
  daySlots: readonly AdminSlot[],
  boat: Pick<Boat, 'minDurationHours' | 'maxDurationHours' | 'capacity' | 'shared'>,
  existing?: AdminSlot,
) {
  const { t } = useTranslation('admin');
  return useMemo(() => {
    const minSeatsToDepart = boat.shared.minSeatsToDepart;
    return slotFormSchema(
      {
        day,
        daySlots: daySlots.filter((s) => !s.canceled),
        minDurationHours: boat.minDurationHours,
        maxDurationHours: boat.maxDurationHours,
        capacity: boat.capacity,
        minSeatsToDepart,
        now: new Date(),
        existing,
      },
      slotProblemText(t, { ...boat, minSeatsToDepart }),
    );
  }, [day, daySlots, boat, existing, t]);
}
