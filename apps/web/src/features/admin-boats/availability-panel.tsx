// The boat's availability (docs/product.md §2 "Availability panel"): a Canary-time month with the days
// that have slots marked, the selected day's slot rows, and the add-slot modal.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addMonths,
  canaryDateKey,
  canaryYearMonth,
  dateKeyOf,
  formatCanaryMonthYear,
  formatDateKey,
  formatWeekday,
  ISO_WEEKDAYS,
  monthGrid,
} from '@boats/domain/canary-time';
import type { AdminSlot } from '@boats/domain/schemas/admin-slot';
import type { Boat } from '@boats/domain/schemas/boat';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import { buttonClass } from '../../shared/ui/button';
import button from '../../shared/ui/button.module.css';
import card from '../../shared/ui/card.module.css';
import { useAdminSlots } from './api/get-admin-slots';
import { CanceledSlotRow } from './canceled-slot-row';
import { NewSlotModal } from './new-slot-modal';
import { SlotRow } from './slot-row';
import styles from './availability-panel.module.css';

export function AvailabilityPanel({ boat }: { boat: Boat }) {
  const { t } = useTranslation('admin');
  const errorText = useAdminErrorText();
  const lang = currentLanguage();
  const today = canaryDateKey(new Date());
  const [{ year, month }, setMonth] = useState(() => canaryYearMonth(new Date()));
  const [selected, setSelected] = useState(today);
  // One query per boat and month: a month switch shows "loading" at once, and a late answer
  // for another month lands in that month's cache, never on screen.
  const monthSlots = useAdminSlots(boat._id, year, month);
  const [actionError, setActionError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const slots = useMemo<AdminSlot[]>(() => monthSlots.data ?? [], [monthSlots.data]);
  const loading = monthSlots.isPending;
  const error = actionError ?? (monthSlots.isError ? errorText(monthSlots.error) : null);

  const daysWithSlots = useMemo(() => new Set(slots.map((s) => canaryDateKey(s.start))), [slots]);
  const daySlots = useMemo(() => slots.filter((s) => canaryDateKey(s.start) === selected), [slots, selected]);

  const goMonth = (delta: number) => {
    const next = addMonths(year, month, delta);
    setActionError(null);
    setMonth(next);
    const thisMonth = canaryYearMonth(new Date());
    setSelected(
      next.year === thisMonth.year && next.month === thisMonth.month
        ? today
        : dateKeyOf(next.year, next.month, 1),
    );
  };

  return (
    <section className={`${card.panel} ${styles.panel}`} aria-labelledby="availability-title">
      <h2 id="availability-title" className={styles.heading}>
        {t('slots.title')}
      </h2>
      {error && <Banner tone="error">{error}</Banner>}

      <div className={styles.monthNav}>
        <button
          type="button"
          className={buttonClass({ variant: 'outline', size: 'icon' })}
          onClick={() => goMonth(-1)}
          aria-label={t('slots.prevMonth')}
        >
          ‹
        </button>
        <p className={styles.monthLabel} aria-live="polite">
          {formatCanaryMonthYear(year, month, lang)}
        </p>
        <button
          type="button"
          className={buttonClass({ variant: 'outline', size: 'icon' })}
          onClick={() => goMonth(1)}
          aria-label={t('slots.nextMonth')}
        >
          ›
        </button>
      </div>

      <table className={styles.grid} aria-busy={loading}>
        <thead>
          <tr>
            {ISO_WEEKDAYS.map((day) => (
              <th key={day} scope="col" abbr={formatWeekday(day, lang, 'long')}>
                {formatWeekday(day, lang, 'short')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(year, month).map((week, i) => (
            <tr key={i}>
              {week.map((day, j) =>
                day ? (
                  <td key={day}>
                    <button
                      type="button"
                      className={[
                        styles.day,
                        daysWithSlots.has(day) ? styles.hasSlots : '',
                        day === selected ? styles.selected : '',
                        day === today ? styles.today : '',
                      ].join(' ')}
                      aria-pressed={day === selected}
                      aria-label={`${formatDateKey(day, lang)}${daysWithSlots.has(day) ? `, ${t('slots.hasSlots')}` : ''}`}
                      onClick={() => setSelected(day)}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                ) : (
                  <td key={`empty-${j}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>

      <div className={styles.dayBar}>
        <p className={styles.dayLabel}>{formatDateKey(selected, lang)}</p>
        <button type="button" className={button.secondary} onClick={() => setAdding(true)}>
          {t('slots.add')}
        </button>
      </div>

      {daySlots.length === 0 ? (
        <p className={styles.none}>{loading ? t('slots.loading') : t('slots.none')}</p>
      ) : (
        <ul className={styles.rows} aria-label={t('slots.listLabel')}>
          {daySlots.map((slot) =>
            slot.canceled ? (
              <CanceledSlotRow key={slot._id} slot={{ ...slot, canceled: slot.canceled }} />
            ) : (
              <SlotRow
                // A saved slot comes back as a new object: the row starts again from it.
                key={`${slot._id}-${slot.start}-${slot.end}-${slot.type}`}
                slot={slot}
                day={selected}
                daySlots={daySlots}
                boat={boat}
                onError={setActionError}
              />
            ),
          )}
        </ul>
      )}

      {/* Mounted per opening, so every new slot starts from a clean form. */}
      {adding && (
        <NewSlotModal
          open
          day={selected}
          daySlots={daySlots}
          boat={boat}
          onClose={() => setAdding(false)}
          onCreated={() => setAdding(false)}
        />
      )}
    </section>
  );
}
