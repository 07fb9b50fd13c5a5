// Erasure (docs/privacy.md#erasure): the admin's queue (registered in the admin's guarded
// plugin). The customer's own request opens a link sent to their address (modules/data-rights).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { erasureCarriedOutSchema, erasureQueueSchema } from '@boats/domain/schemas/erasure';
import { uuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { audited } from '../audit/audit-trail';
import { stepUp } from '../auth/step-up';
import { adminOf } from '../auth/require-admin';
import { carryOutErasure, erasureQueue } from './erasure-service';

const idParams = z.object({ id: uuid });

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
      // Blanks a customer's data for good: step-up.
      config: { ...audited('erasure.carry_out'), ...stepUp() },
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
