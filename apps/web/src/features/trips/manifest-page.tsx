// A trip's manifest: who travels, how to call them, their tickets and who has boarded.
// Printable on A4 (the print style hides the controls) and downloadable as CSV.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { localized } from '@boats/domain/boat-card';
import { formatCanaryDate } from '@boats/domain/canary-time';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { useAuth } from '../../shared/auth/auth-context';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Badge } from '../../shared/ui/badge';
import { downloadManifestCsv } from './api/download-manifest-csv';
import { useManifest } from './api/get-manifest';
import { useWaiveMinimum } from './api/waive-minimum';
import { WeatherCancelDialog } from './weather-cancel-dialog';
import { WalkInDialog } from './walk-in-dialog';
import { ManifestBookingCard } from './manifest-booking';
import { CanceledCustomers } from './canceled-customers';
import { tripTimes } from './trip-format';
import { CrewOfflineStatus, OfflineCheckins } from './offline/offline-views';
import { useCrewOffline } from './offline/use-crew-offline';
import styles from './trips.module.css';
import button from '../../shared/ui/button.module.css';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { paths } from '../../shared/paths';

export default function ManifestPage() {
  const { t } = useTranslation('trips');
  return (
    <AdminLayout title={t('manifest.title')} access="staff">
      <Manifest />
    </AdminLayout>
  );
}

/** Inside the guard, so nothing is fetched before someone allowed has signed in. */
function Manifest() {
  const { t } = useTranslation('trips');
  const errorText = useAdminErrorText();
  const { slotId = '' } = useParams();
  const { isAdmin, user } = useAuth();
  // Who sells a walk-in here: the staff page lets admins, owners and crew in.
  const seller = user?.role === 'admin' || user?.role === 'owner' ? user.role : 'crew';
  const manifest = useManifest(slotId);
  const offline = useCrewOffline();
  // Tickets checked in on this phone without signal, still to send: "waiting to send" on their rows.
  const waitingCodes = new Set(offline.checkins.filter((c) => c.state === 'waiting').map((c) => c.code));
  const waive = useWaiveMinimum();
  const [csvError, setCsvError] = useState<string | null>(null);
  const [canceling, setCanceling] = useState(false);
  const [bookingWalkIn, setBookingWalkIn] = useState(false);
  const trip = manifest.data?.trip;

  return (
    <>
      <p className={styles.noPrint}>
        <Link to={paths.admin.trips.getHref(trip?.start.slice(0, 10))}>{t('manifest.back')}</Link>
      </p>
      {offline.crew && <CrewOfflineStatus state={offline} savedAt={manifest.data?.savedAt} />}
      {manifest.isPending && <p role="status">{t('list.loading')}</p>}
      {manifest.isError && <p role="alert">{errorText(manifest.error)}</p>}
      {trip && manifest.data && (
        <>
          <h2 className={styles.dayTitle}>
            {localized(trip.boatTitleI18n, trip.boatTitle, currentLanguage())} ·{' '}
            {formatCanaryDate(trip.start, currentLanguage())} {tripTimes(trip)}
          </h2>
          <p className={styles.summary}>
            <Badge>{t(`state.${trip.state}`)}</Badge>{' '}
            {trip.type === 'shared'
              ? t('card.sold', { count: trip.seatsSold, total: trip.seatsTotal })
              : t('card.charter')}
            {' · '}
            {t('card.boarded', { count: trip.people, boarded: trip.boarded })}
          </p>
          <div className={`${styles.actions} ${styles.noPrint}`}>
            <Link
              to={paths.admin.checkin.getHref(trip.slotId)}
              className={`${button.secondary} ${styles.wide}`}
            >
              {t('manifest.checkIn')}
            </Link>
            {trip.state !== 'canceled' && (
              <button type="button" className={button.outline} onClick={() => setBookingWalkIn(true)}>
                {t('walkIn.open')}
              </button>
            )}
            <button type="button" className={button.outline} onClick={() => window.print()}>
              {t('manifest.print')}
            </button>
            <button
              type="button"
              className={button.outline}
              onClick={() => {
                setCsvError(null);
                downloadManifestCsv(trip.slotId).catch((err: unknown) => setCsvError(errorText(err)));
              }}
            >
              {t('manifest.csv')}
            </button>
            {isAdmin && trip.type === 'shared' && trip.minSeatsToDepart > 0 && trip.state !== 'canceled' && (
              <button
                type="button"
                className={button.outline}
                disabled={waive.isPending}
                onClick={() => waive.mutate({ slotId: trip.slotId, waived: !trip.minimumWaived })}
              >
                {trip.minimumWaived ? t('manifest.restoreMinimum') : t('manifest.waiveMinimum')}
              </button>
            )}
            {isAdmin && trip.state !== 'canceled' && (
              <button type="button" className={button.outline} onClick={() => setCanceling(true)}>
                {t('cancel.open')}
              </button>
            )}
          </div>
          {canceling && (
            <WeatherCancelDialog
              open={canceling}
              onClose={() => setCanceling(false)}
              slotId={trip.slotId}
              bookings={manifest.data.bookings}
            />
          )}
          {bookingWalkIn && (
            <WalkInDialog trip={trip} seller={seller} onClose={() => setBookingWalkIn(false)} />
          )}
          {csvError && <p role="alert">{csvError}</p>}
          {waive.isError && <p role="alert">{errorText(waive.error)}</p>}
          {manifest.data.cancellation ? (
            <CanceledCustomers cancellation={manifest.data.cancellation} />
          ) : manifest.data.bookings.length === 0 ? (
            <p>{t('manifest.empty')}</p>
          ) : (
            <ul className={styles.list} aria-label={t('manifest.passengers')}>
              {manifest.data.bookings.map((b) => (
                <ManifestBookingCard key={b.bookingId} booking={b} waitingCodes={waitingCodes} />
              ))}
            </ul>
          )}
          {offline.crew && <OfflineCheckins checkins={offline.checkins} />}
        </>
      )}
    </>
  );
}
