// Review rows as the wire shapes of packages/domain/src/schemas/review.ts: the public never
// sees who hid or replied, nor a hidden review.
import { canaryDateKey } from '@boats/domain/canary-time';
import { languageOf } from '@boats/domain/languages';
import { reviewEditableUntil } from '@boats/domain/reviews';
import type { BackOfficeReview, PublicReview } from '@boats/domain/schemas/review';
import type { ReviewRow } from './review-repository';

export function toPublicReview(row: ReviewRow): PublicReview {
  return {
    id: row.id,
    stars: row.stars,
    text: row.text,
    firstName: row.firstName,
    country: row.country,
    tripDate: canaryDateKey(row.tripStartsAt),
    language: languageOf(row.language),
    createdAt: row.createdAt.toISOString(),
    helpful: row.helpful,
    reply:
      row.ownerReply !== null && row.ownerRepliedAt !== null
        ? {
            text: row.ownerReply,
            at: row.ownerRepliedAt.toISOString(),
            language: row.ownerReplyLanguage === null ? null : languageOf(row.ownerReplyLanguage),
          }
        : null,
  };
}

export function toOwnReview(row: ReviewRow) {
  return {
    stars: row.stars,
    text: row.text,
    firstName: row.firstName,
    country: row.country,
    language: languageOf(row.language),
    createdAt: row.createdAt.toISOString(),
    editableUntil: reviewEditableUntil(row.createdAt).toISOString(),
  };
}

export function toBackOfficeReview(row: ReviewRow, boatTitle: string): BackOfficeReview {
  return {
    ...toPublicReview(row),
    boatId: row.boatId,
    boatTitle,
    hidden:
      row.hiddenAt && row.hiddenReason
        ? {
            reason: row.hiddenReason,
            note: row.hiddenNote ?? '',
            at: row.hiddenAt.toISOString(),
            by: row.hiddenBy ?? '',
          }
        : null,
  };
}
