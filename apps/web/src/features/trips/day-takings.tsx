// The money staff took in person on the day, per method: what the crew hands over at the end of
// it (cash counted against the till, terminal slips, transfers to check on the bank statement).
import { useTranslation } from 'react-i18next';
import { formatEuros } from '@boats/domain/money';
import type { DayTaking } from '@boats/domain/schemas/operator-booking';
import { currentLanguage } from '../../shared/i18n/i18n';
import styles from './trips.module.css';

export function DayTakings({ takings }: { takings: DayTaking[] }) {
  const { t } = useTranslation('trips');
  return (
    <section className={styles.takings} aria-labelledby="day-takings">
      <h3 id="day-takings">{t('takings.title')}</h3>
      <dl>
        {takings.map((taking) => (
          <div key={taking.method}>
            <dt>{t(`method.${taking.method}`)}</dt>
            <dd>
              {formatEuros(taking.amount, currentLanguage())}{' '}
              <span className={styles.muted}>{t('takings.payments', { count: taking.payments })}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
