// The waitlist's public routes (docs/public-site.md#waitlist).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  waitlistConfirmRequestSchema,
  waitlistConfirmResponseSchema,
  waitlistJoinResponseSchema,
  waitlistJoinSchema,
  waitlistOfferRequestSchema,
  waitlistOfferResponseSchema,
} from '@boats/domain/schemas/waitlist';
import type { AppContext } from '../../context';
import { clientKey } from '../../http/client-key';
import { noStore } from '../../http/no-store';
import { CONTACT_RATE_LIMIT } from '../messages/public-routes';
import { confirmWaitlistEntry, joinWaitlist, openOffer } from './waitlist-service';

export const publicWaitlistRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The offer's answer carries the payment's client secret.
  app.addHook('onSend', noStore);

  app.post(
    '/api/waitlist',
    {
      bodyLimit: 8 * 1024,
      // A visitor leaves an address as on the contact form, so the same limit per client.
      config: { rateLimit: CONTACT_RATE_LIMIT },
      schema: {
        tags: ['booking'],
        summary: '"Tell me when seats free up" on a full shared trip (rate-limited like the contact form)',
        description:
          'The entry is offered seats only once the visitor opens the confirmation link e-mailed to the address (POST /api/waitlist/confirm). One entry per e-mail and trip; an address already waiting, or e-mailed 3 confirmations in the last hour, gets the same answer as a new entry and no e-mail (nothing tells which addresses wait). 409 seats_left while the trip still has the seats wanted; 409 trip_closed once it has departed or closed; 400 naming the field for a bad e-mail or party (no adult, more under-6s than adults, more than the trip has in all).',
        body: waitlistJoinSchema,
        response: { 200: waitlistJoinResponseSchema },
      },
    },
    async (request) => joinWaitlist(ctx, request.body, clientKey(request)),
  );

  app.post(
    '/api/waitlist/confirm',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['booking'],
        summary: 'The confirmation link of the waitlist e-mail: the visitor keeps their place in line',
        description:
          'Needs the signed token of the e-mail (403 otherwise); opening it again changes nothing. Answers the place in line and the trip; seats free now are offered at once (the offer e-mail follows).',
        body: waitlistConfirmRequestSchema,
        response: { 200: waitlistConfirmResponseSchema },
      },
    },
    async (request) => confirmWaitlistEntry(ctx, request.body),
  );

  app.post(
    '/api/waitlist/offer',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['booking'],
        summary: "The offer link of the waitlist e-mail: the held seats' payment step",
        description:
          'Needs the signed token of the e-mail (403 otherwise). Answers the hold as POST /api/boat/payment-intent does, with the trip; 409 not_offered before an offer, 410 offer_lapsed once the hold lapsed, 409 offer_paid once paid.',
        body: waitlistOfferRequestSchema,
        response: { 200: waitlistOfferResponseSchema },
      },
    },
    async (request) => openOffer(ctx, request.body),
  );
};
