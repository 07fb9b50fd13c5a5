// Erasure (docs/privacy.md#erasure): the customer's request from manage my booking (manage
// token, public) and the admin's queue (registered in the admin's guarded plugin).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  erasureAnswerSchema,
  erasureCarriedOutSchema,
  erasureQueueSchema,
  erasureRequestSchema,
} from '@boats/domain/schemas/erasure';
import { uuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { noStore } from '../../http/no-store';
import { audited } from '../audit/audit-trail';
import { adminOf } from '../auth/require-admin';
import { carryOutErasure, erasureQueue, requestErasure } from './erasure-service';

/** A person presses a few times; nobody needs more. */
const ERASURE_RATE_LIMIT = { max: 10, timeWindow: 10 * 60 * 1000 } as const;

const idParams = z.object({ id: uuid });

export const publicErasureRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onSend', noStore);
  app.post(
    '/api/bookings/:id/erasure',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: ERASURE_RATE_LIMIT },
      schema: {
        tags: ['booking'],
        summary: 'Erase everything held about the e-mail address of this booking (manage token)',
        description:
          'The right to erasure. Carried out at once when no trip is upcoming and no refund is on its way under the address (done); else queued for the admin, due a month later. Invoices keep their recipient, as tax law requires. 403 invalid_manage_token for a damaged or foreign link.',
        params: idParams,
        body: erasureRequestSchema,
        response: { 200: erasureAnswerSchema },
      },
    },
    async (request) => requestErasure(ctx, request.params.id, request.body.token),
  );
};

const tags = ['privacy'];
const security = [{ bearer: [] }];

export const adminErasureRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/erasure-requests',
    {
      schema: {
        tags,
        security,
        summary: 'Erasure requests waiting to be carried out, soonest due first',
        response: { 200: erasureQueueSchema },
      },
    },
    async () => ({ requests: await erasureQueue(ctx) }),
  );

  app.post(
    '/api/admin/erasure-requests/:id/carry-out',
    {
      config: audited('erasure.carry_out'),
      schema: {
        tags,
        security,
        summary: 'Carry out a waiting erasure request: blanks everything held under its address',
        description: '409 already_carried_out when it was.',
        params: idParams,
        response: { 200: erasureCarriedOutSchema },
      },
    },
    async (request) => {
      await carryOutErasure(ctx, request.params.id, adminOf(request).email);
      return { carriedOut: true as const };
    },
  );
};
