// /admin/reviews: an owner reads the reviews of their boats and answers each once, publicly;
// the admin sees every boat's and can also hide one, with a reason the record keeps.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '@boats/domain/country-names';
import { formatCanaryDate, formatDateKey } from '@boats/domain/canary-time';
import { LANGUAGES, languageName } from '@boats/domain/languages';
import {
  reviewHideRequestSchema,
  reviewReplyRequestSchema,
  REVIEW_HIDE_REASONS,
  type BackOfficeReview,
} from '@boats/domain/schemas/review';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { useAuth } from '../../shared/auth/auth-context';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Button } from '../../shared/ui/button';
import { EmptyCard } from '../../shared/ui/card';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { DialogActions, Modal } from '../../shared/ui/modal';
import { useAdminReviews, useHideReview, useReplyToReview } from './api/admin-reviews';
import styles from '../../shared/reviews/reviews.module.css';

export default function AdminReviewsPage() {
  const { t } = useTranslation('reviews');
  return (
    <AdminLayout title={t('admin.title')} access="office">
      <ReviewsList />
    </AdminLayout>
  );
}

function ReviewsList() {
  const { t } = useTranslation('reviews');
  const reviews = useAdminReviews();
  if (reviews.isPending) return <p role="status">{t('admin.loading')}</p>;
  if (reviews.isError) return <FormErrorText />;
  if (reviews.data.length === 0) return <EmptyCard>{t('admin.empty')}</EmptyCard>;
  return (
    <ul className={styles.adminList}>
      {reviews.data.map((review) => (
        <AdminReview key={review.id} review={review} />
      ))}
    </ul>
  );
}

function FormErrorText() {
  const { t } = useTranslation('reviews');
  return <p role="alert">{t('errors.generic')}</p>;
}

function AdminReview({ review }: { review: BackOfficeReview }) {
  const { t } = useTranslation('reviews');
  const { isAdmin } = useAuth();
  const lng = currentLanguage();
  return (
    <li className={styles.item} aria-label={`${review.boatTitle}: ${review.firstName}`}>
      <p className={styles.byline}>
        {t('common:labelled', { label: t('admin.boat'), value: review.boatTitle })} ·{' '}
        {t('list.trip', { date: formatDateKey(review.tripDate, lng) })}
      </p>
      <p className={styles.starsShown} role="img" aria-label={t('list.stars', { count: review.stars })}>
        {'★'.repeat(review.stars)}
        <span className={styles.starsOff}>{'★'.repeat(5 - review.stars)}</span>
      </p>
      {review.text && (
        <p className={styles.text} lang={review.language}>
          {review.text}
        </p>
      )}
      <p className={styles.byline}>
        {[review.firstName, countryName(review.country, lng)].filter(Boolean).join(', ')}
      </p>
      {review.hidden && (
        <p className={styles.language}>
          {t('admin.hidden', {
            reason: t(`admin.reasons.${review.hidden.reason}`),
            by: review.hidden.by,
            date: formatCanaryDate(review.hidden.at, lng),
          })}
          {review.hidden.note && ` — ${review.hidden.note}`}
        </p>
      )}
      {review.reply ? (
        <div className={styles.reply}>
          <p className={styles.replyTitle}>{t('admin.replied')}</p>
          <p className={styles.text}>{review.reply.text}</p>
        </div>
      ) : (
        <ReplyForm id={review.id} />
      )}
      {isAdmin && !review.hidden && <HideReview id={review.id} />}
    </li>
  );
}

function ReplyForm({ id }: { id: string }) {
  const { t } = useTranslation('reviews');
  const reply = useReplyToReview(id);
  const form = useZodForm(reviewReplyRequestSchema, {
    defaultValues: { text: '', language: currentLanguage() },
  });
  return (
    <Form form={form} className={styles.form} onSubmit={async (values) => reply.mutateAsync(values)}>
      <FormField
        name="text"
        as="textarea"
        rows={3}
        label={t('admin.replyLabel')}
        hint={t('admin.replyOnce')}
      />
      {/* Readers of another language see the answer marked with it, as a review is. */}
      <FormField name="language" label={t('admin.replyLanguage')} as="select" compact>
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {languageName(lng)}
          </option>
        ))}
      </FormField>
      <FormError />
      <div className={styles.adminActions}>
        <Button variant="primary" size="compact" type="submit" disabled={reply.isPending}>
          {t('admin.replySend')}
        </Button>
      </div>
    </Form>
  );
}

function HideReview({ id }: { id: string }) {
  const { t } = useTranslation('reviews');
  const [open, setOpen] = useState(false);
  const hide = useHideReview(id);
  const form = useZodForm(reviewHideRequestSchema, {
    defaultValues: { reason: 'abuse', note: '' },
  });
  return (
    <>
      <Button variant="outline" size="compact" tone="danger" onClick={() => setOpen(true)}>
        {t('admin.hide')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('admin.hideTitle')}
        closeLabel={t('admin.cancel')}
      >
        <Form
          form={form}
          className={styles.form}
          onSubmit={async (values) => {
            await hide.mutateAsync(values);
            setOpen(false);
          }}
        >
          <p>{t('admin.hideIntro')}</p>
          <FormField name="reason" as="select" label={t('admin.hideReason')}>
            {REVIEW_HIDE_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`admin.reasons.${reason}`)}
              </option>
            ))}
          </FormField>
          <FormField name="note" label={t('admin.hideNote')} />
          <FormError />
          <DialogActions>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('admin.cancel')}
            </Button>
            <Button variant="primary" type="submit" disabled={hide.isPending}>
              {t('admin.hideConfirm')}
            </Button>
          </DialogActions>
        </Form>
      </Modal>
    </>
  );
}
