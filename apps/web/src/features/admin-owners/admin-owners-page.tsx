// /admin/owners: the boat owners of the marketplace for the platform admin (docs/back-office.md#owners):
// who each is (legal name, tax id, contact, language), their commission (the site default or
// their own rate) and whether they are active. The admin sets a rate, returns it to the default,
// and suspends or reactivates an owner (a suspended owner's boats leave the site and payouts stop),
// and records the owner's representation of the platform before the AEAT (aeat-representation.tsx).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '@boats/domain/languages';
import { formatNumber } from '@boats/domain/money';
import type { Owner } from '@boats/domain/schemas/owner';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Badge } from '../../shared/ui/badge';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { PageLoading } from '../../shared/ui/page-loading';
import { UpcomingBookingsDialog } from '../../shared/admin/upcoming-bookings-dialog';
import { useOwners, useSuspendOwner, useUpdateOwner } from './api/owners';
import { AeatRepresentationSection } from './aeat-representation';
import styles from './admin-owners.module.css';

export default function AdminOwnersPage() {
  const { t } = useTranslation('admin-owners');
  return (
    <AdminLayout title={t('title')} access="admin">
      <OwnersList />
    </AdminLayout>
  );
}

function OwnersList() {
  const { t } = useTranslation('admin-owners');
  const errorText = useAdminErrorText();
  const owners = useOwners();
  const update = useUpdateOwner();
  const suspend = useSuspendOwner();
  const [suspending, setSuspending] = useState<Owner | null>(null);
  if (owners.isPending) return <PageLoading />;
  if (owners.isError) return <Banner tone="error">{errorText(owners.error)}</Banner>;
  return (
    <>
      {update.isError && <Banner tone="error">{errorText(update.error)}</Banner>}
      <ul className={styles.list} aria-label={t('title')}>
        {owners.data.map((owner) => (
          <OwnerCard
            key={owner._id}
            owner={owner}
            busy={update.isPending}
            onChange={(change) => update.mutate({ id: owner._id, change })}
            onSuspend={() => {
              suspend.reset();
              setSuspending(owner);
            }}
          />
        ))}
      </ul>
      {suspending && (
        <UpcomingBookingsDialog
          title={t('suspendTitle', { name: suspending.displayName })}
          intro={t('suspendIntro')}
          upcomingUrl={`/api/admin/owners/${encodeURIComponent(suspending._id)}/upcoming-bookings`}
          confirmLabel={t('suspendConfirm')}
          reasonLabel={t('suspendReason')}
          cancelLabel={t('suspendCancel')}
          busy={suspend.isPending}
          error={suspend.error}
          onConfirm={(upcoming, reason) =>
            suspend.mutate(
              { id: suspending._id, upcoming, ...(reason && { reason }) },
              { onSuccess: () => setSuspending(null) },
            )
          }
          onClose={() => setSuspending(null)}
        />
      )}
    </>
  );
}

export function OwnerCard({
  owner,
  busy,
  onChange,
  onSuspend,
}: {
  owner: Owner;
  busy: boolean;
  onChange: (change: { commissionPercent?: number | null; status?: Owner['status'] }) => void;
  /** Opens the dialog that asks what becomes of the owner's bookings ahead. */
  onSuspend: () => void;
}) {
  const { t } = useTranslation('admin-owners');
  const lang = currentLanguage();
  const [rate, setRate] = useState(String(owner.commissionPercent));
  const typed = Number(rate.replace(',', '.'));
  const rateOk = rate.trim() !== '' && Number.isFinite(typed) && typed >= 0 && typed <= 100;
  const percent = formatNumber(owner.commissionPercent, lang);
  return (
    <li className={styles.card} aria-label={owner.displayName}>
      <div className={styles.head}>
        <strong>{owner.displayName}</strong>
        <Badge tone={owner.status === 'active' ? 'success' : 'neutral'}>{t(`status.${owner.status}`)}</Badge>
      </div>
      <p className={styles.muted}>
        {/* Only what is known: the platform's own row has no legal name, tax id or contact here. */}
        {[owner.legalName, owner.taxId, owner.email, owner.phone, languageName(owner.language)]
          .filter((part) => part.trim() !== '')
          .join(' · ')}
      </p>
      <p className={styles.muted}>{t('boats', { count: owner.boatCount })}</p>
      <p data-testid="commission">
        {owner.commissionOverridden ? t('commission.own', { percent }) : t('commission.default', { percent })}
      </p>
      {!owner.isPlatform && (
        <div className={styles.actions}>
          <label className={styles.rate}>
            {t('commission.label')}
            <input
              inputMode="decimal"
              value={rate}
              aria-invalid={!rateOk}
              onChange={(e) => setRate(e.target.value)}
            />
          </label>
          <button
            type="button"
            className={button.outline}
            disabled={busy || !rateOk}
            onClick={() => onChange({ commissionPercent: typed })}
          >
            {t('commission.save')}
          </button>
          {owner.commissionOverridden && (
            <button
              type="button"
              className={button.outline}
              disabled={busy}
              onClick={() => onChange({ commissionPercent: null })}
            >
              {t('commission.reset')}
            </button>
          )}
        </div>
      )}
      {!owner.isPlatform && <AeatRepresentationSection owner={owner} />}
      {!owner.isPlatform && (
        // Apart from the rate's buttons: suspending asks first (the dialog), reactivating is undone as easily.
        <section className={styles.danger} aria-label={t('dangerZone')}>
          <h3 className={styles.dangerTitle}>{t('dangerZone')}</h3>
          {owner.status === 'active' ? (
            <button
              type="button"
              className={`${button.outline} ${button.danger}`}
              disabled={busy}
              onClick={onSuspend}
            >
              {t('suspend')}
            </button>
          ) : (
            <button
              type="button"
              className={button.outline}
              disabled={busy}
              onClick={() => onChange({ status: 'active' })}
            >
              {t('reactivate')}
            </button>
          )}
        </section>
      )}
    </li>
  );
}
