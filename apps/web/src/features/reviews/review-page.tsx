// /review?booking={id}&token={t}: the link of the e-mail after the trip. Opens the booking's
// review form, or says plainly why it cannot (a forged or lapsed link, a trip not yet taken).
import { useTranslation } from 'react-i18next';
import { LinkPage } from '../../shared/layout';
import { Banner } from '../../shared/ui/banner';
import { useReviewForm } from './api/get-review-form';
import { ReviewForm, reviewErrorKey } from './review-form';
import styles from '../../shared/reviews/reviews.module.css';

export default function ReviewPage() {
  const { t } = useTranslation('reviews');
  return (
    <LinkPage
      className={styles.page}
      title={t('page.title')}
      params={['booking', 'token']}
      invalid={t('errors.invalid_review_link')}
    >
      {({ booking, token }) => <ReviewOfBooking booking={booking} token={token} />}
    </LinkPage>
  );
}

function ReviewOfBooking({ booking, token }: { booking: string; token: string }) {
  const { t } = useTranslation('reviews');
  const form = useReviewForm(booking, token);
  if (form.isPending) return <p role="status">{t('page.loading')}</p>;
  if (form.isError) return <Banner tone="error">{t(reviewErrorKey(form.error))}</Banner>;
  return <ReviewForm form={form.data} token={token} />;
}
