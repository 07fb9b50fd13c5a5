// One booking on the manifest: the customer (tap to call), the party and each ticket's boarding.
import { useTranslation } from 'react-i18next';
import { localized } from '@boats/domain/boat-card';
import { canaryTimeLabel } from '@boats/domain/canary-time';
import { currentLanguage } from '../../shared/i18n/i18n';
import type { ManifestBooking } from '@boats/domain/schemas/trips';
import styles from './trips.module.css';
import { telHref } from '../../shared/ui/tel-href';
import { Badge } from '../../shared/ui/badge';
import { LicenceCheck } from './licence-check';
import { ConditionCheck } from './condition-check';

export function ManifestBookingCard({
  booking,
  waitingCodes,
}: {
  booking: ManifestBooking;
  /** Codes checked in on this phone without signal, not yet sent. */
  waitingCodes?: ReadonlySet<string>;
}) {
  const { t } = useTranslation('trips');
  const locale = currentLanguage();
  const extras = (booking.extras ?? [])
    .map((e) => `${e.quantity} × ${localized(e.name, e.name.en, locale)}`)
    .join(', ');
  const party = [
    t('party.adults', { count: booking.adults }),
    ...(booking.children50 > 0 ? [t('party.children50', { count: booking.children50 })] : []),
    ...(booking.kidsFree > 0 ? [t('party.kidsFree', { count: booking.kidsFree })] : []),
  ].join(', ');
  return (
    <li className={styles.card}>
      <h3 className={styles.customer}>
        {booking.customerName || t('manifest.noName')} <small>#{booking.ref}</small>
      </h3>
      {booking.licenceToCheck && <Badge tone="warning">{t('manifest.licenceToCheck')}</Badge>}
      {booking.skipperLicence !== undefined && (
        <LicenceCheck
          bookingId={booking.bookingId}
          customerName={booking.customerName}
          licence={booking.skipperLicence}
          terms={booking.licenceTerms}
        />
      )}
      {booking.condition && (
        <ConditionCheck
          bookingId={booking.bookingId}
          customerName={booking.customerName}
          condition={booking.condition}
        />
      )}
      {booking.customerPhone && (
        <a className={styles.phone} href={telHref(booking.customerPhone)}>
          {t('manifest.call', { phone: booking.customerPhone })}
        </a>
      )}
      <p className={styles.facts}>{party}</p>
      {booking.channel && (
        <p className={styles.facts} data-testid="manifest-sold-by">
          {t('manifest.soldBy', {
            channel: booking.channel.name
              ? `${t(`channel.${booking.channel.kind}`)} · ${booking.channel.name}`
              : t(`channel.${booking.channel.kind}`),
          })}
        </p>
      )}
      {extras && (
        <p className={styles.facts} data-testid="manifest-extras">
          {t('manifest.extras', { list: extras })}
        </p>
      )}
      <ul className={styles.tickets}>
        {booking.tickets.map((ticket) => (
          <li key={ticket.code} className={ticket.checkedInAt ? styles.boarded : undefined}>
            <code>{ticket.code}</code> · {t(`pax.${ticket.passengerType}`)}
            {ticket.seatNo > 0 && ` · ${t('manifest.seat', { seat: ticket.seatNo })}`}
            {' · '}
            {ticket.checkedInAt
              ? t('manifest.boardedAt', { time: canaryTimeLabel(ticket.checkedInAt) })
              : waitingCodes?.has(ticket.code)
                ? t('offline.state.waiting')
                : t('manifest.notBoarded')}
          </li>
        ))}
      </ul>
    </li>
  );
}
