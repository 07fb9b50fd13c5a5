// Charter hours: a slider from the boat minimum to the longest chain of free slots from the
// chosen start (domain charterDurationRange); a fixed text when there is only one choice.
import { useTranslation } from 'react-i18next';
import type { DurationRange } from '@boats/domain/charter';
import styles from './booking.module.css';

export function DurationSlider({
  range,
  value,
  onChange,
}: {
  range: DurationRange;
  value: number;
  onChange: (h: number) => void;
}) {
  const { t } = useTranslation('booking');
  if (range.min === range.max) {
    return (
      <div className={styles.fieldset}>
        <p className={styles.legend}>{t('duration.title')}</p>
        <p data-testid="duration-value">{t('duration.fixed', { count: range.min })}</p>
      </div>
    );
  }
  return (
    <div className={styles.fieldset}>
      <label htmlFor="booking-duration" className={styles.legend}>
        {t('duration.title')}
      </label>
      <input
        id="booking-duration"
        type="range"
        className={styles.slider}
        min={range.min}
        max={range.max}
        step={1}
        value={value}
        aria-valuetext={t('duration.hours', { count: value })}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <p className={styles.sliderScale}>
        <span>{t('duration.hours', { count: range.min })}</span>
        <strong data-testid="duration-value">{t('duration.hours', { count: value })}</strong>
        <span>{t('duration.hours', { count: range.max })}</span>
      </p>
      <p className={styles.hint}>{t('duration.chainNote', { count: range.max })}</p>
    </div>
  );
}
