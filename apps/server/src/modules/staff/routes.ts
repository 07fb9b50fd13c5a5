// Staff accounts: GET/POST /api/admin/staff, POST /api/admin/staff/{id}/disable. The admin's
// (admin and crew accounts) and an owner's (the crew of their boats), by the caller's scope.
import { stepUp } from '../auth/step-up';
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
import { audited, noteAudit } from '../audit/audit-trail';

const security = [{ bearer: [] }];

export const staffAccountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/staff',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admin and crew accounts (an owner: the crew of their boats)',
        security,
        response: { 200: staffListResponseSchema },
      },
    },
    async (request) => {
      return { items: await listStaff(ctx, adminOf(request)) };
    },
  );

  app.post(
    '/api/admin/staff',
    {
      // A new account is power given: the second factor again (step-up).
      config: { ...audited('staff.create'), ...stepUp() },
      schema: {
        tags: ['admin'],
        summary: 'Creates an admin or crew account with a first password',
        security,
        body: staffCreateSchema,
        response: { 200: staffAccountResponseSchema },
      },
    },
    async (request) => {
      const account = await createStaff(ctx, adminOf(request), request.body);
      noteAudit({ objectId: account._id, changes: { role: { before: null, after: account.role } } });
      return { account };
    },
  );

  app.post(
    '/api/admin/staff/:id/disable',
    {
      config: audited('staff.disable'),
      schema: {
        tags: ['admin'],
        summary: 'Disables an account (its sessions end) or enables it again',
        security,
        params: z.object({ id: z.string().min(1).max(100) }),
        body: staffDisableSchema,
        response: { 200: staffAccountResponseSchema },
      },
    },
    async (request) => {
      const account = await setStaffDisabled(ctx, adminOf(request), request.params.id, request.body.disabled);
      noteAudit({ changes: { disabled: { before: !account.disabled, after: account.disabled } } });
      return { account };
    },
  );
};
