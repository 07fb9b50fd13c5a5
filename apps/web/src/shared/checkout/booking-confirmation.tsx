// Step three: the paid booking as the public view gives it: where and when to meet (a booking
// made the day before gets no reminder), "Add to calendar", and one card per ticket. A canceled
// or refunded booking says so in its heading and its tickets are void: no QR code to scan.
// "Download all tickets (PDF)" makes one A4 page per ticket in the browser (tickets-pdf.ts, loaded
// on the first click).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { canaryTimeLabel, hoursBetween, roundHours } from '@boats/domain/canary-time';
import { useCanaryTimeText } from '../i18n/canary-time-text';
import { localized } from '@boats/domain/boat-card';
import { isUpcomingStatus } from '@boats/domain/booking-status';
import { licenceLineKey } from '@boats/domain/licences';
import { calendarEvent, meetingMapUrl } from '@boats/domain/calendar-event';
import { bookingReference } from '@boats/domain/booking-reference';
import { eurosToCents, formatMoney } from '@boats/domain/money';
import type { PublicBooking, Ticket } from '@boats/domain/schemas/booking';
import { partySummary } from '../i18n/party-summary';
import { basePriceText } from './base-price';
import { TicketQr } from './ticket-qr';
import { VoucherLines } from './voucher-lines';
import { BookingInvoices } from './booking-invoices';
import { downloadFile, saveFile } from '../ui/download-file';
import { downloadSvg, printInWindow, ticketSvg } from './ticket-svg';
import button from '../ui/button.module.css';
import styles from './checkout.module.css';
import { paths } from '../paths';
import { useLanguage } from '../i18n/use-language';

export function BookingConfirmation({
  booking,
  onBack,
  heading,
  headingLevel = 3,
  backLabel,
  manageToken,
}: {
  booking: PublicBooking;
  onBack: () => void;
  /** Manage my booking says "Your booking" rather than "Booking confirmed". */
  heading?: string;
  /** 3 inside the booking flow (under its h2), 2 under a page's own h1, 1 as the page itself. */
  headingLevel?: 1 | 2 | 3;
  backLabel?: string;
  /** Manage my booking's token: lets the customer ask for a full invoice here. */
  manageToken?: string;
}) {
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1] ?? 'h3';
  const SubHeading = (['h2', 'h3', 'h4'] as const)[headingLevel - 1] ?? 'h4';
  const { t } = useTranslation(['booking', 'email', 'common']);
  const locale = useLanguage();
  const canary = useCanaryTimeText(locale);
  const detailsRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  // On screen, on the SVG and PDF tickets and on the printout: a tourist may read it in another zone.
  const when = canary.span(booking.start, booking.end);
  // The viewer's language, whatever language the booking was made in.
  const boatTitle = localized(booking.boat.titleI18n, booking.boat.title, locale);
  const harbour = localized(booking.boat.harbourI18n?.name, booking.boat.port?.name ?? '', locale);
  const address = localized(booking.boat.harbourI18n?.address, booking.boat.port?.address ?? '', locale);
  const meetingNote = localized(booking.boat.harbourI18n?.note, '', locale);
  const party = partySummary(t, booking.passengers);
  const live = isUpcomingStatus(booking.status);
  // What the customer paid: the price less the platform's cover of a dearer boat they were moved to.
  const coverCents = eurosToCents(booking.platformCover ?? 0);
  const paidCents = eurosToCents(booking.amountGross) - coverCents;
  const voided = booking.status === 'canceled' || booking.status === 'refunded';
  // Request-to-book: the card is authorized, not charged, until the owner accepts.
  const requested = booking.status === 'requested';
  const title = voided
    ? t(booking.status === 'refunded' ? 'confirm.refundedTitle' : 'confirm.canceledTitle')
    : requested
      ? t('confirm.requestedTitle')
      : (heading ?? t('confirm.title'));
  const addToCalendar = () =>
    downloadFile(
      calendarEvent({
        // The e-mail's attachment has the same uid, so a calendar keeps one event.
        uid: `${booking._id}@adboatrental`,
        start: new Date(booking.start),
        end: new Date(booking.end),
        stamp: new Date(),
        summary: boatTitle,
        location: [address || harbour, meetingNote].filter(Boolean).join(' — '),
        // Manage my booking finds it by its number and e-mail: a calendar may be shared or
        // synced, so the event carries no key that would open the booking by itself.
        description: `${t('common:labelled', { label: t('confirm.number'), value: bookingReference(booking._id) })}\n${window.location.origin}${paths.manageBooking.getHref()}`,
      }),
      'text/calendar',
      `booking-${bookingReference(booking._id)}.ics`,
    );
  // A self-drive boat: bring the skipper's licence (domain licences), on screen and on every ticket.
  const licenceText = booking.licence
    ? t(licenceLineKey('bringLicence', booking.foreignLicenceAccepted ?? true), {
        ns: 'common',
        licence: t(`licences.${booking.licence}`, { ns: 'common' }),
      })
    : null;
  // The boat's security deposit: how much, when it is held on the card, when it is released.
  const depositText =
    live && booking.deposit
      ? t('confirm.deposit', { amount: formatMoney(eurosToCents(booking.deposit.amount), locale) })
      : null;
  // A shared trip still below its minimum after this sale: said again, as the review said it.
  const minimumText =
    live && booking.minimum
      ? t('review.minimumUntilCutoff', {
          count: booking.minimum.seats,
          time: canary.at(booking.minimum.cutoffAt),
        })
      : null;
  // On a ticket the licence stands alone, away from the list of what to bring: it says so.
  const ticketNotes = live
    ? [minimumText, licenceText && t('ticket.bring', { what: licenceText })].filter(
        (x): x is string => typeof x === 'string',
      )
    : [];
  const ticketLine = (ticket: Ticket) =>
    ticket.kind === 'boarding_pass'
      ? { seat: t('ticket.boardingPass'), type: t('info.people', { count: booking.people }) }
      : { seat: t('ticket.seat', { n: ticket.seatNo }), type: t(`bookingv2.pax.${ticket.passengerType}`) };

  const [pdf, setPdf] = useState<'idle' | 'making' | 'failed'>('idle');
  const downloadPdf = async () => {
    setPdf('making');
    try {
      const { ticketsPdf } = await import('./tickets-pdf');
      const reference = bookingReference(booking._id);
      const bytes = await ticketsPdf({
        language: locale,
        title: t('ticket.pdfTitle', { boat: boatTitle, count: booking.tickets.length }),
        boat: boatTitle,
        // The time says it is Canary time: no second note saying so.
        when,
        referenceLine: t('common:labelled', { label: t('confirm.number'), value: reference }),
        meeting: {
          title: t('common.meetingPoint', { ns: 'email' }),
          harbour,
          address,
          note: meetingNote,
          arrive: t('reminder.arrive', { ns: 'email', time: canaryTimeLabel(booking.start) }),
        },
        notes: ticketNotes,
        codeLabel: t('ticket.code'),
        tickets: booking.tickets.map((ticket) => ({
          code: ticket.code,
          seat: ticketLine(ticket).seat,
          type: ticketLine(ticket).type,
          price: formatMoney(eurosToCents(ticket.pricePaid), locale),
        })),
      });
      saveFile(new Blob([bytes as BlobPart], { type: 'application/pdf' }), `tickets-${reference}.pdf`);
      setPdf('idle');
    } catch {
      setPdf('failed');
    }
  };

  const svgOf = (ticket: Ticket) =>
    ticketSvg({
      code: ticket.code,
      boat: boatTitle,
      when,
      harbour,
      seatLabel: ticketLine(ticket).seat,
      typeLabel: ticketLine(ticket).type,
      price: formatMoney(eurosToCents(ticket.pricePaid), locale),
      shortNumberLabel: t('ticket.code'),
      notes: ticketNotes,
    });

  return (
    <article className={styles.confirmation} ref={detailsRef} aria-labelledby="booking-done-title">
      <Heading id="booking-done-title" className={styles.doneTitle} tabIndex={-1} ref={headingRef}>
        {title}
      </Heading>
      {voided && <p className={styles.muted}>{t('confirm.canceledText')}</p>}
      {requested && <p className={styles.muted}>{t('confirm.requestedText')}</p>}
      {!heading && live && (
        <p className={styles.muted}>
          {t(
            booking.tickets.some((x) => x.kind === 'boarding_pass')
              ? 'confirm.thanksBoardingPass'
              : 'confirm.thanks',
          )}
        </p>
      )}
      {minimumText && (
        <p className={styles.notice} data-testid="booking-minimum">
          {minimumText}
        </p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>{t('confirm.number')}</dt>
          <dd data-testid="booking-number">{bookingReference(booking._id)}</dd>
        </div>
        <div>
          <dt>{t('confirm.status')}</dt>
          <dd>{t(`status.${booking.status}`)}</dd>
        </div>
        <div>
          <dt>{t('confirm.boat')}</dt>
          <dd>{boatTitle}</dd>
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
          <dd>{party || t('info.people', { count: booking.people })}</dd>
        </div>
        <div>
          <dt>{t('review.price')}</dt>
          <dd data-testid="booking-price">{basePriceText(t, booking, locale)}</dd>
        </div>
        {booking.extras?.map((line) => (
          <div key={line.id}>
            <dt>{localized(line.name, line.name.en, locale)}</dt>
            <dd data-testid="booking-extra">
              {t('extras.line', {
                count: line.quantity,
                price: formatMoney(eurosToCents(line.unitPrice), locale),
                total: formatMoney(eurosToCents(line.total), locale),
              })}
            </dd>
          </div>
        ))}
        {booking.promo && (
          <div>
            <dt>{t('promo.line', { code: booking.promo.code })}</dt>
            <dd data-testid="booking-discount">
              −{formatMoney(eurosToCents(booking.promo.discount), locale)}
            </dd>
          </div>
        )}
        {coverCents > 0 && (
          // The platform's cover of a dearer boat it moved the customer to: not theirs to have paid.
          <div>
            <dt>{t('confirmed.platformCover', { ns: 'email' })}</dt>
            <dd data-testid="booking-cover">−{formatMoney(coverCents, locale)}</dd>
          </div>
        )}
        <div>
          <dt>{t('review.total')}</dt>
          <dd data-testid="booking-total">{formatMoney(paidCents, locale)}</dd>
        </div>
      </dl>
      {booking.voucherAmount !== undefined && booking.voucherAmount > 0 && (
        <VoucherLines
          voucherCents={eurosToCents(booking.voucherAmount)}
          cardCents={paidCents - eurosToCents(booking.voucherAmount)}
          paid
        />
      )}

      {live && (
        <section aria-labelledby="meeting-title" className={styles.meeting} data-testid="meeting-point">
          <SubHeading id="meeting-title" className={styles.subTitle}>
            {t('common.meetingPoint', { ns: 'email' })}
          </SubHeading>
          <p>
            <strong>{harbour}</strong>
            {address && address !== harbour && <> · {address}</>}
          </p>
          {meetingNote && <p data-testid="meeting-note">{meetingNote}</p>}
          <p>{t('reminder.arrive', { ns: 'email', time: canaryTimeLabel(booking.start) })}</p>
          <p>
            <a href={meetingMapUrl(address, harbour)} target="_blank" rel="noopener noreferrer">
              {t('meeting.map')}
            </a>
          </p>
          {depositText && <p data-testid="deposit-note">{depositText}</p>}
          <SubHeading className={styles.subTitle}>{t('reminder.bringTitle', { ns: 'email' })}</SubHeading>
          <ul>
            {licenceText && <li data-testid="bring-licence">{licenceText}</li>}
            {(['sun', 'swim', 'layer', 'tickets'] as const).map((k) => (
              <li key={k}>{t(`reminder.bring.${k}`, { ns: 'email' })}</li>
            ))}
          </ul>
          <button type="button" className={button.outline} onClick={addToCalendar}>
            {t('meeting.calendar')}
          </button>
        </section>
      )}

      {booking.tickets.length > 0 && (
        <section aria-labelledby="tickets-title">
          <SubHeading id="tickets-title" className={styles.subTitle}>
            {t('ticket.title', { count: booking.tickets.length })}
          </SubHeading>
          {!voided && (
            <div className={styles.actions}>
              <button
                type="button"
                className={button.primary}
                disabled={pdf === 'making'}
                onClick={() => void downloadPdf()}
              >
                {pdf === 'making'
                  ? t('ticket.pdfMaking')
                  : t('ticket.pdf', { count: booking.tickets.length })}
              </button>
              {pdf === 'failed' && <p role="alert">{t('ticket.pdfFailed')}</p>}
            </div>
          )}
          <ul className={styles.tickets}>
            {booking.tickets.map((ticket) => (
              <li
                key={ticket.code}
                className={voided ? `${styles.ticket} ${styles.ticketVoid}` : styles.ticket}
                data-testid="ticket-card"
              >
                <p className={styles.ticketCode}>
                  {t('ticket.code')} {voided ? <s>{ticket.code}</s> : <strong>{ticket.code}</strong>}
                </p>
                <p>
                  {ticketLine(ticket).seat} · <span data-testid="ticket-type">{ticketLine(ticket).type}</span>
                </p>
                {voided ? (
                  <p className={styles.voidMark}>{t('ticket.void')}</p>
                ) : (
                  <TicketQr code={ticket.code} label={t('ticket.qrFor', { code: ticket.code })} />
                )}
                <p data-testid="ticket-price">{formatMoney(eurosToCents(ticket.pricePaid), locale)}</p>
                {!voided && (
                  <div className={styles.actions}>
                    <button
                      type="button"
                      className={button.outline}
                      onClick={() => downloadSvg(svgOf(ticket), `${ticket.code}.svg`)}
                      aria-label={t('ticket.downloadFor', { code: ticket.code })}
                    >
                      {t('ticket.download')}
                    </button>
                    <button
                      type="button"
                      className={button.outline}
                      onClick={() => printInWindow(ticket.code, svgOf(ticket))}
                      aria-label={t('ticket.printFor', { code: ticket.code })}
                    >
                      {t('ticket.print')}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {/* Invoices exist once the sale happened (docs/invoicing.md#customers-invoices-in-the-owners-name). */}
      {booking.status !== 'pending' && booking.status !== 'requested' && (
        <BookingInvoices
          bookingId={booking._id}
          manageToken={manageToken}
          headingLevel={(headingLevel + 1) as 2 | 3 | 4}
        />
      )}

      {!heading && (
        <p className={styles.muted}>
          {t('confirm.manageHint')}{' '}
          <Link to={paths.manageBooking.getHref()}>{t('menu.myBooking', { ns: 'common' })}</Link>
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={button.outline}
          onClick={() => printInWindow(title, detailsRef.current?.outerHTML ?? '')}
        >
          {t('confirm.printPage')}
        </button>
        {/* On manage my booking (its token given) "Find another booking" gives way to the
            booking's own actions; after a sale going back is the one next step. */}
        <button type="button" className={manageToken ? button.secondary : button.primary} onClick={onBack}>
          {backLabel ?? t('actions.back')}
        </button>
      </div>
    </article>
  );
}
