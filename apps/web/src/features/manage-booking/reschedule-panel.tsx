// Changing the date on manage my booking: the boat's reschedule policy first (until when, how many
// times, the fee), then the trips of the boat with room for the party (a charter: the starts for a
// length chosen from the boat's), each with its new price and the difference; a trip is chosen,
// its money shown once more, and only an explicit press moves the booking for exactly that
// difference. A dearer trip is then held for the customer while the booking's card form pays the
// difference; Back gives the held seats up. A card that asks 3-D Secure leaves for its bank page,
// which comes back to manage my booking with the payment in the address (`bankReturn`): the panel
// opens again, confirms that payment once (or, refused, gives the held seats up) and says what
// became of the date.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDateKey } from '@boats/domain/canary-time';
import { eurosToCents, formatEuros } from '@boats/domain/money';
import { MOVE_HORIZON_DAYS } from '@boats/domain/trip-move';
import type { RescheduleOption } from '@boats/domain/schemas/manage-booking';
import { ApiError } from '../../shared/api/http';
import { CardPaymentForm } from '../../shared/checkout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useCanaryTimeText } from '../../shared/i18n/canary-time-text';
import { Banner } from '../../shared/ui/banner';
import { DateInput } from '../../shared/ui/date-input';
import { useReschedulePolicyText } from '../../shared/ui/reschedule-policy-text';
import button from '../../shared/ui/button.module.css';
import { useRescheduleOffers } from './api/get-reschedule-offers';
import { useRescheduleBooking } from './api/reschedule-booking';
import { useConfirmReschedulePayment } from './api/confirm-reschedule-payment';
import { useReleaseRescheduleHold } from './api/release-reschedule-hold';
import styles from './manage-booking.module.css';

/** Back from the card's bank page: the payment it authenticated, or that it refused. */
export type BankReturn = { intentId: string; refused: boolean };

export function ReschedulePanel({
  bookingId,
  token,
  bankReturn,
  onBankReturnTaken,
}: {
  bookingId: string;
  token: string;
  bankReturn?: BankReturn | undefined;
  /** The return has been acted on: the page takes the payment out of its address. */
  onBankReturnTaken?: () => void;
}) {
  const [open, setOpen] = useState(Boolean(bankReturn));
  const { t } = useTranslation('manage');
  if (!open) {
    return (
      <button type="button" className={button.outline} onClick={() => setOpen(true)}>
        {t('reschedule.open')}
      </button>
    );
  }
  return (
    <RescheduleChoice
      bookingId={bookingId}
      token={token}
      onClose={() => setOpen(false)}
      bankReturn={bankReturn}
      onBankReturnTaken={onBankReturnTaken}
    />
  );
}

function RescheduleChoice({
  bookingId,
  token,
  onClose,
  bankReturn,
  onBankReturnTaken,
}: {
  bookingId: string;
  token: string;
  onClose: () => void;
  bankReturn: BankReturn | undefined;
  onBankReturnTaken: (() => void) | undefined;
}) {
  const { t } = useTranslation('manage');
  const lang = currentLanguage();
  const canary = useCanaryTimeText(lang);
  const money = (euros: number) => formatEuros(euros, lang);
  const policyText = useReschedulePolicyText();
  const [hours, setHours] = useState<number | undefined>(undefined);
  // A day the customer picked (within the move's horizon); none: the soonest trips ahead.
  const [day, setDay] = useState<string | undefined>(undefined);
  const offers = useRescheduleOffers(bookingId, token, hours, day);
  const move = useRescheduleBooking();
  const pay = useConfirmReschedulePayment();
  const release = useReleaseRescheduleHold();
  const [chosen, setChosen] = useState<RescheduleOption | null>(null);
  // Refused on the bank page: nothing was charged, the booking keeps its date.
  const [bankRefused] = useState(() => bankReturn?.refused ?? false);
  const returnTaken = useRef(false);
  useEffect(() => {
    if (!bankReturn || returnTaken.current) return;
    returnTaken.current = true;
    if (bankReturn.refused) release.mutate({ id: bookingId, token });
    else pay.mutate({ id: bookingId, token, paymentIntentId: bankReturn.intentId });
    onBankReturnTaken?.();
  }, [bankReturn, bookingId, token, pay, release, onBankReturnTaken]);

  const differenceText = (o: RescheduleOption) =>
    o.difference > 0
      ? t('reschedule.more', { amount: money(o.difference) })
      : o.difference < 0
        ? t('reschedule.back', { amount: money(-o.difference) })
        : t('reschedule.same');

  const moved = pay.data ?? (move.data && !move.data.payment ? move.data : undefined);
  // What the step leads to is brought into view: on a phone the page stays where the tapped trip
  // was, low in the list by the footer, with the chosen trip's money and its confirm above; back
  // from the bank page it opens at the top, with the outcome (done, or refused) far below.
  // Centred, not flush with the window's top edge: at 1440 px 'start' left the quote against the
  // edge with the panel's heading and policy cut off above it and the footer filling the rest.
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (chosen) summaryRef.current?.scrollIntoView({ block: 'center' });
  }, [chosen]);
  const [fromBank] = useState(() => bankReturn !== undefined);
  const resultRef = useRef<HTMLElement>(null);
  const bankOutcome = fromBank && (moved !== undefined || bankRefused || pay.isError);
  useEffect(() => {
    if (bankOutcome) resultRef.current?.scrollIntoView({ block: 'start' });
  }, [bankOutcome]);
  if (moved) {
    return (
      <section ref={resultRef} className={styles.cancel} aria-labelledby="reschedule-title">
        <h2 id="reschedule-title" className={styles.sectionTitle}>
          {t('reschedule.title')}
        </h2>
        <Banner tone="success">
          {t('reschedule.done', { when: canary.span(moved.booking.start, moved.booking.end) })}
          {'refunded' in moved &&
            moved.refunded > 0 &&
            ` ${t('reschedule.doneRefund', { amount: money(moved.refunded) })}`}
          {'paid' in moved && ` ${t('reschedule.donePaid', { amount: money(moved.paid) })}`}
        </Banner>
      </section>
    );
  }

  const payment = move.data?.payment;
  if (payment && chosen) {
    // The dearer trip is held: the booking's card form pays the difference.
    const giveUp = () =>
      release.mutate(
        { id: bookingId, token },
        {
          onSettled: () => {
            move.reset();
            setChosen(null);
          },
        },
      );
    return (
      <section className={styles.cancel} aria-labelledby="reschedule-title">
        <h2 id="reschedule-title" className={styles.sectionTitle}>
          {t('reschedule.payTitle')}
        </h2>
        <p className={styles.refund}>{canary.span(chosen.start, chosen.end)}</p>
        <p className={styles.muted} data-testid="reschedule-held">
          {t('reschedule.held', { amount: money(payment.amount), when: canary.at(payment.holdExpiresAt) })}
        </p>
        {pay.isPending && <p role="status">{t('reschedule.confirming')}</p>}
        {pay.isError && (
          <Banner tone="error">
            {pay.error instanceof ApiError && pay.error.code === 'reschedule_released'
              ? t('reschedule.released')
              : pay.error.message}
          </Banner>
        )}
        {!pay.isPending && (
          <CardPaymentForm
            clientSecret={payment.clientSecret}
            amountCents={eurosToCents(payment.amount)}
            returnUrl={window.location.href}
            onPaid={(paymentIntentId) => pay.mutate({ id: bookingId, token, paymentIntentId })}
            onBack={giveUp}
          />
        )}
      </section>
    );
  }

  const data = offers.data;
  const refusal = move.error instanceof ApiError ? move.error.code : undefined;
  return (
    <section ref={resultRef} className={styles.cancel} aria-labelledby="reschedule-title">
      <h2 id="reschedule-title" className={styles.sectionTitle}>
        {t('reschedule.title')}
      </h2>
      {pay.isPending && <p role="status">{t('reschedule.confirming')}</p>}
      {bankRefused && <Banner tone="error">{t('reschedule.bankRefused')}</Banner>}
      {pay.isError && !payment && (
        <Banner tone="error">
          {pay.error instanceof ApiError && pay.error.code === 'reschedule_released'
            ? t('reschedule.released')
            : pay.error.message}
        </Banner>
      )}
      {offers.isPending && <p role="status">{t('reschedule.loading')}</p>}
      {offers.isError && <Banner tone="error">{t('failed')}</Banner>}
      {data && (
        <p className={styles.muted} data-testid="reschedule-policy">
          {policyText(data.policy)}
        </p>
      )}
      {data && !data.allowed && data.reason && data.policy.allowed && (
        <Banner tone="info">{t(`reschedule.refused.${data.reason}`)}</Banner>
      )}
      {data?.allowed && data.closesAt && (
        <p className={styles.muted}>
          {t('reschedule.until', { when: canary.at(data.closesAt), count: data.timesLeft })}
        </p>
      )}
      {data?.allowed && data.charterHours && !chosen && (
        <p>
          <label htmlFor="reschedule-hours">{t('reschedule.length')}</label>{' '}
          <select
            id="reschedule-hours"
            value={data.charterHours.chosen}
            onChange={(e) => setHours(Number(e.target.value))}
          >
            {lengthsOf(data.charterHours).map((n) => (
              <option key={n} value={n}>
                {t('reschedule.hours', { count: n })}
              </option>
            ))}
          </select>
        </p>
      )}
      {data?.allowed && !chosen && (
        <p>
          <label htmlFor="reschedule-day">{t('reschedule.day')}</label>{' '}
          <DateInput
            id="reschedule-day"
            value={day ?? ''}
            onChange={(picked) => setDay(isDateKey(picked) ? picked : undefined)}
          />{' '}
          <span className={styles.muted}>{t('reschedule.dayHint', { days: MOVE_HORIZON_DAYS })}</span>
        </p>
      )}
      {refusal === 'trip_unavailable' && <Banner tone="error">{t('reschedule.gone')}</Banner>}
      {refusal === 'difference_changed' && <Banner tone="info">{t('reschedule.changed')}</Banner>}
      {move.isError && refusal !== 'trip_unavailable' && refusal !== 'difference_changed' && (
        <Banner tone="error">{move.error.message}</Banner>
      )}
      {data?.allowed && data.options.length === 0 && <Banner tone="info">{t('reschedule.noTrips')}</Banner>}
      {data?.allowed && data.options.length > 0 && !chosen && (
        <ul className={styles.tripList} aria-label={t('reschedule.trips')}>
          {data.options.map((o) => (
            <li key={o.slotId}>
              <button type="button" className={button.outline} onClick={() => setChosen(o)}>
                <span>{canary.span(o.start, o.end)}</span>
                <span>
                  {money(o.newTotal)} · {differenceText(o)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <div ref={summaryRef} role="group" aria-labelledby="reschedule-summary">
          <p id="reschedule-summary" className={styles.refund}>
            {canary.span(chosen.start, chosen.end)}
          </p>
          <dl className={styles.summary}>
            <dt>{t('reschedule.tripPrice')}</dt>
            <dd>{money(chosen.tripPrice)}</dd>
            {chosen.extras > 0 && (
              <>
                <dt>{t('reschedule.extras')}</dt>
                <dd>{money(chosen.extras)}</dd>
              </>
            )}
            {chosen.discount > 0 && (
              <>
                <dt>{t('reschedule.discount')}</dt>
                <dd>−{money(chosen.discount)}</dd>
              </>
            )}
            {chosen.fee > 0 && (
              <>
                <dt>{t('reschedule.fee')}</dt>
                <dd>{money(chosen.fee)}</dd>
              </>
            )}
            <dt>{t('reschedule.newTotal')}</dt>
            <dd>{money(chosen.newTotal)}</dd>
            <dt>{t('reschedule.paid')}</dt>
            <dd>{money(data?.paid ?? 0)}</dd>
            <dt>{t('reschedule.difference')}</dt>
            <dd data-testid="reschedule-difference">{differenceText(chosen)}</dd>
          </dl>
          <div className={styles.actions}>
            <button
              type="button"
              className={button.primary}
              disabled={move.isPending}
              aria-busy={move.isPending}
              onClick={() =>
                move.mutate(
                  {
                    id: bookingId,
                    token,
                    slotId: chosen.slotId,
                    hours: data?.charterHours ? chosen.hours : undefined,
                    expectedDifference: chosen.difference,
                  },
                  { onError: () => setChosen(null) },
                )
              }
            >
              {move.isPending
                ? t('reschedule.pending')
                : chosen.difference > 0
                  ? t('reschedule.confirmDearer', { amount: money(chosen.difference) })
                  : t('reschedule.confirm')}
            </button>
            <button type="button" className={button.secondary} onClick={() => setChosen(null)}>
              {t('reschedule.otherTrip')}
            </button>
          </div>
        </div>
      )}
      {!chosen && (
        <div className={styles.actions}>
          <button type="button" className={button.secondary} onClick={onClose}>
            {t('reschedule.keep')}
          </button>
        </div>
      )}
    </section>
  );
}

/** A charter's lengths to choose from, in whole hours. */
function lengthsOf(range: { min: number; max: number }): number[] {
  return Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i);
}
