// What the crew sees after a scan or a typed code: a big, coloured answer they read at a glance.
import { useTranslation } from 'react-i18next';
import { localized } from '@boats/domain/boat-card';
import { canaryTimeLabel, formatCanaryDate, formatCanaryDateTime } from '@boats/domain/canary-time';
import type { CheckinResponse } from '@boats/domain/schemas/trips';
import { currentLanguage } from '../../shared/i18n/i18n';
import styles from './checkin.module.css';

export function CheckinResult({ answer }: { answer: CheckinResponse }) {
  const { t } = useTranslation('trips');
  const lang = currentLanguage();
  const who = `${answer.booking.customerName}${answer.passengerType ? ` · ${t(`pax.${answer.passengerType}`)}` : ''}${
    answer.seatNo > 0 ? ` · ${t('manifest.seat', { seat: answer.seatNo })}` : ''
  }`;
  const detail: Record<CheckinResponse['result'], string> = {
    boarded: answer.people > 1 ? t('checkin.party', { count: answer.people }) : who,
    already: t('checkin.alreadyAt', {
      time: answer.checkedInAt ? formatCanaryDateTime(answer.checkedInAt, lang) : '',
      who: answer.checkedInBy ?? '',
    }),
    wrong_trip: t('checkin.otherTrip', {
      boat: localized(answer.booking.boatTitleI18n, answer.booking.boatTitle, lang),
      time: canaryTimeLabel(answer.booking.start),
    }),
    not_today: t('checkin.otherDay', { date: formatCanaryDate(answer.booking.start, lang) }),
    canceled: t('checkin.canceledBooking', { ref: answer.booking.ref }),
    replaced: t('checkin.replacedTo', { time: formatCanaryDateTime(answer.booking.start, lang) }),
  };
  return (
    <div className={`${styles.result} ${styles[answer.result]}`} role="status" aria-live="assertive">
      <p className={styles.resultTitle}>{t(`checkin.result.${answer.result}`)}</p>
      <p>{detail[answer.result]}</p>
      <p className={styles.code}>
        <code>{answer.code}</code>
      </p>
    </div>
  );
}
