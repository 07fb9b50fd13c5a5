// The bookings table (docs/product.md §2). Clicking a row opens its details; the action buttons run
// only what the state machine allows for the row's status. On a phone each booking is a short
// card (date, boat, status, amount, actions): type, hours, people and customer are in the
// details dialog, so a day's list reads without scrolling through long cards.
import type { AdminBooking } from '@boats/domain/schemas/booking';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Button } from '../../shared/ui/button';
import { EmailText } from '../../shared/ui/email-text';
import { Cell, ClickableRow, Table } from '../../shared/ui/table';
import type { BookingAction } from './bookings-api';
import {
  actionsOf,
  boatLabel,
  money,
  moneyOf,
  bookingDate,
  bookingHours,
  bookingRef,
  bookingTimeRange,
  people,
} from './booking-format';
import { BookingActionButton } from './booking-action-button';
import { StatusBadge } from './status-badge';
import styles from './admin-bookings.module.css';

export type BookingsTableProps = {
  items: AdminBooking[];
  busyId: string | null;
  /** The action running on the busy row. */
  busyAction?: BookingAction | null;
  onOpen: (booking: AdminBooking) => void;
  onAction: (action: BookingAction, booking: AdminBooking) => void;
};

export function BookingsTable({ items, busyId, busyAction, onOpen, onAction }: BookingsTableProps) {
  const { t } = useTranslation('admin-bookings');
  const locale = currentLanguage();
  const stop = (fn: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    fn();
  };
  return (
    <Table cardLabelWidth="6.5em">
      <thead>
        <tr>
          <th scope="col">{t('col.when')}</th>
          <th scope="col">{t('col.reference')}</th>
          <th scope="col">{t('col.boat')}</th>
          <th scope="col">{t('col.type')}</th>
          <th scope="col">{t('col.hours')}</th>
          <th scope="col">{t('col.people')}</th>
          <th scope="col">{t('col.status')}</th>
          <th scope="col">{t('col.amount')}</th>
          <th scope="col">{t('col.customer')}</th>
          <th scope="col">{t('col.channel')}</th>
          <th scope="col">{t('col.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((b) => (
          <ClickableRow key={b._id} onClick={() => onOpen(b)} data-booking-id={b._id}>
            <Cell label={t('col.when')}>
              <div>{bookingDate(b, locale)}</div>
              <div className={styles.muted}>{bookingTimeRange(b)}</div>
            </Cell>
            <Cell label={t('col.reference')} nowrap>
              {bookingRef(b)}
            </Cell>
            <Cell label={t('col.boat')}>{boatLabel(b, locale)}</Cell>
            <Cell label={t('col.type')} wideOnly>
              {t(`type.${b.type}`)}
            </Cell>
            <Cell label={t('col.hours')} wideOnly>
              {bookingHours(b)}
            </Cell>
            <Cell label={t('col.people')} wideOnly>
              {people(b)}
            </Cell>
            <Cell label={t('col.status')}>
              <StatusBadge status={b.status} choiceDeadline={b.choiceDeadline} />
            </Cell>
            <Cell label={t('col.amount')} nowrap>
              <AmountCell booking={b} />
            </Cell>
            <Cell label={t('col.customer')} wideOnly>
              <div>{b.customer.name || '—'}</div>
              <div className={styles.muted}>{b.customer.email && <EmailText email={b.customer.email} />}</div>
            </Cell>
            <Cell label={t('col.channel')} wideOnly>
              <div>{t(`channel.${b.channel.kind}`)}</div>
              {b.channel.name && <div className={styles.muted}>{b.channel.name}</div>}
            </Cell>
            <Cell label={t('col.actions')}>
              <div className={styles.actions}>
                <Button variant="outline" size="small" onClick={stop(() => onOpen(b))}>
                  {t('action.details')}
                </Button>
                {actionsOf(b).map((action) => (
                  <BookingActionButton
                    key={action}
                    action={action}
                    disabled={busyId === b._id}
                    pending={busyId === b._id && busyAction === action}
                    onClick={stop(() => onAction(action, b))}
                  />
                ))}
              </div>
            </Cell>
          </ClickableRow>
        ))}
      </tbody>
    </Table>
  );
}

/** Received money; before any payment the price marked unpaid; refunds shown beside. */
function AmountCell({ booking }: { booking: AdminBooking }) {
  const { t } = useTranslation('admin-bookings');
  const m = moneyOf(booking);
  return (
    <>
      <div>{money(m.shown)}</div>
      {m.unpaid && <div className={styles.unpaid}>{t('money.unpaid')}</div>}
      {m.refunded > 0 && (
        <div className={styles.muted}>{t('money.refunded', { amount: money(m.refunded) })}</div>
      )}
    </>
  );
}
