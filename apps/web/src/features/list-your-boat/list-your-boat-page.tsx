// /list-your-boat (docs/back-office.md#owner-applications): a boat owner applies to list a boat.
// The same ownerApplicationInputSchema checks the form here and the call on the server; the
// server's refusals land on their fields. Phone-first: one column, the photos from the camera.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LANGUAGES, languageName } from '@boats/domain/languages';
import {
  BOAT_TYPES,
  OWNER_KINDS,
  ownerApplicationInputSchema,
  type OwnerApplicationInput,
} from '@boats/domain/schemas/owner-application';
import { ApiError, errorText } from '../../shared/api/http';
import { currentLanguage } from '../../shared/i18n/i18n';
import { usePageTitle } from '../../shared/i18n/use-page-title';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { Form, FormField, useErrorText, useZodForm } from '../../shared/ui/form';
import { SiteFooter, SiteHeader } from '../../shared/layout';
import { ApplicationPhotos } from './application-photos';
import { sendApplication } from './send-application';
import styles from './list-your-boat.module.css';
import { paths } from '../../shared/paths';

type Fields = Omit<OwnerApplicationInput, 'termsAccepted' | 'boat'> & {
  termsAccepted: boolean;
  boat: Omit<OwnerApplicationInput['boat'], 'lengthMeters' | 'capacity'> & {
    lengthMeters: string;
    capacity: string;
  };
};

const empty = (): Fields => ({
  kind: 'person',
  displayName: '',
  legalName: '',
  taxId: '',
  address: '',
  phone: '',
  email: '',
  language: currentLanguage(),
  boat: {
    type: 'motorboat',
    name: '',
    lengthMeters: '',
    capacity: '',
    harbour: '',
    included: '',
    photos: [],
  },
  termsAccepted: false,
  website: '',
});

export default function ListYourBoatPage() {
  const { t } = useTranslation('list-your-boat');
  const errorOf = useErrorText();
  const form = useZodForm<typeof ownerApplicationInputSchema, Fields>(ownerApplicationInputSchema, {
    defaultValues: empty(),
  });
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Photos still going up: the application waits for them (it was once saved without them).
  const [uploading, setUploading] = useState(false);
  const photos = form.watch('boat.photos') ?? [];
  const termsError = form.formState.errors.termsAccepted?.message;

  usePageTitle(t('title'));

  return (
    <>
      <SiteHeader />
      <main className={styles.page}>
        <h1>{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
        <ul className={styles.points}>
          <li>{t('points.free')}</li>
          <li>{t('points.control')}</li>
          <li>{t('points.paid')}</li>
        </ul>
        {sent ? (
          <Banner tone="success" title={t('sent.title')}>
            <p>{t('sent.body', { email: sent })}</p>
          </Banner>
        ) : (
          <Form
            form={form}
            className={styles.form}
            aria-label={t('title')}
            onSubmit={async (values) => {
              if (uploading) return;
              setFailure(null);
              await sendApplication(values);
              setSent(values.email);
              window.scrollTo({ top: 0 });
            }}
            onError={(err, onFields) => {
              if (err instanceof ApiError && err.status === 429) setFailure(t('failed.rateLimited'));
              else if (onFields) setFailure(t('failed.fields'));
              else setFailure(err instanceof ApiError && err.status ? errorText(err) : t('failed.network'));
            }}
          >
            <fieldset className={styles.fieldset}>
              <legend>{t('owner.legend')}</legend>
              <div className={styles.choice} role="radiogroup" aria-label={t('owner.kind')}>
                {OWNER_KINDS.map((kind) => (
                  <label key={kind}>
                    <input type="radio" value={kind} {...form.register('kind')} /> {t(`owner.kinds.${kind}`)}
                  </label>
                ))}
              </div>
              <FormField name="legalName" label={t('owner.legalName')} autoComplete="name" required />
              <FormField
                name="displayName"
                label={t('owner.displayName')}
                hint={t('owner.displayNameHint')}
              />
              <FormField name="taxId" label={t('owner.taxId')} hint={t('owner.taxIdHint')} required />
              <FormField
                name="address"
                as="textarea"
                rows={2}
                label={t('owner.address')}
                autoComplete="street-address"
                required
              />
              <FormField name="phone" label={t('owner.phone')} type="tel" autoComplete="tel" required />
              <FormField
                name="email"
                label={t('owner.email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                required
              />
              <FormField name="language" as="select" label={t('owner.language')}>
                {LANGUAGES.map((lng) => (
                  <option key={lng} value={lng}>
                    {languageName(lng)}
                  </option>
                ))}
              </FormField>
            </fieldset>

            <fieldset className={styles.fieldset}>
              <legend>{t('boat.legend')}</legend>
              <FormField name="boat.type" as="select" label={t('boat.type')}>
                {BOAT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`boat.types.${type}`)}
                  </option>
                ))}
              </FormField>
              <FormField name="boat.name" label={t('boat.name')} required />
              <div className={styles.pair}>
                <FormField name="boat.lengthMeters" label={t('boat.length')} inputMode="decimal" required />
                <FormField name="boat.capacity" label={t('boat.capacity')} inputMode="numeric" required />
              </div>
              <FormField
                name="boat.harbour"
                label={t('boat.harbour')}
                hint={t('boat.harbourHint')}
                required
              />
              <FormField
                name="boat.included"
                as="textarea"
                rows={3}
                label={t('boat.included')}
                hint={t('boat.includedHint')}
              />
            </fieldset>

            <ApplicationPhotos
              photos={photos}
              onChange={(next) => form.setValue('boat.photos', next, { shouldDirty: true })}
              onUploading={setUploading}
            />

            {/* Honeypot: hidden from people and assistive technology; bots fill it and are dropped. */}
            <div className={styles.honeypot} aria-hidden="true">
              <label>
                {t('website')}
                <input {...form.register('website')} tabIndex={-1} autoComplete="off" />
              </label>
            </div>

            <div className={styles.terms}>
              <label>
                <input
                  type="checkbox"
                  {...form.register('termsAccepted')}
                  aria-invalid={termsError ? true : undefined}
                  aria-describedby={termsError ? 'terms-error' : undefined}
                />{' '}
                {t('terms.accept')}{' '}
                <Link to={paths.legal.getHref('terms')} target="_blank">
                  {t('terms.link')}
                </Link>
              </label>
              {termsError && (
                <p id="terms-error" className={styles.error} role="alert">
                  {errorOf(termsError)}
                </p>
              )}
            </div>

            {failure && <Banner tone="error">{failure}</Banner>}
            <button
              type="submit"
              className={button.primary}
              disabled={form.formState.isSubmitting || uploading}
              aria-busy={form.formState.isSubmitting || uploading}
            >
              {uploading ? t('waitForPhotos') : form.formState.isSubmitting ? t('sending') : t('send')}
            </button>
          </Form>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
