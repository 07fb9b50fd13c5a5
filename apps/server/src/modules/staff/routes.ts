// Staff accounts for the admin: GET/POST /api/admin/staff, POST /api/admin/staff/{id}/disable.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  staffAccountResponseSchema,
  staffCreateSchema,
  staffDisableSchema,
  staffListResponseSchema,
} from '@boats/domain/schemas/staff';
import type { AppContext } from '../../context';
import { adminOf } from '../auth/require-admin';
import { createStaff, listStaff, setStaffDisabled } from './staff-service';

const security = [{ bearer: [] }];

export const staffAccountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/staff',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admin and crew accounts',
        security,
        response: { 200: staffListResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await listStaff(ctx) };
    },
  );

  app.post(
    '/api/admin/staff',
    {
      schema: {
        tags: ['admin'],
        summary: 'Creates an admin or crew account with a first password',
        security,
        body: staffCreateSchema,
        response: { 200: staffAccountResponseSchema },
      },
    },
    async (request) => ({ account: await createStaff(ctx, request.body) }),
  );

  app.post(
    '/api/admin/staff/:id/disable',
    {
      schema: {
        tags: ['admin'],
        summary: 'Disables an account (its sessions end) or enables it again',
        security,
        params: z.object({ id: z.string().min(1).max(100) }),
        body: staffDisableSchema,
        response: { 200: staffAccountResponseSchema },
      },
    },
    async (request) => ({
      account: await setStaffDisabled(ctx, adminOf(request).id, request.params.id, request.body.disabled),
    }),
  );
};
