// Add-slot modal (spec §2/§5): gets the selected day, that day's slots and the boat's hours;
// the same newSlotProblems the server runs explains what is wrong before anything is sent.
// Escape closes (the Modal), Enter submits (the form).
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDateKey } from '@boats/domain/canary-time';
import type { AdminSlot, AdminSlotSave } from '@boats/domain/schemas/admin-slot';
import type { Boat } from '@boats/domain/schemas/boat';
import { hasSlotProblems, newSlotProblems, type SlotField, type SlotType } from '@boats/domain/schemas/slot';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Form, FormError, FormField } from '../../shared/ui/form';
import { Modal } from '../../shared/ui/modal';
import button from '../../shared/ui/button.module.css';
import { useSaveSlot } from './api/slot-mutations';
import { addHoursToTime, instantOn, TIME_RE } from './slot-times';
import styles from './availability-panel.module.css';

export type NewSlotModalProps = {
  open: boolean;
  day: string;
  daySlots: readonly AdminSlot[];
  boat: Pick<Boat, '_id' | 'minDurationHours' | 'maxDurationHours' | 'capacity' | 'shared'>;
  onClose: () => void;
  onCreated: (slot: AdminSlot) => void;
};

type SlotFields = {
  type: SlotType;
  start: string;
  end: string;
  seatPrice: string;
  seatsTotal: string;
  isOpen: boolean;
};

const FIELDS: SlotField[] = ['start', 'end', 'seatsTotal', 'seatPrice'];

export function NewSlotModal({ open, day, daySlots, boat, onClose, onCreated }: NewSlotModalProps) {
  const { t } = useTranslation('admin');
  const saveSlot = useSaveSlot(boat._id);

  // The domain's newSlotProblems (the server runs it too) as React Hook Form's resolver.
  const resolver: Resolver<SlotFields, unknown, AdminSlotSave> = (fields) => {
    const errors: FieldErrors<SlotFields> = {};
    const problem = (field: SlotField, message: string) => (errors[field] = { type: 'validation', message });
    if (!TIME_RE.test(fields.start)) problem('start', t('slots.problems.time'));
    if (!TIME_RE.test(fields.end)) problem('end', t('slots.problems.time'));
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    const shared = fields.type === 'shared';
    const slot: AdminSlotSave = {
      type: fields.type,
      start: instantOn(day, fields.start),
      end: instantOn(day, fields.end),
      isOpen: fields.isOpen,
      seatPrice: shared ? Number(fields.seatPrice || 0) : 0,
      seatsTotal: shared ? Math.floor(Number(fields.seatsTotal || 0)) : 0,
      seatsTaken: 0,
    };
    const found = newSlotProblems(
      { ...slot, seatsTotal: Number(fields.seatsTotal || 0), seatPrice: Number(fields.seatPrice || 0) },
      {
        daySlots,
        minDurationHours: boat.minDurationHours,
        maxDurationHours: boat.maxDurationHours,
        now: new Date(),
      },
    );
    if (!hasSlotProblems(found)) return { values: slot, errors: {} };
    for (const field of FIELDS) {
      const code = found[field];
      if (code)
        problem(
          field,
          t(`slots.problems.${code}`, { min: boat.minDurationHours, max: boat.maxDurationHours }),
        );
    }
    return { values: {}, errors };
  };

  const form = useForm<SlotFields, unknown, AdminSlotSave>({
    mode: 'onTouched',
    resolver,
    defaultValues: {
      type: 'private',
      start: '10:00',
      end: addHoursToTime('10:00', boat.minDurationHours),
      seatPrice: String(boat.shared.pricing.perHour),
      seatsTotal: String(boat.capacity),
      isOpen: true,
    },
  });
  const saving = form.formState.isSubmitting;
  const type = useWatch({ control: form.control, name: 'type' });
  const time = {
    inputMode: 'numeric',
    autoComplete: 'off',
    maxLength: 5,
    size: 6,
    placeholder: t('slots.timePlaceholder'),
  } as const;

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
        <FormField name="start" label={t('slots.start')} {...time} />
        <FormField name="end" label={t('slots.end')} {...time} />
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
