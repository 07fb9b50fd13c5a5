// The /booking screen: the same flow as the dialog, full page. The boat comes from a prop, the
// route's :boatId (/booking/:boatId, /boats/:boatId), or the query's boatId, id or boat (spec §2).
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { BookingLookup } from '../checkout';
import { PageLoading } from '../../shared/ui/page-loading';
import styles from './booking.module.css';

const BookingFlow = lazy(() => import('./booking-flow'));

export function boatIdFrom(
  prop: string | undefined,
  param: string | undefined,
  search: string,
  pathname: string,
): string | null {
  if (prop) return prop;
  if (param) return param;
  const query = new URLSearchParams(search);
  for (const key of ['boatId', 'id', 'boat']) {
    const value = query.get(key);
    if (value) return value;
  }
  const match = /^\/boats\/([^/]+)/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

export default function BookingPage({ boatId: prop }: { boatId?: string }) {
  const { t } = useTranslation('booking');
  const { boatId: param } = useParams();
  const location = useLocation();
  const boatId = boatIdFrom(prop, param, location.search, location.pathname);
  // The confirmation e-mail links to /booking?booking={id}.
  const bookingId = new URLSearchParams(location.search).get('booking');
  if (bookingId) {
    return (
      <main className={styles.page}>
        <Suspense fallback={<PageLoading />}>
          <BookingLookup bookingId={bookingId} />
        </Suspense>
      </main>
    );
  }
  return (
    <main className={styles.page} id="book">
      <h1 className={styles.pageTitle}>{boatId ? t('dialog.titleOne') : t('dialog.titleAll')}</h1>
      {/* The flow's sections are h3, as under the dialog's h2 title; this keeps the page outline whole. */}
      <h2 className="visually-hidden">{t('dialog.flowHeading')}</h2>
      <Suspense fallback={<PageLoading />}>
        <BookingFlow boatId={boatId} />
      </Suspense>
    </main>
  );
}
