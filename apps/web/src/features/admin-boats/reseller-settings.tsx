// The boat's settings for resellers (docs/channels.md#per-boat-settings): its owner (or the admin)
// opts it in or out of the resellers' API; the platform admin records who gives up a reseller's
// commission on its sales. Each change is saved at once.
import { useTranslation } from 'react-i18next';
import { COMMISSION_BEARERS, type CommissionBearer } from '@boats/domain/octo';
import type { AdminBoat } from '@boats/domain/schemas/boat';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { Banner } from '../../shared/ui/banner';
import { useSetBoatResellers } from './api/set-boat-resellers';
import { useSetCommissionBearer } from './api/set-commission-bearer';
import styles from './admin-boat-editor.module.css';

export function ResellerSettings({ boat, isAdmin }: { boat: AdminBoat; isAdmin: boolean }) {
  const { t } = useTranslation('admin');
  const errorText = useAdminErrorText();
  const allow = useSetBoatResellers();
  const bearer = useSetCommissionBearer();
  const failed = allow.error ?? bearer.error;
  return (
    <section className={styles.listing} aria-labelledby="resellers-heading">
      <h2 id="resellers-heading" className={styles.listingHeading}>
        {t('resellers.heading')}
      </h2>
      <label>
        <input
          type="checkbox"
          checked={boat.resellersAllowed}
          disabled={allow.isPending}
          onChange={(e) => allow.mutate({ id: boat._id, resellersAllowed: e.target.checked })}
        />{' '}
        {t('resellers.allowed')}
      </label>
      <p className={styles.listingNext}>{t('resellers.allowedHint')}</p>
      {isAdmin ? (
        <label>
          {t('resellers.bearer')}{' '}
          <select
            value={boat.resellerCommissionBearer}
            disabled={bearer.isPending}
            onChange={(e) => bearer.mutate({ id: boat._id, bearer: e.target.value as CommissionBearer })}
          >
            {COMMISSION_BEARERS.map((b) => (
              <option key={b} value={b}>
                {t(`resellers.bearers.${b}`)}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className={styles.listingNext}>
          {t('resellers.bearerIs', { bearer: t(`resellers.bearers.${boat.resellerCommissionBearer}`) })}
        </p>
      )}
      {failed && <Banner tone="error">{errorText(failed)}</Banner>}
    </section>
  );
}
