// Admin boat list (spec §2): a card per boat with title, harbour, capacity and an active pill,
// each linking to its editor. Fetch errors are logged only, as the spec says for this list.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localized } from '@boats/domain/boat-card';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { currentLanguage } from '../../shared/i18n/i18n';
import button from '../../shared/ui/button.module.css';
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
  const list = useAdminBoats();
  // The spec keeps a failed load quiet here: it is logged and the list reads as empty.
  if (list.isError) console.error(list.error);
  const boats = list.isError ? [] : (list.data ?? null);

  const lang = currentLanguage();
  return (
    <>
      <div className={styles.toolbar}>
        <Link to="/admin/boats/new" className={button.primary}>
          {t('boats.new')}
        </Link>
      </div>
      {boats === null ? (
        <p role="status">{t('boats.loading')}</p>
      ) : boats.length === 0 ? (
        <p className={styles.empty}>{t('boats.empty')}</p>
      ) : (
        <ul className={styles.grid} aria-label={t('boats.listLabel')}>
          {boats.map((boat) => (
            <li key={boat._id}>
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
                <span className={boat.isActive ? styles.active : styles.inactive}>
                  {boat.isActive ? t('boats.active') : t('boats.inactive')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
