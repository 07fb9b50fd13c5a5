// /admin/resellers: the resellers of the OCTO API (docs/channels.md), their commission and
// cancellation agreement, and their API keys: issued (shown once), revoked, last used.
import { useTranslation } from 'react-i18next';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { Banner } from '../../shared/ui/banner';
import { PageLoading } from '../../shared/ui/page-loading';
import { useResellers } from './api/get-resellers';
import { NewResellerForm } from './new-reseller-form';
import { ResellerList } from './reseller-list';
import listAndForm from '../../shared/admin/list-and-form.module.css';

export default function AdminResellersPage() {
  const { t } = useTranslation('admin-resellers');
  return (
    <AdminLayout title={t('title')} access="admin">
      <ResellersScreen />
    </AdminLayout>
  );
}

/** Inside the layout's guard, so the list is asked for only once an admin is signed in. */
export function ResellersScreen() {
  const { t } = useTranslation('admin-resellers');
  const errorText = useAdminErrorText();
  const resellers = useResellers();
  return (
    <>
      <p className={listAndForm.intro}>{t('intro')}</p>
      <div className={listAndForm.layout}>
        {resellers.isPending ? (
          <PageLoading />
        ) : resellers.isError ? (
          <Banner tone="error">{errorText(resellers.error)}</Banner>
        ) : (
          <ResellerList resellers={resellers.data} />
        )}
        <NewResellerForm />
      </div>
    </>
  );
}
