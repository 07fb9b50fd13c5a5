// Admin boat list (docs/product.md §2): a card per boat with title, harbour, capacity and its
// listing's state (for the platform admin also its owner), each linking to its editor, with the
// listing's next steps lined up in the card. Fetch errors are logged only, as the spec says.
import { useState } from 'react';
import type { AdminBoat } from '@boats/domain/schemas/boat';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localized } from '@boats/domain/boat-card';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { useAuth } from '../../shared/auth/auth-context';
import { useListingStep } from './api/listing-step';
import { useAdminBoats } from './api/get-admin-boats';
import { ListingActions, ListingBadge, ListingMissing } from './listing-controls';
import { useConfirmListingStep } from './use-confirm-listing-step';
import { PauseDialog } from './pause-dialog';
import styles from './admin-boats.module.css';
import { paths } from '../../shared/paths';

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
  const step = useListingStep();
  const isAdmin = useAuth().user?.role === 'admin';
  const confirmStep = useConfirmListingStep();
  const [pausing, setPausing] = useState<{ boat: AdminBoat; title: string } | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const all = list.isError ? [] : (list.data ?? null);
  const boats = all && (showArchived ? all : all.filter((boat) => boat.listing !== 'archived'));

  const lang = currentLanguage();
  return (
    <>
      <div className={styles.toolbar}>
        <Link to={paths.admin.newBoat.getHref()} className={button.primary}>
          {t('boats.new')}
        </Link>
        <label className={styles.showArchived}>
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />
          {t('archive.showArchived')}
        </label>
      </div>
      {step.isError && <Banner tone="error">{errorText(step.error)}</Banner>}
      {boats === null ? (
        <p role="status">{t('boats.loading')}</p>
      ) : boats.length === 0 ? (
        <p className={styles.empty}>{t('boats.empty')}</p>
      ) : (
        <ul className={styles.grid} aria-label={t('boats.listLabel')}>
          {boats.map((boat) => {
            const title = localized(boat.titleI18n, boat.title, lang);
            return (
              <li key={boat._id} className={styles.card}>
                <Link to={paths.admin.editBoat.getHref(boat._id)} className={styles.cardLink}>
                  <span className={styles.cardTitle}>{title}</span>
                  <span className={styles.meta}>
                    {isAdmin && (
                      <span>{t('common:labelled', { label: t('boats.owner'), value: boat.ownerName })}</span>
                    )}
                    <span>
                      {t('common:labelled', { label: t('boats.port'), value: boat.port.name.trim() || '—' })}
                    </span>
                    <span>
                      {t('common:labelled', {
                        label: t('boats.capacity'),
                        value: boat.capacity > 0 ? boat.capacity : '?',
                      })}
                    </span>
                  </span>
                </Link>
                {/* One state a card, and the steps from it lined up under it. */}
                <ListingBadge boat={boat} />
                {!isAdmin && <ListingMissing boat={boat} />}
                <ListingActions
                  boat={boat}
                  isAdmin={isAdmin}
                  title={title}
                  busy={step.isPending}
                  onStep={(action) => {
                    // Paid trips ahead: the dialog asks what becomes of them before pausing.
                    if (action === 'pause' && boat.upcomingBookings > 0) setPausing({ boat, title });
                    else {
                      const confirmed = confirmStep(boat, title, action);
                      if (confirmed) step.mutate({ id: boat._id, action, ...confirmed });
                    }
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
      {pausing && (
        <PauseDialog boat={pausing.boat} title={pausing.title} step={step} onClose={() => setPausing(null)} />
      )}
    </>
  );
}
