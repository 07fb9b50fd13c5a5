// The money staff took in person on the day, per method: what the crew hands over at the end of
// it (cash counted against the till, terminal slips, transfers to check on the bank statement).
// Security deposits taken at the harbour are in the till too, but they are the customers' money:
// a line of their own, never in the takings (docs/payments.md#the-security-deposit).
import { useTranslation } from 'react-i18next';
import { formatEuros } from '@boats/domain/money';
import type { DayDeposits, DayTaking } from '@boats/domain/schemas/operator-booking';
import { currentLanguage } from '../../shared/i18n/i18n';
import styles from './trips.module.css';

export function DayTakings({ takings, deposits = [] }: { takings: DayTaking[]; deposits?: DayDeposits[] }) {
  const { t } = useTranslation('trips');
  const euros = (amount: number) => formatEuros(amount, currentLanguage());
  return (
    <>
      <section className={styles.takings} aria-labelledby="day-takings">
        <h3 id="day-takings">{t('takings.title')}</h3>
        <dl>
          {takings.map((taking) => (
            <div key={taking.method}>
              <dt>{t(`method.${taking.method}`)}</dt>
              <dd>
                {euros(taking.amount)}{' '}
                <span className={styles.muted}>{t('takings.payments', { count: taking.payments })}</span>
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {deposits.length > 0 && (
        <section className={styles.takings} aria-labelledby="day-deposits">
          <h3 id="day-deposits">{t('takings.depositsTitle')}</h3>
          <p className={styles.muted}>{t('takings.depositsNote')}</p>
          <dl>
            {deposits.map((line) => (
              <div key={line.method}>
                <dt>{t(`method.${line.method}`)}</dt>
                <dd>
                  {[
                    t('takings.depositsTaken', { amount: euros(line.taken), count: line.deposits }),
                    ...(line.handedBack > 0
                      ? [t('takings.depositsHandedBack', { amount: euros(line.handedBack) })]
                      : []),
                    ...(line.kept > 0 ? [t('takings.depositsKept', { amount: euros(line.kept) })] : []),
                  ].join(' · ')}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </>
  );
}
