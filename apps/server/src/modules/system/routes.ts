// GET /api/admin/system: the background jobs, the e-mail outbox and the last errors for the
// platform admin's system page (docs/operating.md#background-jobs). Registered in the admin plugin
// of back-office-routes.ts, whose guard applies.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemStatusSchema } from '@boats/domain/schemas/system';
import type { AppContext } from '../../context';
import { systemStatus } from './system-status';

export const adminSystemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/system',
    {
      schema: {
        tags: ['admin'],
        summary: 'Background jobs (schedule, last runs, outcomes), the e-mail backlog and the last errors',
        response: { 200: systemStatusSchema },
      },
    },
    async () => systemStatus(ctx.db, ctx.now()),
  );
};
