// Recurring schedules (preview, create) and opening or closing a boat's whole day. Admins and
// owners (registered in the back-office plugin of back-office-routes.ts; an owner: own boats).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dayStateParams,
  dayStateResponseSchema,
  dayStateSchema,
  scheduleCreatedSchema,
  scheduleInputSchema,
  schedulePlanSchema,
} from '@boats/domain/schemas/schedule';
import { uuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { scopeOfRequest } from '../auth/require-admin';
import { createSchedule, previewSchedule, setDayOpen } from './schedule-service';
import { audited } from '../audit/audit-trail';

const tags = ['admin'];
const security = [{ bearer: [] }];
const boatParams = z.object({ id: uuid });

export const scheduleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/admin/boats/:id/schedule/preview',
    {
      schema: {
        tags,
        security,
        summary: 'What a weekly pattern would create, and what it skips (overlaps, past)',
        params: boatParams,
        body: scheduleInputSchema,
        response: { 200: schedulePlanSchema },
      },
    },
    async (request) => previewSchedule(ctx, scopeOfRequest(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/boats/:id/schedule',
    {
      config: audited('schedule.apply', { boat: 'id' }),
      schema: {
        tags,
        security,
        summary: 'Creates the slots of a weekly pattern in one step (the preview, carried out)',
        params: boatParams,
        body: scheduleInputSchema,
        response: { 200: scheduleCreatedSchema },
      },
    },
    async (request) => createSchedule(ctx, scopeOfRequest(request), request.params.id, request.body),
  );

  app.put(
    '/api/admin/boats/:id/schedule/days/:date',
    {
      config: audited('schedule.day', { object: 'date', boat: 'id' }),
      schema: {
        tags,
        security,
        summary: 'Opens or closes every slot of the boat on a Canary day; canceled trips stay closed',
        params: dayStateParams,
        body: dayStateSchema,
        response: { 200: dayStateResponseSchema },
      },
    },
    async (request) =>
      setDayOpen(ctx, scopeOfRequest(request), request.params.id, request.params.date, request.body.isOpen),
  );
};
