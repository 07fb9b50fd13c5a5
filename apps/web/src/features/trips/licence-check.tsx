// A self-drive booking's skipper licence on the manifest: what the customer or crew recorded, its
// photo, and crew's check against the document: confirm it, record it here at the harbour, or
// refuse the departure with a reason (the booking is then canceled, nothing refunded: the policy
// the customer accepted at booking, docs/decisions/0039).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SkipperLicence } from '@boats/domain/schemas/self-drive';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { LicenceForm } from '../../shared/self-drive/licence-form';
import { LicenceSummary } from '../../shared/self-drive/licence-summary';
import {
  downloadAgreement,
  uploadEvidencePhoto,
  useLicenceAction,
  useStaffLicence,
} from './api/licence-check';
import { EvidencePhoto } from '../../shared/self-drive/evidence-photo';
import styles from './trips.module.css';

export function LicenceCheck({ bookingId, licence }: { bookingId: string; licence: SkipperLicence | null }) {
  const { t } = useTranslation('self-drive');
  const [mode, setMode] = useState<'idle' | 'record' | 'refuse'>('idle');
  const [reason, setReason] = useState('');
  const [agreementFailed, setAgreementFailed] = useState(false);
  const action = useLicenceAction(bookingId);
  const terms = useStaffLicence(bookingId, mode === 'record');
  const open = !licence || licence.status === 'recorded';
  const photo = (name: string) => <EvidencePhoto bookingId={bookingId} photo={name} alt={t('photoAlt')} />;

  return (
    <div className={styles.licence} data-testid="licence-check">
      {licence ? (
        <LicenceSummary licence={licence} renderPhoto={photo} />
      ) : (
        <p className={styles.facts}>{t('crew.noneYet')}</p>
      )}
      <button
        type="button"
        className={button.outline}
        onClick={() => void downloadAgreement(bookingId).catch(() => setAgreementFailed(true))}
      >
        {t('agreement.download')}
      </button>
      {(action.isError || agreementFailed) && <Banner tone="error">{t('crew.failed')}</Banner>}
      {open && mode === 'idle' && (
        <div className={styles.licenceActions}>
          {licence && (
            <button
              type="button"
              className={button.primary}
              disabled={action.isPending}
              onClick={() => action.mutate({ kind: 'confirm' })}
            >
              {t('crew.confirm')}
            </button>
          )}
          <button type="button" className={button.secondary} onClick={() => setMode('record')}>
            {licence ? t('crew.recordAgain') : t('crew.record')}
          </button>
          <button type="button" className={button.outline} onClick={() => setMode('refuse')}>
            {t('crew.refuse')}
          </button>
        </div>
      )}
      {open && mode === 'record' && terms.data?.required && (
        <LicenceForm
          required={terms.data.required}
          foreignAccepted={terms.data.foreignAccepted}
          initial={licence}
          idPrefix={`licence-${bookingId}`}
          upload={(file) => uploadEvidencePhoto(bookingId, file)}
          renderPhoto={photo}
          onSave={async (values) => {
            await action.mutateAsync({ kind: 'record', licence: values });
            setMode('idle');
          }}
        />
      )}
      {open && mode === 'refuse' && (
        <form
          className={styles.licenceActions}
          onSubmit={(event) => {
            event.preventDefault();
            action.mutate({ kind: 'refuse', refusal: { reason } }, { onSuccess: () => setMode('idle') });
          }}
        >
          <label htmlFor={`refuse-${bookingId}`}>{t('crew.refuseReason')}</label>
          <textarea
            id={`refuse-${bookingId}`}
            value={reason}
            minLength={5}
            maxLength={300}
            required
            onChange={(event) => setReason(event.target.value)}
          />
          <p className={styles.facts}>{t('crew.refuseNote')}</p>
          <button
            type="submit"
            className={button.danger}
            disabled={action.isPending || reason.trim().length < 5}
          >
            {t('crew.refuseConfirm')}
          </button>
          <button type="button" className={button.outline} onClick={() => setMode('idle')}>
            {t('crew.back')}
          </button>
        </form>
      )}
    </div>
  );
}
