// One slot of the selected day (spec §2): type, start and end on that day (Canary time), open,
// save and delete; shared slots add seat price, total seats, the remaining-seats stepper and
// the read-only taken count. Edits stay local until saved (spec §4 "Slot editing").
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSlot } from '@boats/domain/schemas/admin-slot';
import { setRemainingSeats, type SlotType } from '@boats/domain/schemas/slot';
import { errorText } from '../../shared/api/http';
import { useDeleteSlot, useSaveSlot } from './api/slot-mutations';
import { endInstant, instantOn, TIME_RE, timeOf } from './slot-times';
import { TimeInput } from './time-input';
import styles from './availability-panel.module.css';

export type SlotRowProps = {
  slot: AdminSlot;
  day: string;
  boatId: string;
  onError: (text: string | null) => void;
};

/** Seat fields: empty becomes 0, never below 0 (spec §5 "Admin slot editor"). */
const nonNegative = (value: string) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

export function SlotRow({ slot, day, boatId, onError }: SlotRowProps) {
  const { t } = useTranslation('admin');
  // A success updates the cached month (the row moves, or goes); see api/slot-mutations.ts.
  const saveSlot = useSaveSlot(boatId);
  const deleteSlot = useDeleteSlot(boatId);
  const id = useId();
  const [type, setType] = useState<SlotType>(slot.type);
  const [start, setStart] = useState(timeOf(slot.start));
  const [end, setEnd] = useState(timeOf(slot.end));
  const [isOpen, setIsOpen] = useState(slot.isOpen);
  const [seatPrice, setSeatPrice] = useState(String(slot.seatPrice));
  const [seatsTotal, setSeatsTotal] = useState(slot.seatsTotal);
  const [seatsTaken, setSeatsTaken] = useState(slot.seatsTaken);
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const [saved, setSaved] = useState(false);

  const remaining = Math.max(0, seatsTotal - seatsTaken);
  const shared = type === 'shared';
  const label = `${timeOf(slot.start)}–${timeOf(slot.end)}`;

  async function save() {
    if (!TIME_RE.test(start) || !TIME_RE.test(end)) {
      onError(t('slots.problems.time'));
      return;
    }
    setBusy('save');
    onError(null);
    setSaved(false);
    try {
      await saveSlot.mutateAsync({
        _id: slot._id,
        type,
        start: instantOn(day, start),
        end: endInstant(day, end, slot.end),
        isOpen,
        seatPrice: shared ? nonNegative(seatPrice) : 0,
        seatsTotal: shared ? seatsTotal : 0,
        seatsTaken: shared ? Math.min(seatsTaken, seatsTotal) : 0,
      });
      setSaved(true);
    } catch (err) {
      onError(errorText(err));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('delete');
    onError(null);
    try {
      await deleteSlot.mutateAsync(slot);
    } catch (err) {
      onError(errorText(err));
      setBusy(null);
    }
  }

  return (
    <li className={styles.row} aria-label={t('slots.rowLabel', { time: label })}>
      <div className={styles.rowFields}>
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
        </label>
        <label className={styles.field}>
          <span>{t('slots.end')}</span>
          <TimeInput value={end} onChange={setEnd} />
        </label>
        <label className={styles.checkField}>
          <input type="checkbox" checked={isOpen} onChange={(e) => setIsOpen(e.target.checked)} />
          <span>{t('slots.open')}</span>
        </label>
      </div>

      {shared && (
        <div className={styles.rowFields}>
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
          </label>
          <label className={styles.field}>
            <span>{t('slots.seatsTotal')}</span>
            <input
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={seatsTotal}
              // Total is floored to a whole number ≥ 0; taken stays as it was (spec §4).
              onChange={(e) => setSeatsTotal(Math.floor(nonNegative(e.target.value)))}
            />
          </label>
          <div className={styles.field}>
            <span id={`${id}-remaining`}>{t('slots.remaining')}</span>
            <div className={styles.stepper} role="group" aria-labelledby={`${id}-remaining`}>
              <button
                type="button"
                aria-label={t('slots.remainingMinus')}
                disabled={remaining <= 0}
                onClick={() => setSeatsTaken(setRemainingSeats({ seatsTotal }, remaining - 1).seatsTaken)}
              >
                −
              </button>
              <input
                type="number"
                min={0}
                max={seatsTotal}
                aria-labelledby={`${id}-remaining`}
                value={remaining}
                onChange={(e) =>
                  setSeatsTaken(setRemainingSeats({ seatsTotal }, nonNegative(e.target.value)).seatsTaken)
                }
              />
              <button
                type="button"
                aria-label={t('slots.remainingPlus')}
                disabled={remaining >= seatsTotal}
                onClick={() => setSeatsTaken(setRemainingSeats({ seatsTotal }, remaining + 1).seatsTaken)}
              >
                +
              </button>
            </div>
          </div>
          <div className={styles.field}>
            <span>{t('slots.taken')}</span>
            <output className={styles.taken} aria-label={t('slots.taken')}>
              {Math.min(seatsTaken, seatsTotal)}
            </output>
          </div>
          {(slot.seatsSold > 0 || slot.seatsHeld > 0) && (
            <p className={styles.soldNote}>
              {t('slots.soldHeld', { sold: slot.seatsSold, held: slot.seatsHeld })}
            </p>
          )}
        </div>
      )}

      <div className={styles.rowActions}>
        {saved && (
          <span role="status" className={styles.savedNote}>
            {t('slots.saved')}
          </span>
        )}
        <button type="button" className={styles.save} disabled={busy !== null} onClick={() => void save()}>
          {busy === 'save' ? t('slots.saving') : t('slots.save')}
        </button>
        <button
          type="button"
          className={styles.delete}
          disabled={busy !== null}
          onClick={() => void remove()}
        >
          {busy === 'delete' ? t('slots.deleting') : t('slots.delete')}
        </button>
      </div>
    </li>
  );
}
