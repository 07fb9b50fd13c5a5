// The owner's invoicing settings on the earnings page (docs/invoicing.md#customers-invoices-in-the-owners-name):
// whether the platform invoices their customers in their name (with the date they accepted it),
// and their IGIC regime, general with its rate or exempt as a small business (with the legal
// mention the invoices carry). The name, tax id and address invoiced in are the owner's details,
// which the admin corrects. The platform's own boats are invoiced in its name: nothing to choose.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCanaryDate } from '@boats/domain/canary-time';
import { formatNumber } from '@boats/domain/money';
import {
  ownerInvoicingUpdateSchema,
  type IgicRegime,
  type OwnerInvoicing,
} from '@boats/domain/schemas/owner-invoicing';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { ApiError } from '../../shared/api/http';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { PageLoading } from '../../shared/ui/page-loading';
import { useOwnerInvoicing, useSaveOwnerInvoicing } from './api/owner-invoicing';
import styles from './owner-earnings.module.css';

export function InvoicingSettingsSection({ ownerId }: { ownerId: string | null }) {
  const { t } = useTranslation('owner-invoices');
  const errorText = useAdminErrorText();
  const settings = useOwnerInvoicing(ownerId);
  return (
    <section aria-labelledby="invoicing-settings" className={styles.account}>
      <h2 id="invoicing-settings" className={styles.heading}>
        {t('settings.title')}
      </h2>
      {settings.isPending ? (
        <PageLoading />
      ) : settings.isError ? (
        <Banner tone="error">{errorText(settings.error)}</Banner>
      ) : settings.data.settings.isPlatform ? (
        <p>{t('settings.platform')}</p>
      ) : (
        <SettingsForm
          key={JSON.stringify(settings.data.settings)}
          ownerId={ownerId}
          settings={settings.data.settings}
        />
      )}
    </section>
  );
}

function SettingsForm({ ownerId, settings }: { ownerId: string | null; settings: OwnerInvoicing }) {
  const { t } = useTranslation('owner-invoices');
  const { t: tc } = useTranslation();
  const errorText = useAdminErrorText();
  const lang = currentLanguage();
  const save = useSaveOwnerInvoicing(ownerId);
  const [invoicesCustomers, setInvoicesCustomers] = useState(settings.invoicesCustomers);
  const [igicRegime, setIgicRegime] = useState<IgicRegime>(settings.igicRegime);
  const [rate, setRate] = useState(formatNumber(settings.igicPercent, lang));
  const [rateError, setRateError] = useState<string | null>(null);

  const submit = () => {
    setRateError(null);
    const typed = rate.trim() === '' ? Number.NaN : Number(rate.trim().replace(',', '.'));
    const parsed = ownerInvoicingUpdateSchema.safeParse({
      invoicesCustomers,
      igicRegime,
      igicPercent: typed,
    });
    if (!parsed.success) {
      setRateError(parsed.error.issues[0]?.message ?? 'validation.number');
      return;
    }
    save.mutate(parsed.data, {
      onError: (err) => {
        const field =
          err instanceof ApiError ? err.fields.find((f) => f.path.endsWith('igicPercent')) : undefined;
        if (field) setRateError(field.message);
      },
    });
  };

  const rateMessage = rateError ? (rateError.startsWith('validation.') ? tc(rateError) : rateError) : null;
  return (
    <form
      className={styles.settings}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p>{t('settings.intro')}</p>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={invoicesCustomers}
          onChange={(e) => setInvoicesCustomers(e.target.checked)}
        />
        {t('settings.invoicesCustomers')}
      </label>
      <p className={styles.muted} data-testid="invoicing-accepted">
        {settings.acceptedAt
          ? t('settings.acceptedAt', { date: formatCanaryDate(new Date(settings.acceptedAt), lang) })
          : t('settings.selfInvoicing')}
      </p>
      {settings.acceptedAt && (
        // The records of the invoices issued in the owner's name go to the AEAT only under their
        // representation of the platform (docs/invoicing.md#sending-for-others-lawfully).
        <p className={styles.muted} data-testid="aeat-representation">
          {settings.representation
            ? t('settings.representation', {
                date: formatCanaryDate(new Date(`${settings.representation.since}T12:00:00Z`), lang),
              })
            : t('settings.noRepresentation')}
        </p>
      )}
      <fieldset className={styles.regimes}>
        <legend>{t('settings.regime')}</legend>
        <label className={styles.check}>
          <input
            type="radio"
            name="igicRegime"
            value="general"
            checked={igicRegime === 'general'}
            onChange={() => setIgicRegime('general')}
          />
          {t('settings.general')}
        </label>
        {igicRegime === 'general' && (
          <label className={styles.pick}>
            {t('settings.rate')}
            <input
              inputMode="decimal"
              name="igicPercent"
              value={rate}
              aria-invalid={rateMessage ? true : undefined}
              aria-describedby={rateMessage ? 'igic-rate-error' : undefined}
              onChange={(e) => setRate(e.target.value)}
            />
            {rateMessage && (
              <span id="igic-rate-error" className={styles.error}>
                {rateMessage}
              </span>
            )}
          </label>
        )}
        <label className={styles.check}>
          <input
            type="radio"
            name="igicRegime"
            value="exempt"
            checked={igicRegime === 'exempt'}
            onChange={() => setIgicRegime('exempt')}
          />
          {t('settings.exempt')}
        </label>
        {igicRegime === 'exempt' && (
          <p className={styles.muted}>
            {t('settings.mention')} <q lang="es">{settings.exemptMention}</q>
          </p>
        )}
      </fieldset>
      <p className={styles.muted}>
        {t('settings.identity', {
          name: settings.legalName || '—',
          taxId: settings.taxId || '—',
          address: settings.address || '—',
        })}
      </p>
      <button type="submit" className={button.outline} disabled={save.isPending} aria-busy={save.isPending}>
        {t('settings.save')}
      </button>
      {save.isSuccess && <p role="status">{t('settings.saved')}</p>}
      {save.isError && !rateMessage && <Banner tone="error">{errorText(save.error)}</Banner>}
    </form>
  );
}
