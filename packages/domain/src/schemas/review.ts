/**
 * Verified reviews (docs/public-site.md#reviews): the form behind the link in the e-mail after
 * the trip, what the public reads, and the back office's reply and hiding.
 */
import { z } from './zod';
import { dateKey, isoInstant, languageCode, uuid } from './common';
import { localizedText, ratingSchema } from './boat';
import { REVIEW_ORDERS } from '../reviews';

/** The signed token of the review link (the e-mail). */
export const reviewTokenSchema = z.string().trim().min(1).max(200);

export const stars = z
  .number('validation.stars')
  .int('validation.stars')
  .min(1, 'validation.stars')
  .max(5, 'validation.stars');

/** What the customer writes: stars, an optional text, how they sign, in which language. */
export const reviewContentSchema = z.object({
  stars,
  text: z.string().trim().max(2000, 'validation.maxChars2000').default(''),
  firstName: z.string().trim().min(1, 'validation.required').max(40, 'validation.maxChars40'),
  country: z.string().trim().max(60, 'validation.maxChars60').default(''),
  language: languageCode,
});
export type ReviewContent = z.input<typeof reviewContentSchema>;

/** POST /api/reviews (the first time) and PUT /api/reviews/{bookingId} (a change within 48 h). */
export const reviewSubmitSchema = reviewContentSchema.extend({ bookingId: uuid, token: reviewTokenSchema });
export type ReviewSubmit = z.input<typeof reviewSubmitSchema>;

/** GET /api/reviews/form?booking=&token=. */
export const reviewFormQuerySchema = z.object({ booking: uuid, token: reviewTokenSchema });

export const ownReviewSchema = z.object({
  stars,
  text: z.string(),
  firstName: z.string(),
  country: z.string(),
  language: languageCode,
  createdAt: isoInstant,
  /** The author may change it until then. */
  editableUntil: isoInstant,
});

/** What the review link opens: the trip it is about and, once written, the review. */
export const reviewFormResponseSchema = z.object({
  bookingId: uuid,
  boatTitle: localizedText,
  /** The trip's Canary day. */
  tripDate: dateKey,
  /** The customer's first name, to sign with. */
  firstName: z.string(),
  review: ownReviewSchema.nullable(),
  editable: z.boolean(),
});
export type ReviewFormResponse = z.infer<typeof reviewFormResponseSchema>;

export const ownerReplySchema = z.object({
  text: z.string(),
  at: isoInstant,
  /** The language the answer is written in; null for one answered before this was asked. */
  language: languageCode.nullable(),
});

/** A published review as anyone reads it. */
export const publicReviewSchema = z.object({
  id: uuid,
  stars,
  text: z.string(),
  firstName: z.string(),
  country: z.string(),
  tripDate: dateKey,
  language: languageCode,
  createdAt: isoInstant,
  helpful: z.number().int().min(0),
  reply: ownerReplySchema.nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** GET /api/boats/{id}/reviews?lng=&order=. */
export const boatReviewsQuerySchema = z.object({
  lng: languageCode.default('en'),
  order: z.enum(REVIEW_ORDERS).default('latest'),
});
export const boatReviewsResponseSchema = z.object({
  rating: ratingSchema,
  items: z.array(publicReviewSchema),
});
export type BoatReviewsResponse = z.infer<typeof boatReviewsResponseSchema>;

/** GET /api/reviews/summary: every published review on the site (the landing page's line). */
export const reviewSummarySchema = z.object({ rating: ratingSchema });

export const REVIEW_HIDE_REASONS = ['abuse', 'personal_data'] as const;

/** A review in the back office (the owner's boats, or all of them for the admin). */
export const backOfficeReviewSchema = publicReviewSchema.extend({
  boatId: z.string(),
  boatTitle: z.string(),
  hidden: z
    .object({ reason: z.enum(REVIEW_HIDE_REASONS), note: z.string(), at: isoInstant, by: z.string() })
    .nullable(),
});
export type BackOfficeReview = z.infer<typeof backOfficeReviewSchema>;
export const backOfficeReviewsResponseSchema = z.object({ items: z.array(backOfficeReviewSchema) });

/** The owner's one public answer. */
export const reviewReplyRequestSchema = z.object({
  text: z.string().trim().min(1, 'validation.required').max(1000, 'validation.maxChars1000'),
  /** The language the answer is written in (the form starts at the back office's language). */
  language: languageCode,
});
export type ReviewReplyRequest = z.input<typeof reviewReplyRequestSchema>;

/** The admin hides a review: why, recorded with who and when. */
export const reviewHideRequestSchema = z.object({
  reason: z.enum(REVIEW_HIDE_REASONS, 'validation.required'),
  note: z.string().trim().max(300, 'validation.maxChars300').default(''),
});
export type ReviewHideRequest = z.input<typeof reviewHideRequestSchema>;
