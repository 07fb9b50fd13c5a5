// Everything spec §2 lists for one booking: status, when, who, the money split, seats or
// passengers, tickets, and the recorded history of status changes.
import { adminActionsFor } from '@boats/domain/booking-status';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import type { AdminBooking } from '@boats/domain/schemas/booking';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Modal } from '../../shared/ui/modal';
import type { BookingAction } from './bookings-api';
import { BookingLedger } from './booking-ledger';
import {
  averagePrice,
  boatLabel,
  bookingDate,
  bookingHours,
  bookingRef,
  bookingTimeRange,
  money,
  people,
} from './booking-format';
import { StatusBadge } from './status-badge';
import styles from './admin-bookings.module.css';

export type BookingDetailsModalProps = {
  booking: AdminBooking | null;
  onClose: () => void;
  busy: boolean;
  onAction: (action: BookingAction, booking: AdminBooking) => void;
};

export function BookingDetailsModal({ booking, onClose, busy, onAction }: BookingDetailsModalProps) {
  const { t } = useTranslation('admin-bookings');
  const actions = booking ? adminActionsFor(booking.status) : [];
  return (
    <Modal
      open={booking !== null}
      onClose={onClose}
      title={booking ? `${t('details.title')} ${bookingRef(booking)}` : ''}
      closeLabel={t('details.close')}
      size="large"
      footer={
        <div className={styles.actions}>
          {booking &&
            actions.map((action) => (
              <button
                key={action}
                type="button"
                className={`${styles.small} ${styles[`action_${action}`] ?? ''}`}
                disabled={busy}
                onClick={() => onAction(action, booking)}
              >
                {t(`action.${action}`)}
              </button>
            ))}
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t('details.close')}
          </button>
        </div>
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
    [t('details.status'), <StatusBadge key="s" status={b.status} />],
    [t('details.boat'), boatLabel(b)],
    [t('details.date'), bookingDate(b, locale)],
    [t('details.time'), bookingTimeRange(b)],
    [t('details.duration'), t('details.hours', { count: bookingHours(b) })],
    [t('details.type'), t(`type.${b.type}`)],
    [t('details.customer'), b.customer.name || '—'],
    [t('details.email'), b.customer.email ?? '—'],
    [t('details.phone'), b.customer.phone ?? '—'],
  ];
  const pills: [string, number][] = [
    [t('details.gross'), b.amountGross],
    [t('details.fee'), b.platformFee],
    [t('details.owner'), b.ownerAmount],
    [t('details.received'), b.payment.received],
  ];
  return (
    <div className={styles.details}>
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <ul className={styles.pills} aria-label={t('details.money')}>
        {pills.map(([label, euros]) => (
          <li key={label} className={styles.pill}>
            <span>{label}</span> <strong>{money(euros)}</strong>
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
            <table className={styles.innerTable}>
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
                    <td className={styles.code}>{ticket.code}</td>
                    <td>{ticket.seatNo}</td>
                    <td>{t(`pax.${ticket.passengerType}`)}</td>
                    <td>{money(ticket.pricePaid)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
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
                {h.from ? `${t(`status.${h.from}`)} → ` : ''}
                {t(`status.${h.to}`)} · {actorLabel(h.by, t)}
                {h.reason ? ` · ${h.reason}` : ''}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function actorLabel(by: string, t: (key: string) => string): string {
  return ['system', 'customer', 'provider'].includes(by) ? t(`actor.${by}`) : by;
}
