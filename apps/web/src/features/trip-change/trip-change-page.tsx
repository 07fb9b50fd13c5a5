// /booking/manage?booking={id}&token={t}: the link of the weather-cancellation e-mail. Until the
// manage-my-booking page renders TripChangePanel itself, this page shows the panel alone, so the
// e-mailed link works.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useTripChangeOffer } from './api/get-trip-change-offer';
import { TripChangePanel } from './trip-change-panel';

export default function TripChangePage() {
  const { t } = useTranslation('tripChange');
  const [params] = useSearchParams();
  const bookingId = params.get('booking') ?? '';
  const token = params.get('token') ?? '';
  return (
    <main className="page-narrow">
      <h1>{t('page.title')}</h1>
      <Suspense fallback={null}>
        {bookingId && token ? <Offer bookingId={bookingId} token={token} /> : null}
      </Suspense>
      <p>
        <Link to={`/booking?booking=${encodeURIComponent(bookingId)}`}>{t('page.booking')}</Link>
      </p>
    </main>
  );
}

function Offer({ bookingId, token }: { bookingId: string; token: string }) {
  const { t } = useTranslation('tripChange');
  const offer = useTripChangeOffer(bookingId, token);
  if (offer.isPending) return <p role="status">{t('page.loading')}</p>;
  if (offer.isError) return <p>{t('page.nothing')}</p>;
  return <TripChangePanel bookingId={bookingId} token={token} />;
}
