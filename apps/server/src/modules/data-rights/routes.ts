// A customer's data rights (docs/privacy.md#proof-of-address): ask for a link to the address,
// then open it to download or erase what is held under it. Public, rate-limited per client; the
// service limits links per address as well.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataLinkOpenSchema,
  dataLinkRequestAnswerSchema,
  dataLinkRequestSchema,
} from '@boats/domain/schemas/data-rights';
import { erasureAnswerSchema } from '@boats/domain/schemas/erasure';
import type { AppContext } from '../../context';
import { noStore } from '../../http/no-store';
import {
  LINK_MINUTES,
  LINKS_PER_ADDRESS_PER_HOUR,
  openErasure,
  openExport,
  requestDataLink,
} from './data-rights-service';

/** A person asks a few times; nobody needs more. */
const DATA_RIGHTS_RATE_LIMIT = { max: 10, timeWindow: 10 * 60 * 1000 } as const;
const tags = ['privacy'];

export const dataRightsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onSend', noStore);
  app.post(
    '/api/personal-data/requests',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: DATA_RIGHTS_RATE_LIMIT },
      schema: {
        tags,
        summary: 'E-mail a link to download or erase what is held under an address',
        description: `Always answers { sent: true }, whether or not anything is held under the address. When something is, a link valid ${LINK_MINUTES} minutes and once is sent to it; at most ${LINKS_PER_ADDRESS_PER_HOUR} an hour per address, whoever asks.`,
        body: dataLinkRequestSchema,
        response: { 200: dataLinkRequestAnswerSchema },
      },
    },
    async (request) => {
      await requestDataLink(ctx, request.body);
      return { sent: true as const };
    },
  );

  app.post(
    '/api/personal-data/export',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: DATA_RIGHTS_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Everything held under the address of an e-mailed export link, as JSON (spends the link)',
        description:
          'Every booking under the address with its tickets, payments, refunds and review, the invoices issued for them, the e-mails sent to the address, contact messages, waitlist entries and gift vouchers. 403 invalid_data_link for a used, expired or unknown link.',
        body: dataLinkOpenSchema,
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (request) => openExport(ctx, request.body.token),
  );

  app.post(
    '/api/personal-data/erasure',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: DATA_RIGHTS_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Erase everything held under the address of an e-mailed erasure link (spends the link)',
        description:
          'Carried out at once when no trip is upcoming and no refund is on its way under the address (done); else queued for the admin, due a month later. Invoices keep their recipient, as tax law requires. 403 invalid_data_link for a used, expired or unknown link.',
        body: dataLinkOpenSchema,
        response: { 200: erasureAnswerSchema },
      },
    },
    async (request) => openErasure(ctx, request.body.token),
  );
};
