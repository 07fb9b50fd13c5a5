// Month calendar, weeks starting Monday, days in Canary time. Only days with a bookable start
// are buttons that can be pressed; the others are shown greyed and skipped by Tab.
import { useTranslation } from 'react-i18next';
import {
  addMonths,
  formatCanaryMonthYear,
  formatDateKey,
  formatWeekday,
  ISO_WEEKDAYS,
  monthGrid,
} from '@boats/domain/canary-time';
import { formatMoney } from '@boats/domain/money';
import styles from './booking.module.css';
import { useLanguage } from '../../shared/i18n/use-language';

export type BookingCalendarProps = {
  year: number;
  month: number;
  /** Canary days that have at least one bookable start. */
  availableDays: ReadonlySet<string>;
  /**
   * The lowest price of each open day in cents (an adult's seat, or a charter's hour), with the
   * boat's seasonal prices.
   */
  dayPrices?: ReadonlyMap<string, number>;
  mode?: 'private' | 'shared';
  selected: string | null;
  /** The earliest month the visitor may go back to (the current Canary month). */
  minMonth: { year: number; month: number };
  loading?: boolean;
  onSelect: (dateKey: string) => void;
  onMonth: (year: number, month: number) => void;
};

export function BookingCalendar(props: BookingCalendarProps) {
  const { year, month, availableDays, dayPrices, mode, selected, minMonth, loading, onSelect, onMonth } =
    props;
  const { t } = useTranslation('booking');
  const locale = useLanguage();
  const { t: tp } = useTranslation('pricing');
  const weeks = monthGrid(year, month);
  const atMin = year * 12 + month <= minMonth.year * 12 + minMonth.month;
  const label = formatCanaryMonthYear(year, month, locale);
  const go = (delta: number) => {
    const next = addMonths(year, month, delta);
    onMonth(next.year, next.month);
  };

  return (
    <section className={styles.calendar} aria-labelledby="booking-calendar-label" aria-busy={loading}>
      <div className={styles.calendarHead}>
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => go(-1)}
          disabled={atMin}
          aria-label={t('calendar.previous')}
        >
          ‹
        </button>
        <h3 id="booking-calendar-label" className={styles.calendarTitle} aria-live="polite">
          {label}
        </h3>
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => go(1)}
          aria-label={t('calendar.next')}
        >
          ›
        </button>
      </div>
      <table className={styles.calendarGrid}>
        <thead>
          <tr>
            {ISO_WEEKDAYS.map((day) => (
              <th key={day} scope="col" abbr={formatWeekday(day, locale, 'long')}>
                {formatWeekday(day, locale, 'short')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, i) => {
                if (!day) return <td key={i} />;
                const open = availableDays.has(day);
                const isSelected = day === selected;
                const cents = open ? dayPrices?.get(day) : undefined;
                const price =
                  cents === undefined
                    ? ''
                    : tp(mode === 'private' ? 'calendar.fromPerHour' : 'calendar.fromPerAdult', {
                        price: formatMoney(cents, locale),
                      });
                return (
                  <td key={day}>
                    <button
                      type="button"
                      className={`${styles.day} ${open ? styles.dayOpen : ''} ${isSelected ? styles.daySelected : ''}`}
                      disabled={!open}
                      aria-pressed={isSelected}
                      aria-label={`${formatDateKey(day, locale)}${open ? '' : ` — ${t('calendar.noTrips')}`}`}
                      aria-describedby={price ? `day-price-${day}` : undefined}
                      data-date={day}
                      data-price={cents}
                      onClick={() => onSelect(day)}
                    >
                      {Number(day.slice(8))}
                      {cents !== undefined && (
                        <>
                          <span className={styles.dayPrice} aria-hidden="true">
                            {formatMoney(cents, locale, { decimals: cents % 100 !== 0 })}
                          </span>
                          <span id={`day-price-${day}`} className="visually-hidden">
                            {price}
                          </span>
                        </>
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
