// /admin/promo-codes (docs/back-office.md#promo-codes): the caller's promo codes with their
// report (uses and discount sold), and the form that makes or changes one. The admin's codes are
// the platform's (any boat); an owner's are for their own boats.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromoCodeWire } from '@boats/domain/schemas/promo-codes';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { Banner } from '../../shared/ui/banner';
import { PageLoading } from '../../shared/ui/page-loading';
import { usePromoCodes } from './api/get-promo-codes';
import { PromoCodeForm } from './promo-code-form';
import { PromoCodeList } from './promo-code-list';
import listAndForm from '../../shared/admin/list-and-form.module.css';

export default function AdminPromoCodesPage() {
  const { t } = useTranslation('admin-promo-codes');
  return (
    <AdminLayout title={t('title')}>
      <PromoCodesScreen />
    </AdminLayout>
  );
}

/** Inside the layout's guard, so the list is asked for only once signed in. */
function PromoCodesScreen() {
  const { t } = useTranslation('admin-promo-codes');
  const errorText = useAdminErrorText();
  const codes = usePromoCodes();
  const [editing, setEditing] = useState<PromoCodeWire | null>(null);
  return (
    <>
      <p className={listAndForm.intro}>{t('intro')}</p>
      <div className={listAndForm.layout}>
        {codes.isPending ? (
          <PageLoading />
        ) : codes.isError ? (
          <Banner tone="error">{errorText(codes.error)}</Banner>
        ) : (
          <PromoCodeList codes={codes.data} onEdit={setEditing} />
        )}
        <PromoCodeForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      </div>
    </>
  );
}
