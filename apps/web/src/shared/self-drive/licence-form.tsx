// The skipper's licence form, the same on manage my booking (the customer, before the trip) and
// on the crew's phone at the harbour: name, licence type (only those that cover the boat), number,
// issuing country and a photo, sent as soon as it is chosen (a private photo: the caller's upload).
// The domain schema checks it here and again on the server.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { licenceCovers, SKIPPER_LICENCE_TYPES, type BoatLicence } from '@boats/domain/licences';
import {
  skipperLicenceInputSchema,
  type SkipperLicence,
  type SkipperLicenceInput,
} from '@boats/domain/schemas/self-drive';
import button from '../ui/button.module.css';
import { FieldErrorText, Form, FormError, FormField, useErrorText, useZodForm } from '../ui/form';
import styles from './self-drive.module.css';

export function LicenceForm({
  required,
  foreignAccepted,
  initial,
  upload,
  renderPhoto,
  onSave,
  idPrefix = 'licence',
}: {
  required: BoatLicence;
  foreignAccepted: boolean;
  /** What was recorded before, typed again (null: a blank form). */
  initial: SkipperLicence | null;
  /** Sends a chosen photo; answers its stored name. */
  upload: (file: File) => Promise<string>;
  /** Shows a stored photo (the caller knows how it may be read). */
  renderPhoto: (photo: string) => ReactNode;
  onSave: (values: SkipperLicenceInput) => Promise<unknown>;
  /** Ids of the fields, unique on a page showing several forms (a manifest). */
  idPrefix?: string;
}) {
  const { t } = useTranslation(['self-drive', 'common']);
  const errorText = useErrorText();
  const types = SKIPPER_LICENCE_TYPES.filter((type) => licenceCovers(type, required, foreignAccepted));
  const form = useZodForm(skipperLicenceInputSchema, {
    defaultValues: {
      skipperName: initial?.skipperName ?? '',
      licenceType:
        initial?.licenceType && types.includes(initial.licenceType) ? initial.licenceType : required,
      licenceNumber: initial?.licenceNumber ?? '',
      issuingCountry: initial?.issuingCountry ?? '',
      photo: initial?.photo ?? '',
    },
  });
  const [sending, setSending] = useState(false);
  const [photoFailed, setPhotoFailed] = useState(false);
  const photo = form.watch('photo');
  const photoError = form.formState.errors.photo?.message;
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <Form form={form} className={styles.form} onSubmit={onSave}>
      <FormField name="skipperName" id={id('name')} label={t('form.skipperName')} autoComplete="name" />
      <FormField name="licenceType" id={id('type')} as="select" label={t('form.licenceType')}>
        {types.map((type) => (
          <option key={type} value={type}>
            {type === 'foreign' ? t('form.foreign') : t(`licences.${type}`, { ns: 'common' })}
          </option>
        ))}
      </FormField>
      <FormField
        name="licenceNumber"
        id={id('number')}
        label={t('form.licenceNumber')}
        autoComplete="off"
        spellCheck={false}
      />
      <FormField
        name="issuingCountry"
        id={id('country')}
        label={t('form.issuingCountry')}
        hint={t('form.issuingCountryHint')}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={2}
      />
      <div className={styles.photoField}>
        <label htmlFor={id('photo')}>{t('form.photo')}</label>
        <input
          id={id('photo')}
          type="file"
          accept="image/*"
          capture="environment"
          aria-describedby={`${id('photo')}-hint${photoError ? ` ${id('photo')}-error` : ''}`}
          aria-invalid={photoError ? true : undefined}
          disabled={sending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setSending(true);
            setPhotoFailed(false);
            void upload(file)
              .then((name) => form.setValue('photo', name, { shouldValidate: true }))
              .catch(() => setPhotoFailed(true))
              .finally(() => setSending(false));
          }}
        />
        <p id={`${id('photo')}-hint`} className={styles.hint}>
          {t('form.photoHint')}
        </p>
        {sending && <p role="status">{t('form.photoSending')}</p>}
        {photoFailed && <p role="alert">{t('form.photoFailed')}</p>}
        <FieldErrorText id={`${id('photo')}-error`} message={errorText(photoError)} />
        {photo && !sending && <div className={styles.photo}>{renderPhoto(photo)}</div>}
      </div>
      <FormError />
      <button
        type="submit"
        className={button.primary}
        disabled={sending || form.formState.isSubmitting}
        aria-busy={form.formState.isSubmitting}
      >
        {form.formState.isSubmitting ? t('form.saving') : t('form.save')}
      </button>
    </Form>
  );
}
