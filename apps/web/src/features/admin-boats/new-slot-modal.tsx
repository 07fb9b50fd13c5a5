// Add-slot modal (spec §2/§5): gets the selected day, that day's slots and the boat's hours;
// the same newSlotProblems the server runs explains what is wrong before anything is sent.
// Escape closes (the Modal), Enter submits (the form).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateKey } from '@boats/domain/canary-time';
import type { AdminSlot } from '@boats/domain/schemas/admin-slot';
import type { Boat } from '@boats/domain/schemas/boat';
import { hasSlotProblems, newSlotProblems, type SlotField, type SlotType } from '@boats/domain/schemas/slot';
import { useAdminFetch } from '../../shared/admin/use-admin-fetch';
import { errorText } from '../../shared/api/http';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import { Modal } from '../../shared/ui/modal';
import button from '../../shared/ui/button.module.css';
import { saveSlot } from './admin-boats-api';
import { addHoursToTime, instantOn, TIME_RE } from './slot-times';
import { TimeInput } from './time-input';
import styles from './availability-panel.module.css';

export type NewSlotModalProps = {
  open: boolean;
  day: string;
  daySlots: readonly AdminSlot[];
  boat: Pick<Boat, '_id' | 'minDurationHours' | 'maxDurationHours' | 'capacity' | 'shared'>;
  onClose: () => void;
  onCreated: (slot: AdminSlot) => void;
};

const FIELDS: SlotField[] = ['start', 'end', 'seatsTotal', 'seatPrice'];

export function NewSlotModal({ open, day, daySlots, boat, onClose, onCreated }: NewSlotModalProps) {
  const { t } = useTranslation('admin');
  const fetcher = useAdminFetch();
  const [type, setType] = useState<SlotType>('private');
  const [start, setStart] = useState('10:00');
  const [end, setEnd] = useState(() => addHoursToTime('10:00', boat.minDurationHours));
  const [seatPrice, setSeatPrice] = useState(String(boat.shared.pricing.perHour));
  const [seatsTotal, setSeatsTotal] = useState(String(boat.capacity));
  const [isOpen, setIsOpen] = useState(true);
  const [problems, setProblems] = useState<Partial<Record<SlotField, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function check() {
    if (!TIME_RE.test(start) || !TIME_RE.test(end)) {
      return {
        ...(TIME_RE.test(start) ? {} : { start: t('slots.problems.time') }),
        ...(TIME_RE.test(end) ? {} : { end: t('slots.problems.time') }),
      };
    }
    const input = {
      type,
      start: instantOn(day, start),
      end: instantOn(day, end),
      seatsTotal: Number(seatsTotal || 0),
      seatPrice: Number(seatPrice || 0),
    };
    const found = newSlotProblems(input, {
      daySlots,
      minDurationHours: boat.minDurationHours,
      maxDurationHours: boat.maxDurationHours,
      now: new Date(),
    });
    const texts: Partial<Record<SlotField, string>> = {};
    for (const field of FIELDS) {
      const code = found[field];
      if (code)
        texts[field] = t(`slots.problems.${code}`, {
          min: boat.minDurationHours,
          max: boat.maxDurationHours,
        });
    }
    return hasSlotProblems(found) ? texts : {};
  }

  async function submit() {
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setServerError(null);
    try {
      const shared = type === 'shared';
      const slot = await saveSlot(fetcher, boat._id, {
        type,
        start: instantOn(day, start),
        end: instantOn(day, end),
        isOpen,
        seatPrice: shared ? Number(seatPrice || 0) : 0,
        seatsTotal: shared ? Math.floor(Number(seatsTotal || 0)) : 0,
        seatsTaken: 0,
      });
      onCreated(slot);
    } catch (err) {
      setServerError(errorText(err));
    } finally {
      setSaving(false);
    }
  }

  const error = (field: SlotField) =>
    problems[field] ? (
      <span className={styles.fieldError} role="alert">
        {problems[field]}
      </span>
    ) : null;

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="small"
      title={t('slots.newTitle', { date: formatDateKey(day, currentLanguage()) })}
      closeLabel={t('slots.close')}
    >
      <form
        className={styles.modalForm}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className={styles.field}>
          <span>{t('slots.type')}</span>
          <select value={type} onChange={(e) => setType(e.target.value as SlotType)}>
            <option value="private">{t('slots.private')}</option>
            <option value="shared">{t('slots.shared')}</option>
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('slots.start')}</span>
          <TimeInput value={start} onChange={setStart} />
          {error('start')}
        </label>
        <label className={styles.field}>
          <span>{t('slots.end')}</span>
          <TimeInput value={end} onChange={setEnd} />
          {error('end')}
        </label>
        {type === 'shared' && (
          <>
            <label className={styles.field}>
              <span>{t('slots.seatPrice')}</span>
              <input
                type="number"
                min={0}
                step="0.01"
                inputMode="decimal"
                value={seatPrice}
                onChange={(e) => setSeatPrice(e.target.value)}
              />
              {error('seatPrice')}
            </label>
            <label className={styles.field}>
              <span>{t('slots.seatsTotal')}</span>
              <input
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                value={seatsTotal}
                onChange={(e) => setSeatsTotal(e.target.value)}
              />
              {error('seatsTotal')}
            </label>
          </>
        )}
        <label className={styles.checkField}>
          <input type="checkbox" checked={isOpen} onChange={(e) => setIsOpen(e.target.checked)} />
          <span>{t('slots.open')}</span>
        </label>
        <p className={styles.hintText}>
          {t('slots.durationHint', { min: boat.minDurationHours, max: boat.maxDurationHours })}
        </p>
        {serverError && <Banner tone="error">{serverError}</Banner>}
        <div className={styles.modalActions}>
          <button type="button" className={button.outline} onClick={onClose}>
            {t('slots.cancel')}
          </button>
          <button type="submit" className={button.primary} disabled={saving}>
            {saving ? t('slots.saving') : t('slots.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
