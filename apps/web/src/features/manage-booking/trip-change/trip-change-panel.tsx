// The customer's choice after their trip was canceled: another trip of the same boat (the price
// difference refunded), a trip of another owner's boat from the same harbour at no extra cost
// (docs/payments.md#another-owners-boat), or the full refund, until the deadline. Shown on the manage-my-booking
// page when the booking has an open offer; the page passes the booking id and its token.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanaryTimeText } from '../../../shared/i18n/canary-time-text';
import { formatEuros } from '@boats/domain/money';
import type { TripChangeChoice } from '@boats/domain/schemas/trip-cancellation';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { useChooseTripChange } from './api/choose-trip-change';
import { useTripChangeOffer } from './api/get-trip-change-offer';
import styles from './trip-change.module.css';
import button from '../../../shared/ui/button.module.css';

export type TripChangePanelProps = {
  bookingId: string;
  token: string;
  /** The customer confirmed a choice (the page keeps the panel to say what was done). */
  onChosen?: () => void;
};

type Asked = { question: string; choice: TripChangeChoice };

export function TripChangePanel({ bookingId, token, onChosen }: TripChangePanelProps) {
  const { t } = useTranslation('tripChange');
  const lang = currentLanguage();
  const canary = useCanaryTimeText(lang);
  const money = (euros: number) => formatEuros(euros, lang);
  const offer = useTripChangeOffer(bookingId, token);
  const choose = useChooseTripChange();
  // A choice is final: it is asked once more, in words, before it is sent.
  const [asked, setAsked] = useState<Asked | null>(null);

  if (choose.isSuccess) {
    const r = choose.data;
    return (
      <section className={styles.panel} aria-labelledby="trip-change-title">
        <h2 id="trip-change-title">{t('done.title')}</h2>
        <p role="status">
          {r.result === 'moved'
            ? t('done.moved', { date: canary.at(r.start) })
            : t('done.refunded', { amount: money(r.refunded) })}
        </p>
        {r.result === 'moved' && r.refunded > 0 && (
          <p>{t('done.difference', { amount: money(r.refunded) })}</p>
        )}
      </section>
    );
  }
  if (offer.isPending || offer.isError) return null;
  const data = offer.data;
  return (
    <section className={styles.panel} aria-labelledby="trip-change-title">
      <h2 id="trip-change-title">{t('title')}</h2>
      <p>
        {data.reasonCode
          ? // A boat that is unavailable may offer none of its own trips: "another boat".
            t(data.reasonCode === 'boat_unavailable' ? 'introAnyTrip' : 'intro', {
              reason: t(`reasons.${data.reasonCode}`),
            })
          : t('introNoReason')}
      </p>
      <p className={styles.deadline}>{t('deadline', { date: canary.at(data.deadline) })}</p>
      {data.options.length > 0 && (
        <>
          <h3>{t('moveTitle')}</h3>
          {data.options.some((o) => o.otherBoat) && <p>{t('otherBoatsNote')}</p>}
          <ul className={styles.options}>
            {data.options.map((o) => (
              <li key={o.slotId}>
                <span>
                  {canary.span(o.start, o.end)} · {money(o.price)}
                  {o.refundDifference > 0 && ` · ${t('back', { amount: money(o.refundDifference) })}`}
                  {o.otherBoat && (
                    <>
                      <br />
                      {t('otherBoat', { boat: o.otherBoat.title, harbour: o.otherBoat.harbour })}
                    </>
                  )}
                </span>
                <button
                  type="button"
                  className={button.primary}
                  disabled={choose.isPending}
                  onClick={() =>
                    setAsked({
                      question: o.otherBoat
                        ? t('confirm.moveOtherBoat', { boat: o.otherBoat.title, date: canary.at(o.start) })
                        : t('confirm.move', { date: canary.at(o.start) }),
                      choice: { token, choice: 'move', slotId: o.slotId },
                    })
                  }
                >
                  {t('move')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <button
        type="button"
        className={`${button.outline} ${styles.wide}`}
        disabled={choose.isPending}
        onClick={() =>
          setAsked({
            question: t('confirm.refund', { amount: money(data.paid) }),
            choice: { token, choice: 'refund' },
          })
        }
      >
        {t('refund', { amount: money(data.paid) })}
      </button>
      {asked && (
        <div role="alertdialog" aria-labelledby="trip-change-question" className={styles.confirm}>
          <p id="trip-change-question">{asked.question}</p>
          <button
            type="button"
            className={button.primary}
            disabled={choose.isPending}
            onClick={() => {
              // Said before sending: the booking reloads paid once moved, and the page must keep
              // this panel to say what was done.
              onChosen?.();
              choose.mutate({ bookingId, choice: asked.choice });
            }}
          >
            {t('confirm.yes')}
          </button>{' '}
          <button type="button" className={button.outline} onClick={() => setAsked(null)}>
            {t('confirm.no')}
          </button>
        </div>
      )}
      {choose.isError && <p role="alert">{choose.error.message}</p>}
    </section>
  );
}
