// A boat's reviews on its booking page: the rating, then the reviews in the reader's language
// first (the latest or the most helpful), each other one marked with the language it was written
// in, the reviewer's country named in the reader's language. Texts are shown as text: React
// escapes them, and nothing in them becomes a link.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateKey } from '@boats/domain/canary-time';
import { countryName } from '@boats/domain/country-names';
import { formatRating, type ReviewOrder } from '@boats/domain/reviews';
import type { LanguageCode } from '@boats/domain/languages';
import type { PublicReview } from '@boats/domain/schemas/review';
import { currentLanguage } from '../i18n/i18n';
import { useBoatReviews } from './api/get-boat-reviews';
import { useMarkHelpful } from './api/mark-helpful';
import styles from './reviews.module.css';

export function BoatReviews({ boatId }: { boatId: string }) {
  const { t } = useTranslation('reviews');
  const lng = currentLanguage();
  const [order, setOrder] = useState<ReviewOrder>('latest');
  const reviews = useBoatReviews(boatId, lng, order);
  if (!reviews.data) return null;
  const { rating, items } = reviews.data;
  return (
    <section className={styles.boatReviews} aria-labelledby="boat-reviews-title">
      <h3 id="boat-reviews-title">{t('list.title')}</h3>
      {rating.count === 0 ? (
        <p className={styles.muted}>{t('list.none')}</p>
      ) : (
        <>
          <p className={styles.summary}>
            <span aria-hidden="true">★ </span>
            {t('list.summary', { rating: formatRating(rating.average, lng), count: rating.count })}
          </p>
          <div role="group" aria-label={t('list.order')} className={styles.order}>
            {(['latest', 'helpful'] as const).map((o) => (
              <button
                key={o}
                type="button"
                aria-pressed={order === o}
                className={order === o ? styles.orderOn : styles.orderOff}
                onClick={() => setOrder(o)}
              >
                {t(`list.${o}`)}
              </button>
            ))}
          </div>
          <ul className={styles.list}>
            {items.slice(0, 6).map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ReviewItem({ review }: { review: PublicReview }) {
  const { t } = useTranslation('reviews');
  const lng = currentLanguage();
  const helpful = useMarkHelpful();
  const language = otherLanguage(review.language, lng);
  const replyLanguage = review.reply?.language ? otherLanguage(review.reply.language, lng) : null;
  return (
    <li className={styles.item} lang={review.language}>
      <p className={styles.starsShown} role="img" aria-label={t('list.stars', { count: review.stars })}>
        {'★'.repeat(review.stars)}
        <span className={styles.starsOff}>{'★'.repeat(5 - review.stars)}</span>
      </p>
      {review.text && <p className={styles.text}>{review.text}</p>}
      <p className={styles.byline} lang={lng}>
        {[review.firstName, countryName(review.country, lng)].filter(Boolean).join(', ')} ·{' '}
        {t('list.trip', { date: formatDateKey(review.tripDate, lng) })}
        {language && (
          <>
            {' · '}
            <span className={styles.language}>{t('list.writtenIn', { language })}</span>
          </>
        )}
      </p>
      {review.reply && (
        <div className={styles.reply}>
          <p className={styles.replyTitle} lang={lng}>
            {t('list.reply')}
            {replyLanguage && (
              <>
                {' · '}
                <span className={styles.language}>{t('list.writtenIn', { language: replyLanguage })}</span>
              </>
            )}
          </p>
          <p className={styles.text} lang={review.reply.language ?? review.language}>
            {review.reply.text}
          </p>
        </div>
      )}
      <p className={styles.helpful} lang={lng}>
        {helpful.isSuccess ? (
          <span role="status">{t('list.thanks')}</span>
        ) : (
          <button
            type="button"
            className={styles.helpfulButton}
            disabled={helpful.isPending}
            onClick={() => helpful.mutate(review.id)}
          >
            {t('list.markHelpful')}
          </button>
        )}
        {review.helpful > 0 && (
          <span className={styles.muted}> {t('list.helpfulCount', { count: review.helpful })}</span>
        )}
      </p>
    </li>
  );
}

/** A text's language named in the reader's ("Spanish"), when it is not the reader's own. */
function otherLanguage(written: LanguageCode, reader: LanguageCode): string | null {
  return written === reader
    ? null
    : (new Intl.DisplayNames([reader], { type: 'language' }).of(written) ?? written);
}
