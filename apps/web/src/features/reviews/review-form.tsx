// The review behind the e-mail's link: stars, an optional text, the name and country it is signed
// with. The same schema checks it here and on the server; it is stored in the page's language.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateKey } from '@boats/domain/canary-time';
import { useCanaryTimeText } from '../../shared/i18n/canary-time-text';
import { localized } from '@boats/domain/boat-card';
import { reviewContentSchema, type ReviewFormResponse } from '@boats/domain/schemas/review';
import { ApiError } from '../../shared/api/http';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { Form, FormField, useZodForm } from '../../shared/ui/form';
import { useSaveReview } from './api/save-review';
import { StarsField } from './stars-field';
import styles from '../../shared/reviews/reviews.module.css';

const KNOWN_ERRORS = [
  'invalid_review_link',
  'review_link_expired',
  'booking_not_completed',
  'already_reviewed',
  'review_locked',
];

/** A refusal in the reader's words. */
export function reviewErrorKey(err: unknown): string {
  return err instanceof ApiError && err.code && KNOWN_ERRORS.includes(err.code)
    ? `errors.${err.code}`
    : 'errors.generic';
}

export function ReviewForm({ form: answer, token }: { form: ReviewFormResponse; token: string }) {
  const { t } = useTranslation('reviews');
  const lng = currentLanguage();
  const canary = useCanaryTimeText(lng);
  const save = useSaveReview();
  const [done, setDone] = useState<'sent' | 'saved' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const own = answer.review;
  const form = useZodForm(reviewContentSchema, {
    defaultValues: {
      stars: own?.stars ?? (undefined as unknown as number),
      text: own?.text ?? '',
      firstName: own?.firstName ?? answer.firstName,
      country: own?.country ?? '',
      language: own?.language ?? lng,
    },
  });
  const boat = localized(answer.boatTitle, answer.boatTitle.en, lng);

  return (
    <div className={styles.review}>
      <p className={styles.intro}>{t('form.intro', { boat, date: formatDateKey(answer.tripDate, lng) })}</p>
      {done && (
        <Banner tone="success">
          {t(done === 'sent' ? 'form.sent' : 'form.saved')}
          {own && answer.editable && <> {t('form.editableUntil', { date: canary.at(own.editableUntil) })}</>}
        </Banner>
      )}
      {own && !answer.editable ? (
        <section aria-label={t('form.yours')} className={styles.locked}>
          <p className={styles.starsShown} aria-label={t('list.stars', { count: own.stars })} role="img">
            {'★'.repeat(own.stars)}
          </p>
          {own.text && <p className={styles.text}>{own.text}</p>}
          <p className={styles.muted}>{t('form.locked')}</p>
        </section>
      ) : (
        <Form
          form={form}
          className={styles.form}
          onSubmit={async (values) => {
            setFailure(null);
            setDone(null);
            // Stored in the language it is written in: the page's, whatever the booking's was.
            await save.mutateAsync({
              ...values,
              language: currentLanguage(),
              bookingId: answer.bookingId,
              token,
              change: own !== null,
            });
            setDone(own ? 'saved' : 'sent');
          }}
          onError={(err, onFields) => setFailure(onFields ? null : err)}
        >
          <StarsField name="stars" legend={t('form.stars')} />
          <FormField name="text" as="textarea" rows={5} label={t('form.text')} hint={t('form.textHint')} />
          <FormField name="firstName" label={t('form.firstName')} autoComplete="given-name" />
          <FormField name="country" label={t('form.country')} autoComplete="country-name" />
          {own && !done && (
            <p className={styles.muted}>{t('form.editableUntil', { date: canary.at(own.editableUntil) })}</p>
          )}
          {failure !== null && <Banner tone="error">{t(reviewErrorKey(failure))}</Banner>}
          <button
            type="submit"
            className={button.primary}
            disabled={save.isPending}
            aria-busy={save.isPending}
          >
            {save.isPending ? t('form.sending') : t(own ? 'form.save' : 'form.send')}
          </button>
        </Form>
      )}
    </div>
  );
}
