/**
 * The waitlist of a full shared trip (docs/public-site.md#waitlist): the form on the booking
 * page, and the offer link of the e-mail that leads to the payment step.
 */
import { z } from './zod';
import { isoInstant, languageCode, uuid } from './common';
import { localizedText } from './boat';
import { emailAddress } from './email-address';
import { paymentIntentResponseSchema } from './payment-intent';
import { MAX_WAITLIST_SEATS } from '../waitlist';

const seatsWanted = z
  .number('validation.integer')
  .int('validation.integer')
  .min(1, 'validation.min1')
  .max(MAX_WAITLIST_SEATS, 'validation.max50');

/** POST /api/waitlist: "Tell me when seats free up". */
export const waitlistJoinSchema = z.object({
  slotId: uuid,
  email: emailAddress,
  seats: seatsWanted,
  lang: languageCode.default('en'),
});
export type WaitlistJoin = z.input<typeof waitlistJoinSchema>;

/**
 * The booking page's form for a trip of `seatsTotal` seats: the same, with the seats typed as
 * text, and no more than the trip has in all (the server refuses more with a 400 on `seats`).
 */
export const waitlistFormSchema = (seatsTotal: number) =>
  waitlistJoinSchema
    .extend({ seats: z.coerce.number<string>('validation.integer').pipe(seatsWanted) })
    .refine((entry) => entry.seats <= seatsTotal, { path: ['seats'], message: 'validation.aboveTripSeats' });

export const waitlistJoinResponseSchema = z.object({
  /** Where the visitor stands: 1 is the next to be offered seats. */
  position: z.number().int().min(1),
});
export type WaitlistJoinResponse = z.infer<typeof waitlistJoinResponseSchema>;

/** The offer link's signed token. */
export const waitlistTokenSchema = z.string().trim().min(1).max(200);

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
