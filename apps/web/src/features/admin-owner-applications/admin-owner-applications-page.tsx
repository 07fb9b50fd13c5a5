// /admin/owner-applications: the applications to list a boat, pending first; one opens in full
// (with its photos) to approve, or to decline with the reason the applicant will read. Everything
// the applicant typed is shown as text.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { declineApplicationSchema, type OwnerApplication } from '@boats/domain/schemas/owner-application';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { languageName } from '@boats/domain/languages';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import { BoatPhoto } from '../../shared/ui/boat-photo';
import button from '../../shared/ui/button.module.css';
import { Form, FormField, useZodForm } from '../../shared/ui/form';
import { PageLoading } from '../../shared/ui/page-loading';
import { useDecideApplication, useOwnerApplications } from './api/owner-applications';
import styles from './admin-owner-applications.module.css';

export default function AdminOwnerApplicationsPage() {
  const { t } = useTranslation('admin-applications');
  return (
    <AdminLayout title={t('title')}>
      <ApplicationsScreen />
    </AdminLayout>
  );
}

const ORDER = { pending: 0, approved: 1, declined: 2 } as const;

/** Inside the layout's guard, so the list is asked for only once an admin is signed in. */
function ApplicationsScreen() {
  const { t } = useTranslation('admin-applications');
  const errorText = useAdminErrorText();
  const applications = useOwnerApplications();
  const [openId, setOpenId] = useState<string | null>(null);
  if (applications.isPending) return <PageLoading />;
  if (applications.isError) return <Banner tone="error">{errorText(applications.error)}</Banner>;
  const items = [...applications.data].sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  const open = items.find((a) => a._id === openId);
  if (items.length === 0) return <p>{t('empty')}</p>;
  return (
    <div className={styles.layout}>
      <ul className={styles.list} aria-label={t('listLabel')}>
        {items.map((a) => (
          <li key={a._id}>
            <button
              type="button"
              className={a._id === openId ? `${styles.item} ${styles.current}` : styles.item}
              aria-current={a._id === openId ? 'true' : undefined}
              onClick={() => setOpenId(a._id)}
            >
              <span className={styles.itemTitle}>
                {a.displayName} · {a.boat.name}
              </span>
              <span className={styles[a.status]}>{t(`status.${a.status}`)}</span>
              <span className={styles.muted}>
                {formatCanaryDateTime(new Date(a.createdAt), currentLanguage())}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {open && <ApplicationDetails key={open._id} application={open} />}
    </div>
  );
}

function ApplicationDetails({ application: a }: { application: OwnerApplication }) {
  const { t } = useTranslation('admin-applications');
  const errorText = useAdminErrorText();
  const decide = useDecideApplication();
  const [declining, setDeclining] = useState(false);
  const rows: [string, string][] = [
    [t('fields.kind'), t(`kinds.${a.kind}`)],
    [t('fields.legalName'), a.legalName],
    [t('fields.displayName'), a.displayName],
    [t('fields.taxId'), a.taxId],
    [t('fields.address'), a.address],
    [t('fields.phone'), a.phone],
    [t('fields.email'), a.email],
    [t('fields.language'), languageName(a.language)],
    [t('fields.boatType'), t(`boatTypes.${a.boat.type}`)],
    [t('fields.boatName'), a.boat.name],
    [t('fields.length'), t('lengthValue', { value: a.boat.lengthMeters })],
    [t('fields.capacity'), t('capacityValue', { count: a.boat.capacity })],
    [t('fields.harbour'), a.boat.harbour],
    [t('fields.included'), a.boat.included || '—'],
  ];
  return (
    <section className={styles.details} aria-labelledby="application-title">
      <h2 id="application-title">
        {a.displayName} · {a.boat.name}
      </h2>
      <dl className={styles.facts}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {a.boat.photos.length > 0 && (
        <ul className={styles.photos} aria-label={t('photos')}>
          {a.boat.photos.map((url, i) => (
            <li key={url}>
              <BoatPhoto url={url} alt={t('photoAlt', { n: i + 1 })} sizes="160px" />
            </li>
          ))}
        </ul>
      )}
      {a.status === 'approved' && <Banner tone="success">{t('approvedNote')}</Banner>}
      {a.status === 'declined' && (
        <Banner tone="info" title={t('declinedNote')}>
          <p className={styles.reason}>{a.declineReason}</p>
        </Banner>
      )}
      {decide.isError && <Banner tone="error">{errorText(decide.error)}</Banner>}
      {a.status === 'pending' && !declining && (
        <div className={styles.actions}>
          <button
            type="button"
            className={button.primary}
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: a._id, action: 'approve' })}
          >
            {decide.isPending ? t('approving') : t('approve')}
          </button>
          <button type="button" className={button.secondary} onClick={() => setDeclining(true)}>
            {t('decline')}
          </button>
        </div>
      )}
      {a.status === 'pending' && declining && (
        <DeclineForm
          language={a.language}
          onCancel={() => setDeclining(false)}
          onDecline={(reason) => decide.mutateAsync({ id: a._id, action: 'decline', reason })}
        />
      )}
    </section>
  );
}

function DeclineForm({
  language,
  onCancel,
  onDecline,
}: {
  language: OwnerApplication['language'];
  onCancel: () => void;
  onDecline: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('admin-applications');
  const form = useZodForm(declineApplicationSchema, { defaultValues: { reason: '' } });
  return (
    <Form form={form} className={styles.decline} onSubmit={async ({ reason }) => onDecline(reason)}>
      <FormField
        name="reason"
        as="textarea"
        rows={4}
        label={t('reason')}
        hint={t('reasonHint', { language: languageName(language) })}
        required
      />
      <div className={styles.actions}>
        <button type="submit" className={button.primary} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('declining') : t('confirmDecline')}
        </button>
        <button type="button" className={button.light} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </Form>
  );
}
