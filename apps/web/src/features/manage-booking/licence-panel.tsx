// A self-drive booking's skipper's licence on manage my booking: what the boat requires, the
// refusal policy said again, the rental agreement's PDF, and the form to record it before the trip (crew then only compare
// it with the document at the harbour), or where it stands once crew have checked it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../shared/ui/banner';
import { LicenceForm } from '../../shared/self-drive/licence-form';
import { LicenceSummary } from '../../shared/self-drive/licence-summary';
import {
  agreementPdfUrl,
  licencePhotoUrl,
  uploadLicencePhoto,
  useBookingLicence,
  useSaveLicence,
} from './api/get-booking-licence';
import styles from './manage-booking.module.css';

export function LicencePanel({ bookingId, token }: { bookingId: string; token: string }) {
  const { t } = useTranslation(['self-drive', 'common']);
  const state = useBookingLicence(bookingId, token);
  const save = useSaveLicence(bookingId, token);
  const [saved, setSaved] = useState(false);
  if (!state.data?.required) return null;
  const { required, foreignAccepted, editable, licence } = state.data;
  const photo = (name: string) => (
    <img src={licencePhotoUrl(bookingId, token, name)} alt={t('photoAlt')} width={480} />
  );
  return (
    <section className={styles.cancel} aria-labelledby="licence-title">
      <h2 id="licence-title" className={styles.sectionTitle}>
        {t('title')}
      </h2>
      <p className={styles.muted}>
        {t(foreignAccepted ? 'requiredOrForeign' : 'required', {
          licence: t(`licences.${required}`, { ns: 'common' }),
        })}
      </p>
      <p className={styles.muted} data-testid="licence-refusal-policy">
        {t('policy')}
      </p>
      <p>
        <a href={agreementPdfUrl(bookingId, token)} download>
          {t('agreement.download')}
        </a>
      </p>
      {saved && <Banner tone="success">{t('form.saved')}</Banner>}
      {licence && <LicenceSummary licence={licence} renderPhoto={editable ? undefined : photo} />}
      {editable && (
        <LicenceForm
          required={required}
          foreignAccepted={foreignAccepted}
          initial={licence}
          upload={(file) => uploadLicencePhoto(bookingId, token, file)}
          renderPhoto={photo}
          onSave={async (values) => {
            setSaved(false);
            await save.mutateAsync(values);
            setSaved(true);
          }}
        />
      )}
    </section>
  );
}
