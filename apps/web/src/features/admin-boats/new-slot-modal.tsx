// Add-slot modal (docs/product.md §2, §5): gets the selected day, that day's slots and the boat's hours;
// the domain's slot form schema (the rules the server runs) explains what is wrong before
// anything is sent, and the server's field errors land on the same fields.
// Escape closes (the Modal), Enter submits (the form).
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { canaryInstant, formatDateKey } from '@boats/domain/canary-time';
import type { AdminSlot } from '@boats/domain/schemas/admin-slot';
import type { Boat } from '@boats/domain/schemas/boat';
import { TIME_RE, type SlotFormFields } from '@boats/domain/schemas/slot-form';
import { cutoffOfNewTrip, DEFAULT_CUTOFF_HOURS } from '@boats/domain/trip-state';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { Modal } from '../../shared/ui/modal';
import button from '../../shared/ui/button.module.css';
import { useSaveSlot } from './api/slot-mutations';
import { SlotCutoffNote } from './slot-cutoff-note';
import { SlotTimeFields } from './slot-time-fields';
import { addHoursToTime } from './slot-times';
import { useSlotFormSchema } from './use-slot-form-schema';
import styles from './availability-panel.module.css';

export type NewSlotModalProps = {
  open: boolean;
  day: string;
  daySlots: readonly AdminSlot[];
  boat: Pick<Boat, '_id' | 'minDurationHours' | 'maxDurationHours' | 'capacity' | 'shared'>;
  onClose: () => void;
  onCreated: (slot: AdminSlot) => void;
};

export function NewSlotModal({ open, day, daySlots, boat, onClose, onCreated }: NewSlotModalProps) {
  const { t } = useTranslation('admin');
  const saveSlot = useSaveSlot(boat._id);
  const schema = useSlotFormSchema(day, daySlots, boat);
  const defaultValues: SlotFormFields = {
    type: 'private',
    start: '10:00',
    end: addHoursToTime('10:00', boat.minDurationHours),
    seatPrice: String(boat.shared.pricing.perHour),
    seatsTotal: String(boat.capacity),
    seatsTaken: 0,
    isOpen: true,
  };
  const form = useZodForm(schema, { defaultValues });
  const saving = form.formState.isSubmitting;
  const type = useWatch({ control: form.control, name: 'type' });
  const startTime = useWatch({ control: form.control, name: 'start' });
  // Until the operator types an end, the end follows the start at the boat's shortest trip, so
  // a new start is never checked against the default end it was not meant to go with (a false
  // "overlaps another slot"); once both are typed, the pair as typed is what is checked. Done in
  // the form's own change callback (typed changes only, not setValue), before the start's
  // validation, so no render can run in between with a stale end.
  const { watch, setValue } = form;
  const minHours = boat.minDurationHours;
  useEffect(() => {
    let endTyped = false;
    const subscription = watch((values, { name, type }) => {
      if (type !== 'change') return;
      if (name === 'end') endTyped = true;
      if (name !== 'start' || endTyped || !TIME_RE.test(values.start ?? '')) return;
      setValue('end', addHoursToTime(values.start ?? '', minHours));
    });
    return () => subscription.unsubscribe();
  }, [watch, setValue, minHours]);
  // Said before creating: canceled at its cutoff if still below the minimum, or a last-minute
  // trip when it is created inside its own cutoff (domain trip-state).
  const cutoff =
    type === 'shared' && TIME_RE.test(startTime)
      ? cutoffOfNewTrip(
          canaryInstant(day, startTime),
          {
            minSeatsToDepart: boat.shared.minSeatsToDepart,
            cutoffHours: boat.shared.cutoffHours ?? DEFAULT_CUTOFF_HOURS,
          },
          new Date(),
        )
      : null;

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="small"
      title={t('slots.newTitle', { date: formatDateKey(day, currentLanguage()) })}
      closeLabel={t('slots.close')}
    >
      <Form
        form={form}
        onSubmit={async (slot) => onCreated(await saveSlot.mutateAsync(slot))}
        className={styles.modalForm}
      >
        <FormField as="select" name="type" label={t('slots.type')}>
          <option value="private">{t('slots.private')}</option>
          <option value="shared">{t('slots.shared')}</option>
        </FormField>
        <SlotTimeFields />
        {type === 'shared' && (
          <>
            <FormField
              name="seatPrice"
              label={t('slots.seatPrice')}
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
            />
            <FormField
              name="seatsTotal"
              label={t('slots.seatsTotal')}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
            />
          </>
        )}
        <label className={styles.checkField}>
          <input type="checkbox" {...form.register('isOpen')} />
          <span>{t('slots.open')}</span>
        </label>
        {cutoff && cutoff.kind !== 'none' && (
          <SlotCutoffNote
            future
            cutoffAt={cutoff.kind === 'cutoff' ? cutoff.at.toISOString() : null}
            lastMinute={cutoff.kind === 'last_minute'}
            minimum={boat.shared.minSeatsToDepart}
          />
        )}
        <p className={styles.hintText}>
          {t('slots.durationHint', { min: boat.minDurationHours, max: boat.maxDurationHours })}
        </p>
        <FormError />
        <div className={styles.modalActions}>
          <button type="button" className={button.outline} onClick={onClose}>
            {t('slots.cancel')}
          </button>
          <button type="submit" className={button.primary} disabled={saving}>
            {saving ? t('slots.saving') : t('slots.create')}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
