// Admin boat list (docs/product.md §2): a card per boat with title, harbour, capacity and an active pill,
// each linking to its editor. Fetch errors are logged only, as the spec says for this list.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localized } from '@boats/domain/boat-card';
import type { BoatListing } from '@boats/domain/schemas/owner';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { Badge } from '../../shared/ui/badge';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { useAuth } from '../../shared/auth/auth-context';
import { useArchiveBoat } from './api/archive-boat';
import { useBoatStandings, useChangeListing } from './api/boat-listing';
import { useAdminBoats } from './api/get-admin-boats';
import styles from './admin-boats.module.css';

export default function AdminBoatsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminLayout title={t('boats.title')}>
      <BoatList />
    </AdminLayout>
  );
}

function BoatList() {
  const { t } = useTranslation('admin');
  const errorText = useAdminErrorText();
  const list = useAdminBoats();
  // The spec keeps a failed load quiet here: it is logged and the list reads as empty.
  if (list.isError) console.error(list.error);
  const archive = useArchiveBoat();
  // The platform admin decides what is on sale: each card says where the boat stands and offers
  // the next step (publish a draft, suspend, bring back). Owners see their boats without it.
  const isAdmin = useAuth().user?.role === 'admin';
  const standings = useBoatStandings(isAdmin);
  const listing = useChangeListing();
  const listingOf = (id: string) => standings.data?.items.find((s) => s._id === id)?.listing;
  const [showArchived, setShowArchived] = useState(false);
  const all = list.isError ? [] : (list.data ?? null);
  const boats = all && (showArchived ? all : all.filter((boat) => !boat.archived));

  const lang = currentLanguage();
  return (
    <>
      <div className={styles.toolbar}>
        <Link to="/admin/boats/new" className={button.primary}>
          {t('boats.new')}
        </Link>
        <label className={styles.showArchived}>
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />
          {t('archive.showArchived')}
        </label>
      </div>
      {archive.isError && <Banner tone="error">{errorText(archive.error)}</Banner>}
      {listing.isError && <Banner tone="error">{errorText(listing.error)}</Banner>}
      {boats === null ? (
        <p role="status">{t('boats.loading')}</p>
      ) : boats.length === 0 ? (
        <p className={styles.empty}>{t('boats.empty')}</p>
      ) : (
        <ul className={styles.grid} aria-label={t('boats.listLabel')}>
          {boats.map((boat) => (
            <li key={boat._id} className={styles.item}>
              <Link to={`/admin/boats/edit/${boat._id}`} className={styles.card}>
                <span className={styles.cardTitle}>{localized(boat.titleI18n, boat.title, lang)}</span>
                <span className={styles.meta}>
                  <span>
                    {t('boats.port')}: {boat.port.name.trim() || '—'}
                  </span>
                  <span>
                    {t('boats.capacity')}: {boat.capacity > 0 ? boat.capacity : '?'}
                  </span>
                </span>
                {/* One state a card: an archived boat is neither on sale nor off it. */}
                {boat.archived ? (
                  <Badge>{t('archive.archived')}</Badge>
                ) : (
                  <Badge tone={boat.isActive ? 'success' : 'neutral'}>
                    {boat.isActive ? t('boats.active') : t('boats.inactive')}
                  </Badge>
                )}
              </Link>
              {isAdmin && !boat.archived && (
                <ListingControl
                  listing={listingOf(boat._id)}
                  title={localized(boat.titleI18n, boat.title, lang)}
                  busy={listing.isPending}
                  onChange={(change) => listing.mutate({ id: boat._id, ...change })}
                />
              )}
              <button
                type="button"
                className={button.outline}
                disabled={archive.isPending}
                aria-label={`${boat.archived ? t('archive.restore') : t('archive.archive')}: ${localized(boat.titleI18n, boat.title, lang)}`}
                onClick={() => {
                  // Archiving takes the boat off the site at once: asked first (restoring is not),
                  // naming the paid bookings still ahead, which stay to be served or canceled.
                  const title = localized(boat.titleI18n, boat.title, lang);
                  const question = boat.upcomingBookings
                    ? t('archive.confirmUpcoming', { title, count: boat.upcomingBookings })
                    : t('archive.confirm', { title });
                  if (!boat.archived && !window.confirm(question)) return;
                  archive.mutate({ id: boat._id, archived: !boat.archived });
                }}
              >
                {boat.archived ? t('archive.restore') : t('archive.archive')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

type ListingStep = { action: 'publish'; published: boolean } | { action: 'suspend'; suspended: boolean };

/** Where the boat stands on the public site, and the one step the admin may take from there. */
function ListingControl({
  listing,
  title,
  busy,
  onChange,
}: {
  listing: BoatListing | undefined;
  title: string;
  busy: boolean;
  onChange: (step: ListingStep) => void;
}) {
  const { t } = useTranslation('admin');
  if (!listing) return null;
  const step: { label: string; change: ListingStep } =
    listing === 'draft'
      ? { label: t('listing.publish'), change: { action: 'publish', published: true } }
      : listing === 'published'
        ? { label: t('listing.suspend'), change: { action: 'suspend', suspended: true } }
        : { label: t('listing.unsuspend'), change: { action: 'suspend', suspended: false } };
  return (
    <div className={styles.listing}>
      <Badge tone={listing === 'published' ? 'success' : 'neutral'}>{t(`listing.${listing}`)}</Badge>
      <button
        type="button"
        className={button.outline}
        disabled={busy}
        aria-label={`${step.label}: ${title}`}
        onClick={() => onChange(step.change)}
      >
        {step.label}
      </button>
    </div>
  );
}
