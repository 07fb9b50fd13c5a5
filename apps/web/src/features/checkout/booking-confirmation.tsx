// Step three: the paid booking as the public view gives it, with one card per ticket.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { canaryTimeLabel, formatCanaryDate, hoursBetween, roundHours } from '@boats/domain/canary-time';
import { eurosToCents, formatMoney } from '@boats/domain/money';
import type { PublicBooking, Ticket } from '@boats/domain/schemas/booking';
import { currentLanguage } from '../../shared/i18n/i18n';
import { downloadSvg, printInWindow, ticketSvg } from './ticket-svg';
import styles from './checkout.module.css';

export function shortNumber(bookingId: string): string {
  return bookingId.slice(-8).toUpperCase();
}

export function BookingConfirmation({ booking, onBack }: { booking: PublicBooking; onBack: () => void }) {
  const { t } = useTranslation('booking');
  const locale = currentLanguage();
  const detailsRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const when = `${formatCanaryDate(booking.start, locale)} ${canaryTimeLabel(booking.start)}–${canaryTimeLabel(booking.end)}`;
  const harbour = booking.boat.port?.name ?? '';
  const p = booking.passengers;

  const svgOf = (ticket: Ticket) =>
    ticketSvg({
      code: ticket.code,
      boat: booking.boat.title,
      when,
      harbour,
      seatLabel: t('ticket.seat', { n: ticket.seatNo }),
      typeLabel: t(`bookingv2.pax.${ticket.passengerType}`),
      price: formatMoney(eurosToCents(ticket.pricePaid), locale),
      shortNumberLabel: t('ticket.code'),
    });

  return (
    <article className={styles.confirmation} ref={detailsRef} aria-labelledby="booking-done-title">
      <h3 id="booking-done-title" className={styles.doneTitle} tabIndex={-1} ref={headingRef}>
        {t('confirm.title')}
      </h3>
      <p className={styles.muted}>{t('confirm.thanks')}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('confirm.number')}</dt>
          <dd data-testid="booking-number">{shortNumber(booking._id)}</dd>
        </div>
        <div>
          <dt>{t('confirm.status')}</dt>
          <dd>{t(`status.${booking.status}`)}</dd>
        </div>
        <div>
          <dt>{t('confirm.boat')}</dt>
          <dd>{booking.boat.title}</dd>
        </div>
        {harbour && (
          <div>
            <dt>{t('info.harbour')}</dt>
            <dd>{harbour}</dd>
          </div>
        )}
        <div>
          <dt>{t('review.when')}</dt>
          <dd data-testid="booking-when">{when}</dd>
        </div>
        <div>
          <dt>{t('review.duration')}</dt>
          <dd>{t('duration.hours', { count: roundHours(hoursBetween(booking.start, booking.end)) })}</dd>
        </div>
        <div>
          <dt>{t('review.passengers')}</dt>
          <dd>
            {booking.type === 'shared'
              ? t('review.paxSummary', { adults: p.adults, children: p.child_u13, kids: p.child_u6 })
              : t('info.people', { count: booking.people })}
          </dd>
        </div>
        <div>
          <dt>{t('review.total')}</dt>
          <dd data-testid="booking-total">{formatMoney(eurosToCents(booking.amountGross), locale)}</dd>
        </div>
      </dl>

      {booking.tickets.length > 0 && (
        <section aria-labelledby="tickets-title">
          <h4 id="tickets-title" className={styles.subTitle}>
            {t('ticket.title', { count: booking.tickets.length })}
          </h4>
          <ul className={styles.tickets}>
            {booking.tickets.map((ticket) => (
              <li key={ticket.code} className={styles.ticket} data-testid="ticket-card">
                <p className={styles.ticketCode}>
                  {t('ticket.code')} <strong>{ticket.code}</strong>
                </p>
                <p>
                  {t('ticket.seat', { n: ticket.seatNo })} ·{' '}
                  <span data-testid="ticket-type">{t(`bookingv2.pax.${ticket.passengerType}`)}</span>
                </p>
                <p data-testid="ticket-price">{formatMoney(eurosToCents(ticket.pricePaid), locale)}</p>
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={styles.secondary}
                    onClick={() => downloadSvg(svgOf(ticket), `${ticket.code}.svg`)}
                    aria-label={t('ticket.downloadFor', { code: ticket.code })}
                  >
                    {t('ticket.download')}
                  </button>
                  <button
                    type="button"
                    className={styles.secondary}
                    onClick={() => printInWindow(ticket.code, svgOf(ticket))}
                    aria-label={t('ticket.printFor', { code: ticket.code })}
                  >
                    {t('ticket.print')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => printInWindow(t('confirm.title'), detailsRef.current?.outerHTML ?? '')}
        >
          {t('confirm.printPage')}
        </button>
        <button type="button" className={styles.primary} onClick={onBack}>
          {t('actions.back')}
        </button>
      </div>
    </article>
  );
}
