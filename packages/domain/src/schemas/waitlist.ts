/**
 * The waitlist of a full shared trip (docs/public-site.md#waitlist): the form on the booking
 * page, the confirmation link of the e-mail that keeps the visitor's place, and the offer link
 * of the e-mail that leads to the payment step.
 */
import { z } from './zod';
import { isoInstant, languageCode, uuid } from './common';
import { localizedText } from './boat';
import { emailAddress } from './email-address';
import { paymentIntentResponseSchema } from './payment-intent';
import { MAX_WAITLIST_SEATS } from '../waitlist';

const people = z
  .number('validation.integer')
  .int('validation.integer')
  .max(MAX_WAITLIST_SEATS, 'validation.max50');

/**
 * The party waiting, as the booking asks it (the booking's wire names): at least one adult, at
 * most one under-6 per adult, so the offer is priced as theirs.
 */
export const waitingPartySchema = z
  .object({
    adults: people.min(1, 'validation.min1'),
    child_u13: people.min(0, 'validation.integer'),
    child_u6: people.min(0, 'validation.integer'),
  })
  .refine((p) => p.child_u6 <= p.adults, { path: ['child_u6'], message: 'validation.kidsFreePerAdult' })
  .refine((p) => p.adults + p.child_u13 + p.child_u6 <= MAX_WAITLIST_SEATS, {
    path: ['adults'],
    message: 'validation.max50',
  });

/** POST /api/waitlist: "Tell me when seats free up". */
export const waitlistJoinSchema = z.object({
  slotId: uuid,
  email: emailAddress,
  passengers: waitingPartySchema,
  lang: languageCode.default('en'),
});
export type WaitlistJoin = z.input<typeof waitlistJoinSchema>;

/** The booking page's form: the e-mail; the party comes from the page's passenger counters. */
export const waitlistFormSchema = waitlistJoinSchema.omit({ passengers: true });

export const waitlistJoinResponseSchema = z.object({
  /** Where the visitor stands: 1 is the next to be offered seats, once the e-mail is confirmed. */
  position: z.number().int().min(1),
});
export type WaitlistJoinResponse = z.infer<typeof waitlistJoinResponseSchema>;

/** The offer link's signed token. */
export const waitlistTokenSchema = z.string().trim().min(1).max(200);

/** POST /api/waitlist/confirm: the confirmation link opened; the entry may now be offered seats. */
export const waitlistConfirmRequestSchema = z.object({ entry: uuid, token: waitlistTokenSchema });

export const waitlistConfirmResponseSchema = z.object({
  position: z.number().int().min(1),
  boatTitle: localizedText,
  seats: z.number().int(),
  start: isoInstant,
});
export type WaitlistConfirmResponse = z.infer<typeof waitlistConfirmResponseSchema>;

/** POST /api/waitlist/offer: the offer link opened; answers the held seats' payment step. */
export const waitlistOfferRequestSchema = z.object({ entry: uuid, token: waitlistTokenSchema });

export const waitlistOfferResponseSchema = z.object({
  intent: paymentIntentResponseSchema,
  boatId: uuid,
  boatTitle: localizedText,
  seats: z.number().int(),
  start: isoInstant,
  end: isoInstant,
});
export type WaitlistOfferResponse = z.infer<typeof waitlistOfferResponseSchema>;
