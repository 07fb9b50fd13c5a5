// What the crew read about working without signal: the connection and the time the phone last
// saved their trips (CrewOfflineStatus), the check-ins made without signal with their state
// (OfflineCheckins: waiting to send, sent, or not recorded with who and when), and the phone's
// own answer to a check-in it could not send (OfflineCheckinAnswer).
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { canaryTimeLabel, formatCanaryDate, formatCanaryDateTime } from '@boats/domain/canary-time';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { deleteCheckin, type QueuedCheckin } from '../../../shared/offline/crew-offline-store';
import button from '../../../shared/ui/button.module.css';
import type { OfflineCheckinAnswer } from './checkin-queue';
import { crewOffline, type CrewOfflineState } from './crew-offline-state';
import styles from './offline.module.css';

/** The connection and the saved copy's time; `savedAt`: the page shows a saved copy of that time. */
export function CrewOfflineStatus({
  state,
  savedAt,
}: {
  state: CrewOfflineState;
  savedAt?: string | undefined;
}) {
  const { t } = useTranslation('trips');
  const waiting = state.checkins.filter((c) => c.state === 'waiting').length;
  const conflicts = state.checkins.filter((c) => c.state === 'conflict').length;
  const shown = savedAt ?? state.syncedAt;
  return (
    <div className={styles.status}>
      {!state.online ? (
        <p role="alert" className={styles.offline}>
          {t('offline.noConnection')}{' '}
          {shown ? t('offline.showingSaved', { time: formatCanaryDateTime(shown, currentLanguage()) }) : ''}
        </p>
      ) : (
        <p className={styles.saved}>
          {state.syncedAt
            ? t('offline.savedAt', { time: formatCanaryDateTime(state.syncedAt, currentLanguage()) })
            : t('offline.notSavedYet')}
        </p>
      )}
      {waiting > 0 && <p className={styles.waiting}>{t('offline.waiting', { count: waiting })}</p>}
      {conflicts > 0 && (
        <p role="alert" className={styles.conflictNote}>
          {t('offline.conflicts', { count: conflicts })}
        </p>
      )}
    </div>
  );
}

/** Who canceled a booking, as the server names them ('customer', 'system', … or an e-mail). */
function actorName(t: TFunction, who: string | null): string {
  if (who === 'customer' || who === 'system' || who === 'provider') return t(`offline.actor.${who}`);
  return who ?? t('offline.actor.system');
}

/** Why the server did not record a check-in made without signal, with who and when. */
function conflictText(t: TFunction, checkin: QueuedCheckin): string {
  const lang = currentLanguage();
  if (checkin.problem) return t(`offline.problem.${checkin.problem}`);
  const answer = checkin.answer;
  if (!answer) return '';
  switch (answer.result) {
    case 'already':
      return t('offline.conflictAlready', {
        who: answer.checkedInBy ?? '',
        time: answer.checkedInAt ? formatCanaryDateTime(answer.checkedInAt, lang) : '',
      });
    case 'canceled':
      return t('offline.conflictCanceled', {
        who: actorName(t, answer.canceledBy),
        time: answer.canceledAt ? formatCanaryDateTime(answer.canceledAt, lang) : '',
      });
    case 'wrong_trip':
      return t('checkin.otherTrip', {
        boat: answer.booking.boatTitle,
        time: canaryTimeLabel(answer.booking.start),
      });
    case 'not_today':
      return t('checkin.otherDay', { date: formatCanaryDate(answer.booking.start, lang) });
    case 'replaced':
      return t('checkin.replacedTo', { time: formatCanaryDateTime(answer.booking.start, lang) });
    default:
      return '';
  }
}

/** The check-ins this phone made without signal; a conflict stays until the crew has read it. */
export function OfflineCheckins({ checkins }: { checkins: QueuedCheckin[] }) {
  const { t } = useTranslation('trips');
  if (checkins.length === 0) return null;
  const dismiss = (code: string) =>
    void deleteCheckin(code)
      .then(() => crewOffline.reloadCheckins())
      .catch(() => undefined);
  return (
    <section className={styles.queue} aria-labelledby="offline-checkins-title">
      <h2 id="offline-checkins-title" className={styles.queueTitle}>
        {t('offline.listTitle')}
      </h2>
      <ul className={styles.queueList}>
        {checkins.map((checkin) => (
          <li key={checkin.code} className={styles[checkin.state]}>
            <strong>{checkin.customerName}</strong> · <code>{checkin.code}</code> ·{' '}
            {t('offline.scannedAt', { time: canaryTimeLabel(checkin.scannedAt) })} ·{' '}
            <span className={styles.state}>{t(`offline.state.${checkin.state}`)}</span>
            {checkin.state === 'conflict' && (
              <>
                <span className={styles.conflictText}>{conflictText(t, checkin)}</span>
                <button type="button" className={button.outline} onClick={() => dismiss(checkin.code)}>
                  {t('offline.dismiss')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The phone's answer to a check-in it could not send to the server. A check-in recorded here
 * follows its queue: once the signal is back and it is sent, or the server did not record it,
 * the card says so instead of "No connection" above the list that says otherwise.
 */
export function OfflineCheckinAnswer({
  answer,
  checkins,
}: {
  answer: OfflineCheckinAnswer;
  /** The phone's queue as it is now (crewOffline). */
  checkins: readonly QueuedCheckin[];
}) {
  const { t } = useTranslation('trips');
  const lang = currentLanguage();
  const settled =
    answer.kind === 'queued'
      ? checkins.find((c) => c.code === answer.checkin.code && c.state !== 'waiting')
      : undefined;
  if (settled?.state === 'conflict') {
    return (
      <div className={`${styles.answer} ${styles.canceled}`} role="alert">
        <p className={styles.answerTitle}>{t('offline.answerConflict')}</p>
        <p>
          {settled.customerName} · {conflictText(t, settled)}
        </p>
        <p>
          <code>{settled.code}</code>
        </p>
      </div>
    );
  }
  if (settled?.state === 'sent') {
    return (
      <div className={`${styles.answer} ${styles.boarded}`} role="status" aria-live="polite">
        <p className={styles.answerTitle}>{t('offline.queuedTitle')}</p>
        <p>{t('offline.answerSent', { name: settled.customerName })}</p>
        <p>
          <code>{settled.code}</code>
        </p>
      </div>
    );
  }
  if (answer.kind === 'not_saved') {
    return (
      <div className={`${styles.answer} ${styles.notSaved}`} role="status" aria-live="assertive">
        <p className={styles.answerTitle}>{t('offline.notSavedTitle')}</p>
        <p>{t('offline.notSaved', { code: answer.code })}</p>
      </div>
    );
  }
  if (answer.kind === 'queued') {
    return (
      <div className={`${styles.answer} ${styles.queued}`} role="status" aria-live="assertive">
        <p className={styles.answerTitle}>{t('offline.queuedTitle')}</p>
        <p>{t('offline.queued', { name: answer.checkin.customerName })}</p>
        <p>
          <code>{answer.checkin.code}</code>
        </p>
      </div>
    );
  }
  const detail = {
    canceled: t('offline.canceledSaved'),
    not_today: t('checkin.otherDay', { date: formatCanaryDate(answer.start, lang) }),
    wrong_trip: t('offline.otherTrip', { time: canaryTimeLabel(answer.start) }),
    already: answer.waitingHere
      ? t('offline.waitingHere', { time: answer.boardedAt ? canaryTimeLabel(answer.boardedAt) : '' })
      : t('checkin.alreadyAt', {
          time: answer.boardedAt ? formatCanaryDateTime(answer.boardedAt, lang) : '',
          who: answer.boardedBy ?? '',
        }),
  }[answer.verdict];
  return (
    <div className={`${styles.answer} ${styles[answer.verdict]}`} role="status" aria-live="assertive">
      <p className={styles.answerTitle}>{t(`checkin.result.${answer.verdict}`)}</p>
      <p>
        {answer.customerName} · {detail}
      </p>
      <p>
        <code>{answer.code}</code>
      </p>
    </div>
  );
}
