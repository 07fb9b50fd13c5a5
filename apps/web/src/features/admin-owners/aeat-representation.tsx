// An owner's representation of the platform before the AEAT (docs/invoicing.md#sending-for-others-lawfully):
// the platform's certificate sends the billing records of the invoices it issues in the owner's
// name only once the admin has recorded it, with the day it was granted and the evidence checked
// (the AEAT's registration of the apoderamiento). Until then, and after a revocation, those records
// wait, and the invoicing records page says so.
import { useTranslation } from 'react-i18next';
import { aeatRepresentationSchema, type Owner } from '@boats/domain/schemas/owner';
import { formatCanaryDate } from '@boats/domain/canary-time';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { useRecordRepresentation, useRevokeRepresentation } from './api/owners';
import styles from './admin-owners.module.css';

export function AeatRepresentationSection({ owner }: { owner: Owner }) {
  const { t } = useTranslation('admin-owners');
  const errorText = useAdminErrorText();
  const record = useRecordRepresentation();
  const revoke = useRevokeRepresentation();
  const form = useZodForm(aeatRepresentationSchema, { defaultValues: { since: '', evidence: '' } });
  const held = owner.aeatRepresentation;
  return (
    <section className={styles.representation} aria-label={t('representation.title')}>
      <h3 className={styles.representationTitle}>{t('representation.title')}</h3>
      {held ? (
        <>
          <p data-testid="aeat-representation">
            {t('representation.since', {
              date: formatCanaryDate(new Date(`${held.since}T12:00:00Z`), currentLanguage()),
              evidence: held.evidence,
            })}
          </p>
          {revoke.isError && <Banner tone="error">{errorText(revoke.error)}</Banner>}
          <button
            type="button"
            className={button.outline}
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(owner._id)}
          >
            {t('representation.revoke')}
          </button>
        </>
      ) : (
        <>
          <p className={styles.muted}>{t('representation.none')}</p>
          <Form
            form={form}
            onSubmit={async (value) => void (await record.mutateAsync({ id: owner._id, value }))}
          >
            <FormField name="since" label={t('representation.sinceLabel')} type="date" />
            <FormField
              name="evidence"
              label={t('representation.evidence')}
              hint={t('representation.evidenceHint')}
              autoComplete="off"
            />
            <FormError />
            <button type="submit" className={button.outline} disabled={form.formState.isSubmitting}>
              {t('representation.record')}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
