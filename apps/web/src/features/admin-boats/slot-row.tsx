// One slot of the selected day (docs/product.md §2): type, start and end on that day (Canary time), open,
// save and delete; shared slots add seat price, total seats, the remaining-seats stepper and
// the read-only taken count. Edits stay local until saved (docs/product.md §4 "Slot editing"). The form
// runs the domain's slot form schema (the server's own rules) and shows the server's field
// errors under their fields.
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AdminSlot } from '@boats/domain/schemas/admin-slot';
import type { Boat } from '@boats/domain/schemas/boat';
import { setRemainingSeats } from '@boats/domain/schemas/slot';
import type { SlotFormFields } from '@boats/domain/schemas/slot-form';
import { buttonClass } from '../../shared/ui/button';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { Form, FormField, useZodForm } from '../../shared/ui/form';
import field from '../../shared/ui/form-field.module.css';
import { useDeleteSlot, useSaveSlot } from './api/slot-mutations';
import { SlotCutoffNote } from './slot-cutoff-note';
import { SlotDeleteForm } from './slot-delete-form';
import { SlotTimeFields } from './slot-time-fields';
import { timeOf } from './slot-times';
import { useSlotFormSchema } from './use-slot-form-schema';
import styles from './availability-panel.module.css';

const stepperButton = buttonClass({ variant: 'outline', size: 'compact' });

export type SlotRowProps = {
  slot: AdminSlot;
  day: string;
  /** The day's slots, for the overlap rule. */
  daySlots: readonly AdminSlot[];
  boat: Pick<Boat, '_id' | 'minDurationHours' | 'maxDurationHours' | 'capacity' | 'shared'>;
  onError: (text: string | null) => void;
};

/** A seat count as typed; empty or not a number counts as 0, never below 0. */
const seats = (value: unknown) => {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n > 0 ? n : 0;
};

export function SlotRow({ slot, day, daySlots, boat, onError }: SlotRowProps) {
  const { t } = useTranslation('admin');
  const errorText = useAdminErrorText();
  // A success updates the cached month (the row moves, or goes); see api/slot-mutations.ts.
  const saveSlot = useSaveSlot(boat._id);
  const deleteSlot = useDeleteSlot(boat._id);
  const id = useId();
  const schema = useSlotFormSchema(day, daySlots, boat, slot);
  const defaultValues: SlotFormFields = {
    type: slot.type,
    start: timeOf(slot.start),
    end: timeOf(slot.end),
    isOpen: slot.isOpen,
    seatPrice: String(slot.seatPrice),
    seatsTotal: String(slot.seatsTotal),
    seatsTaken: slot.seatsTaken,
  };
  const form = useZodForm(schema, { defaultValues });
  const values = useWatch({ control: form.control });
  const { type, seatsTotal: total, seatsTaken: taken = 0 } = values;
  // "Saved" stays while the fields still hold what the server took.
  const [savedAs, setSavedAs] = useState<string | null>(null);
  // Delete asks once more, with a reason, before anything is removed.
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const saving = form.formState.isSubmitting;
  const saved = savedAs !== null && savedAs === JSON.stringify(values);

  const seatsTotal = seats(total);
  const seatsTaken = Math.min(taken, seatsTotal);
  const remaining = Math.max(0, seatsTotal - taken);
  const setRemaining = (value: number) =>
    form.setValue('seatsTaken', setRemainingSeats({ seatsTotal }, value).seatsTaken, { shouldDirty: true });
  const shared = type === 'shared';
  const label = `${timeOf(slot.start)}–${timeOf(slot.end)}`;
  const fieldId = (name: string) => `${id}-${name}`;

  return (
    <li className={styles.row} aria-label={t('slots.rowLabel', { time: label })}>
      <Form
        form={form}
        onSubmit={async (slotValues) => {
          onError(null);
          const fields = JSON.stringify(form.getValues());
          await saveSlot.mutateAsync(slotValues);
          setSavedAs(fields);
        }}
        onError={(err) => onError(errorText(err))}
      >
        <div className={styles.rowFields}>
          <FormField as="select" id={fieldId('type')} name="type" label={t('slots.type')}>
            <option value="private">{t('slots.private')}</option>
            <option value="shared">{t('slots.shared')}</option>
          </FormField>
          <SlotTimeFields idPrefix={id} />
          <label className={styles.checkField}>
            <input type="checkbox" {...form.register('isOpen')} />
            <span>{t('slots.open')}</span>
          </label>
        </div>

        {shared && (
          <div className={styles.rowFields}>
            <FormField
              id={fieldId('seatPrice')}
              name="seatPrice"
              label={t('slots.seatPrice')}
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
            />
            <FormField
              id={fieldId('seatsTotal')}
              name="seatsTotal"
              label={t('slots.seatsTotal')}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
            />
            <div className={field.field}>
              <span id={fieldId('remaining')} className={field.label}>
                {t('slots.remaining')}
              </span>
              <div className={styles.stepper} role="group" aria-labelledby={fieldId('remaining')}>
                <button
                  type="button"
                  className={stepperButton}
                  aria-label={t('slots.remainingMinus')}
                  disabled={remaining <= 0}
                  onClick={() => setRemaining(remaining - 1)}
                >
                  −
                </button>
                <input
                  type="number"
                  className={field.control}
                  min={0}
                  max={seatsTotal}
                  aria-labelledby={fieldId('remaining')}
                  value={remaining}
                  onChange={(e) => setRemaining(seats(e.target.value))}
                />
                <button
                  type="button"
                  className={stepperButton}
                  aria-label={t('slots.remainingPlus')}
                  disabled={remaining >= seatsTotal}
                  onClick={() => setRemaining(remaining + 1)}
                >
                  +
                </button>
              </div>
            </div>
            <div className={field.field}>
              <span className={field.label}>{t('slots.taken')}</span>
              <output className={styles.taken} aria-label={t('slots.taken')}>
                {seatsTaken}
              </output>
            </div>
            {(slot.seatsSold > 0 || slot.seatsHeld > 0) && (
              <p className={styles.soldNote}>
                {t('slots.soldHeld', { sold: slot.seatsSold, held: slot.seatsHeld })}
              </p>
            )}
            <SlotCutoffNote
              cutoffAt={slot.cutoffAt}
              lastMinute={slot.lastMinute}
              minimum={boat.shared.minSeatsToDepart}
            />
          </div>
        )}

        <div className={styles.rowActions}>
          {saved && (
            <span role="status" className={styles.savedNote}>
              {t('slots.saved')}
            </span>
          )}
          <button
            type="submit"
            className={buttonClass({ variant: 'secondary', size: 'compact' })}
            disabled={saving || deleteSlot.isPending}
          >
            {saving ? t('slots.saving') : t('slots.save')}
          </button>
          {!confirmingDelete && (
            <button
              type="button"
              className={buttonClass({ variant: 'outline', size: 'compact', tone: 'danger' })}
              disabled={saving || deleteSlot.isPending}
              onClick={() => setConfirmingDelete(true)}
            >
              {deleteSlot.isPending ? t('slots.deleting') : t('slots.delete')}
            </button>
          )}
        </div>
      </Form>
      {confirmingDelete && (
        <SlotDeleteForm
          idPrefix={id}
          onKeep={() => setConfirmingDelete(false)}
          onError={(err) => onError(errorText(err))}
          onDelete={async (reason) => {
            onError(null);
            await deleteSlot.mutateAsync({ slot, reason });
          }}
        />
      )}
    </li>
  );
}
