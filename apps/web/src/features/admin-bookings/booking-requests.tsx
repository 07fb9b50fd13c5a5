// Requests first (docs/back-office.md#requests): the bookings of request-to-book boats waiting
// for their owner's answer, whatever their month, each with its deadline, Accept (the card is
// charged, tickets follow) and Decline with a reason code the customer reads in their own language
// (a note, staff's own words, stays in the booking's history). A request answered
// stays as a line saying what was done, its new status and the month it is in, with a button that
// shows that month.
import { canaryYearMonth, formatCanaryDateTime, formatCanaryMonthYear } from '@boats/domain/canary-time';
import {
  REQUEST_DECLINE_REASONS,
  requestDeclineSchema,
  type RequestDecline,
} from '@boats/domain/schemas/request-to-book';
import type { AdminBooking } from '@boats/domain/schemas/booking';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import { Button } from '../../shared/ui/button';
import { Card } from '../../shared/ui/card';
import { Form, FormField, useZodForm } from '../../shared/ui/form';
import { useAnswerRequest, type RequestAnswer } from './api/answer-request';
import { useBookings } from './api/get-bookings';
import {
  boatLabel,
  bookingDate,
  bookingRef,
  bookingTimeRange,
  money,
  moneyOf,
  people,
} from './booking-format';
import styles from './admin-bookings.module.css';

const REQUESTS = {
  start: '',
  end: '',
  status: 'requested',
  type: '',
  channel: '',
  q: '',
  sort: 'asc',
} as const;

/** A request answered on this page: the booking as the answer left it. */
export type AnsweredRequest = { kind: RequestAnswer['kind']; booking: AdminBooking };

export function BookingRequests({
  answered,
  onAnswered,
  onShowMonth,
}: {
  answered: readonly AnsweredRequest[];
  onAnswered: (done: AnsweredRequest) => void;
  onShowMonth: (month: { year: number; month: number }) => void;
}) {
  const { t } = useTranslation('admin-bookings');
  const list = useBookings(REQUESTS);
  const answer = useAnswerRequest();
  const errorText = useAdminErrorText();
  const items = list.data?.items ?? [];
  const send = async (booking: AdminBooking, reply: RequestAnswer) => {
    const after = await answer.mutateAsync({ booking, answer: reply });
    onAnswered({ kind: reply.kind, booking: after });
  };
  if (items.length === 0 && answered.length === 0) return null;
  return (
    <section
      className={styles.requests}
      aria-labelledby={items.length > 0 ? 'booking-requests' : 'requests-answered'}
    >
      {items.length > 0 && (
        <>
          <h2 id="booking-requests" className={styles.requestsTitle}>
            {t('requests.title', { count: items.length })}
          </h2>
          <p className={styles.requestsHint}>{t('requests.hint')}</p>
        </>
      )}
      {answer.error && <Banner tone="error">{errorText(answer.error)}</Banner>}
      {items.map((booking) => (
        <RequestCard
          key={booking._id}
          booking={booking}
          busy={answer.isPending && answer.variables.booking._id === booking._id}
          onAccept={() => send(booking, { kind: 'accept' })}
          onDecline={(decline) => send(booking, { kind: 'decline', decline })}
        />
      ))}
      {answered.length > 0 && <AnsweredList answered={answered} onShowMonth={onShowMonth} />}
    </section>
  );
}

function AnsweredList({
  answered,
  onShowMonth,
}: {
  answered: readonly AnsweredRequest[];
  onShowMonth: (month: { year: number; month: number }) => void;
}) {
  const { t } = useTranslation('admin-bookings');
  const locale = currentLanguage();
  return (
    <div role="status" aria-labelledby="requests-answered">
      <h3 id="requests-answered" className={styles.requestsTitle}>
        {t('requests.done.title')}
      </h3>
      <ul className={styles.answered}>
        {answered.map(({ kind, booking }) => {
          const where = canaryYearMonth(booking.start);
          const month = formatCanaryMonthYear(where.year, where.month, locale);
          return (
            <li key={booking._id}>
              {t(`requests.done.${kind}`, {
                ref: bookingRef(booking),
                boat: boatLabel(booking, locale),
                when: `${bookingDate(booking, locale)} ${bookingTimeRange(booking)}`,
                status: t(`status.${booking.status}`),
                month,
              })}{' '}
              <Button variant="outline" size="small" onClick={() => onShowMonth(where)}>
                {t('requests.done.show', { month })}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function RequestCard({
  booking,
  busy,
  onAccept,
  onDecline,
}: {
  booking: AdminBooking;
  busy: boolean;
  onAccept: () => Promise<unknown>;
  onDecline: (decline: RequestDecline) => Promise<unknown>;
}) {
  const { t } = useTranslation('admin-bookings');
  const locale = currentLanguage();
  const [declining, setDeclining] = useState(false);
  return (
    <Card
      className={styles.request}
      role="article"
      aria-label={`${t('status.requested')} ${bookingRef(booking)}`}
    >
      <p className={styles.requestWhat}>
        <strong>{boatLabel(booking, locale)}</strong> · {bookingDate(booking, locale)}{' '}
        {bookingTimeRange(booking)}
      </p>
      <p>
        {bookingRef(booking)} · {booking.customer?.name ?? ''} ·{' '}
        {t('requests.people', { count: people(booking) })} · {money(moneyOf(booking).shown)}
      </p>
      {booking.requestDecideBy && (
        <p className={styles.requestDeadline}>
          {t('requests.answerBy', { deadline: formatCanaryDateTime(booking.requestDecideBy, locale) })}
        </p>
      )}
      {declining ? (
        <DeclineForm onCancel={() => setDeclining(false)} onDecline={onDecline} />
      ) : (
        <div className={styles.requestActions}>
          <Button disabled={busy} onClick={() => void onAccept().catch(() => {})}>
            {busy ? t('requests.accepting') : t('requests.accept')}
          </Button>
          <Button variant="outline" tone="danger" disabled={busy} onClick={() => setDeclining(true)}>
            {t('requests.decline')}
          </Button>
        </div>
      )}
    </Card>
  );
}

function DeclineForm({
  onCancel,
  onDecline,
}: {
  onCancel: () => void;
  onDecline: (decline: RequestDecline) => Promise<unknown>;
}) {
  const { t } = useTranslation('admin-bookings');
  const form = useZodForm<typeof requestDeclineSchema>(requestDeclineSchema, { defaultValues: { note: '' } });
  const hintId = useId();
  return (
    <Form form={form} onSubmit={async (decline) => onDecline(decline)}>
      <fieldset className={styles.declineReasons} aria-describedby={hintId}>
        <legend>{t('requests.reason')}</legend>
        <p id={hintId} className={styles.declineHint}>
          {t('requests.reasonHint')}
        </p>
        {REQUEST_DECLINE_REASONS.map((code) => (
          <label key={code}>
            <input type="radio" value={code} {...form.register('reasonCode')} />{' '}
            {t(`requests.reasons.${code}`)}
          </label>
        ))}
        {form.formState.errors.reasonCode && <p role="alert">{t('requests.reasonRequired')}</p>}
      </fieldset>
      <FormField
        name="note"
        as="textarea"
        rows={2}
        label={t('requests.note')}
        hint={t('requests.noteHint')}
      />
      <div className={styles.requestActions}>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('requests.declining') : t('requests.confirmDecline')}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {t('requests.keep')}
        </Button>
      </div>
    </Form>
  );
}
