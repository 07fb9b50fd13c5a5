// Everything docs/product.md §2 lists for one booking: status, when, who, the money split, seats or
// passengers, tickets, and the recorded history of status changes.
import { localized } from '@boats/domain/boat-card';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import type { AdminBooking } from '@boats/domain/schemas/booking';
import { goodwillMaxCents, mayRefundAsGoodwill } from '@boats/domain/goodwill-refund';
import { eurosToCents } from '@boats/domain/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Button } from '../../shared/ui/button';
import { DialogActions, Modal } from '../../shared/ui/modal';
import { Table } from '../../shared/ui/table';
import type { BookingAction } from './bookings-api';
import { BookingAudit } from './booking-audit';
import { BookingLedger } from './booking-ledger';
import {
  actionsOf,
  averagePrice,
  boatLabel,
  bookingDate,
  bookingHours,
  bookingRef,
  bookingTimeRange,
  money,
  moneyOf,
  people,
} from './booking-format';
import { EmailText } from '../../shared/ui/email-text';
import { telHref } from '../../shared/ui/tel-href';
import { BookingActionButton } from './booking-action-button';
import { historyTextOptions } from './history-text';
import { PaymentLinkNotice } from './payment-link-notice';
import { StatusBadge } from './status-badge';
import styles from './admin-bookings.module.css';

export type BookingDetailsModalProps = {
  booking: AdminBooking | null;
  onClose: () => void;
  busy: boolean;
  /** The action running on this booking, if any. */
  busyAction?: BookingAction | null;
  onAction: (action: BookingAction, booking: AdminBooking) => void;
  /** Opens "Refund part as a goodwill gesture" (a booking that sails or sailed, with money on it). */
  onGoodwill?: (booking: AdminBooking) => void;
};

export function BookingDetailsModal({
  booking,
  onClose,
  busy,
  busyAction,
  onAction,
  onGoodwill,
}: BookingDetailsModalProps) {
  const { t } = useTranslation('admin-bookings');
  const actions = booking ? actionsOf(booking) : [];
  const gesture = booking !== null && onGoodwill !== undefined && offersGoodwill(booking);
  return (
    <Modal
      open={booking !== null}
      onClose={onClose}
      title={booking ? `${t('details.title')} ${bookingRef(booking)}` : ''}
      closeLabel={t('details.close')}
      size="large"
      footer={
        <DialogActions>
          {booking &&
            actions.map((action) => (
              <BookingActionButton
                key={action}
                action={action}
                disabled={busy}
                pending={busy && busyAction === action}
                onClick={() => onAction(action, booking)}
              />
            ))}
          {booking && gesture && (
            <Button variant="outline" size="small" disabled={busy} onClick={() => onGoodwill(booking)}>
              {t('action.goodwill')}
            </Button>
          )}
          <Button variant="outline" size="compact" onClick={onClose}>
            {t('details.close')}
          </Button>
        </DialogActions>
      }
    >
      {booking && <Details booking={booking} />}
    </Modal>
  );
}

function Details({ booking: b }: { booking: AdminBooking }) {
  const { t } = useTranslation('admin-bookings');
  const locale = currentLanguage();
  const avg = averagePrice(b);
  const facts: [string, ReactNode][] = [
    [t('details.status'), <StatusBadge key="s" status={b.status} choiceDeadline={b.choiceDeadline} />],
    [t('details.boat'), boatLabel(b, locale)],
    [t('details.date'), bookingDate(b, locale)],
    [t('details.time'), bookingTimeRange(b)],
    [t('details.duration'), t('details.hours', { count: bookingHours(b) })],
    [t('details.type'), t(`type.${b.type}`)],
    [t('details.customer'), b.customer.name || '—'],
    // One tap writes or calls, as on the manifest and in the messages.
    [
      t('details.email'),
      b.customer.email ? (
        <a key="e" href={`mailto:${b.customer.email}`}>
          <EmailText email={b.customer.email} />
        </a>
      ) : (
        '—'
      ),
    ],
    [
      t('details.phone'),
      b.customer.phone ? (
        <a key="p" href={telHref(b.customer.phone)}>
          {b.customer.phone}
        </a>
      ) : (
        '—'
      ),
    ],
    ...(b.extras?.length
      ? [
          [
            t('details.extras'),
            b.extras
              .map((e) => `${e.quantity} × ${localized(e.name, e.name.en, locale)} (${money(e.total)})`)
              .join(', '),
          ] as [string, ReactNode],
        ]
      : []),
    ...(b.promo
      ? [
          [
            t('details.promo'),
            t('details.promoValue', { code: b.promo.code, discount: money(b.promo.discount) }),
          ] as [string, ReactNode],
        ]
      : []),
  ];
  const m = moneyOf(b);
  // An unpaid booking shows only what it would cost; a paid one what came in, what went back,
  // what is kept and its split (fee + owner = kept, to the cent).
  const pills: [string, string][] = m.unpaid
    ? [[t('details.gross'), `${money(b.amountGross)} · ${t('money.unpaid')}`]]
    : [
        [t('details.gross'), money(b.amountGross)],
        [t('details.received'), money(m.received)],
        ...(m.refunded > 0
          ? [
              [t('details.refunded'), money(m.refunded)] as [string, string],
              [t('details.net'), money(m.net)] as [string, string],
            ]
          : []),
        [t('details.fee'), money(m.fee)],
        [t('details.owner'), money(m.owner)],
      ];
  return (
    <div className={styles.details}>
      <PaymentLinkNotice booking={b} />
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <ul className={styles.pills} aria-label={t('details.money')}>
        {pills.map(([label, value]) => (
          <li key={label} className={styles.pill}>
            <span>{label}</span> <strong>{value}</strong>
          </li>
        ))}
      </ul>

      {b.type === 'shared' ? (
        <section>
          <h3 className={styles.subheading}>{t('details.seats')}</h3>
          <p>
            {t('details.seatsTaken', { taken: people(b), total: b.seats })}
            {avg !== null && ` · ${t('details.averagePrice', { price: money(avg) })}`}
          </p>
          {b.tickets.length === 0 ? (
            <p className={styles.muted}>{t('details.noTickets')}</p>
          ) : (
            <Table cards={false}>
              <thead>
                <tr>
                  <th scope="col">{t('details.ticketCode')}</th>
                  <th scope="col">{t('details.seatNo')}</th>
                  <th scope="col">{t('details.passengerType')}</th>
                  <th scope="col">{t('details.pricePaid')}</th>
                </tr>
              </thead>
              <tbody>
                {b.tickets.map((ticket) => (
                  <tr key={ticket.code}>
                    <td className={styles.ticketCode}>
                      <TicketCode code={ticket.code} />
                    </td>
                    <td>{ticket.seatNo}</td>
                    <td>{t(`pax.${ticket.passengerType}`)}</td>
                    <td>{money(ticket.pricePaid)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </section>
      ) : (
        <section>
          <h3 className={styles.subheading}>{t('details.passengers')}</h3>
          <ul className={styles.plainList}>
            <li>{t('details.adults', { count: b.passengers.adults })}</li>
            <li>{t('details.childU13', { count: b.passengers.child_u13 })}</li>
            <li>{t('details.childU6', { count: b.passengers.child_u6 })}</li>
          </ul>
        </section>
      )}

      <BookingLedger bookingId={b._id} />
      <section>
        <h3 className={styles.subheading}>{t('details.history')}</h3>
        {b.history.length === 0 ? (
          <p className={styles.muted}>{t('details.noHistory')}</p>
        ) : (
          <ol className={styles.history}>
            {b.history.map((h, i) => (
              <li key={`${h.at}-${i}`}>
                <span className={styles.muted}>{formatCanaryDateTime(h.at, locale)}</span>{' '}
                {t(`history.${h.code}`, {
                  defaultValue: `${h.from ? `${t(`status.${h.from}`)} → ` : ''}${t(`status.${h.to}`)}`,
                  ...historyTextOptions(h, locale),
                })}{' '}
                · {actorLabel(h.by, t)}
                {h.reason ? ` · ${h.reason}` : ''}
                {typeof h.params.message === 'string'
                  ? ` · ${t('details.messageSent', { message: h.params.message })}`
                  : ''}
              </li>
            ))}
          </ol>
        )}
      </section>
      <BookingAudit bookingId={b._id} />
    </div>
  );
}

/** A booking that sails or sailed and still holds money it may give back as a gesture. */
function offersGoodwill(b: AdminBooking): boolean {
  const held = eurosToCents(moneyOf(b).net);
  return mayRefundAsGoodwill(b.status) && goodwillMaxCents(b.status, held) > 0;
}

function actorLabel(by: string, t: (key: string) => string): string {
  return ['system', 'customer', 'provider'].includes(by) ? t(`actor.${by}`) : by;
}

/**
 * A ticket code on at most two lines, broken only at its middle dash (TF-W0RK- / CN9G-YN), so
 * the four columns fit a phone and the crew never reads a code split into four pieces.
 */
function TicketCode({ code }: { code: string }) {
  const parts = code.split('-');
  if (parts.length < 2) return <span>{code}</span>;
  const half = Math.ceil(parts.length / 2);
  return (
    <>
      <span>{parts.slice(0, half).join('-')}-</span>
      <span>{parts.slice(half).join('-')}</span>
    </>
  );
}
