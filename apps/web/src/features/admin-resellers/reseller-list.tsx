// The resellers, one card each: contact, commission and agreement, and the API keys: which are
// live and when each was last used; a new key is shown once, right here, and never again. Below
// them, the boats it may sell (reseller-boats.tsx), its webhooks (reseller-webhooks.tsx), its
// hold limits (reseller-hold-limits.tsx), its billing details (reseller-billing.tsx), the platform's invoices to it (reseller-invoices.tsx) and
// its monthly statement (reseller-statement.tsx).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { formatNumber } from '@boats/domain/money';
import type { Reseller } from '@boats/domain/schemas/resellers';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { useLanguage } from '../../shared/i18n/use-language';
import { Badge } from '../../shared/ui/badge';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import card from '../../shared/ui/card.module.css';
import { EmailText } from '../../shared/ui/email-text';
import { useIssueApiKey } from './api/issue-api-key';
import { useRevokeApiKey } from './api/revoke-api-key';
import { ResellerBoats } from './reseller-boats';
import { ResellerBilling } from './reseller-billing';
import { ResellerHoldLimits } from './reseller-hold-limits';
import { ResellerInvoices } from './reseller-invoices';
import { ResellerStatementPanel } from './reseller-statement';
import { ResellerWebhooks } from './reseller-webhooks';
import styles from './admin-resellers.module.css';
import listAndForm from '../../shared/admin/list-and-form.module.css';

export function ResellerList({ resellers }: { resellers: Reseller[] }) {
  const { t } = useTranslation('admin-resellers');
  return (
    <section aria-labelledby="resellers-title">
      <h2 id="resellers-title" className={listAndForm.cardTitle}>
        {t('list.title')}
      </h2>
      {resellers.length === 0 ? (
        <p>{t('list.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {resellers.map((reseller) => (
            <ResellerCard key={reseller._id} reseller={reseller} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ResellerCard({ reseller }: { reseller: Reseller }) {
  const { t } = useTranslation('admin-resellers');
  const lng = useLanguage();
  const errorText = useAdminErrorText();
  const issue = useIssueApiKey();
  const revoke = useRevokeApiKey();
  const [label, setLabel] = useState('');
  const [shown, setShown] = useState<{ label: string; secret: string } | null>(null);
  const when = (iso: string) => formatCanaryDateTime(iso, lng);

  return (
    <li className={`${card.panel} ${styles.reseller}`} aria-label={reseller.name}>
      <div className={styles.head}>
        <span className={styles.name}>{reseller.name}</span>
        <Badge tone="info">
          {t('list.commission', { percent: formatNumber(reseller.commissionPercent, lng) })}
        </Badge>
        <Badge tone="neutral">{t(`agreements.${reseller.cancellation}`)}</Badge>
      </div>
      <p className={styles.contact}>
        {reseller.contactName} · <EmailText email={reseller.contactEmail} />
      </p>
      <ResellerBoats reseller={reseller} />
      <h3 className={styles.keysTitle}>{t('keys.title')}</h3>
      {reseller.keys.length === 0 ? (
        <p>{t('keys.none')}</p>
      ) : (
        <ul className={styles.keys}>
          {reseller.keys.map((key) => (
            <li key={key._id} className={styles.key} aria-label={key.label}>
              <span className={styles.keyLabel}>{key.label}</span>
              <code>{t('keys.prefix', { prefix: key.prefix })}</code>
              <span>
                {key.lastUsedAt ? t('keys.lastUsed', { when: when(key.lastUsedAt) }) : t('keys.neverUsed')}
              </span>
              {key.revokedAt ? (
                <Badge tone="danger">{t('keys.revoked', { when: when(key.revokedAt) })}</Badge>
              ) : (
                <button
                  type="button"
                  className={button.outline}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate({ resellerId: reseller._id, keyId: key._id })}
                >
                  {t('keys.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {revoke.isError && <Banner tone="error">{errorText(revoke.error)}</Banner>}
      <form
        className={styles.issue}
        onSubmit={(event) => {
          event.preventDefault();
          setShown(null);
          issue.mutate(
            { resellerId: reseller._id, label: label.trim() },
            {
              onSuccess: (issued) => {
                setShown(issued);
                setLabel('');
              },
            },
          );
        }}
      >
        <label className={styles.issueLabel}>
          {t('keys.label')}
          <input value={label} onChange={(event) => setLabel(event.target.value)} minLength={2} required />
        </label>
        <button type="submit" className={button.secondary} disabled={issue.isPending}>
          {t('keys.issue')}
        </button>
      </form>
      {issue.isError && <Banner tone="error">{errorText(issue.error)}</Banner>}
      {shown && (
        <Banner tone="success">
          {t('keys.shownOnce', { label: shown.label })} <code className={styles.secret}>{shown.secret}</code>
        </Banner>
      )}
      <ResellerWebhooks reseller={reseller} />
      <ResellerHoldLimits reseller={reseller} />
      <ResellerBilling reseller={reseller} />
      <ResellerInvoices resellerId={reseller._id} />
      <ResellerStatementPanel resellerId={reseller._id} name={reseller.name} />
    </li>
  );
}
