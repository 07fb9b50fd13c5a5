import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availabilityQuerySchema, availabilityResponseSchema } from '@boats/domain/schemas/slot';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { toBoatDto } from '../boats/boat-mapper';
import { findBoat, isOnPublicSite } from '../boats/boat-repository';
import { slotsWithOccupancy } from './availability-repository';
import { toSlotDto } from './slot-mapper';

export const availabilityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/boat/:id',
    {
      schema: {
        tags: ['booking'],
        summary: 'A boat and its slots starting in [start, end), with seats left and held slots marked',
        params: z.object({ id: z.uuid() }),
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema, 304: z.null().describe('Not modified (ETag matched)') },
      },
    },
    async (request, reply) => {
      const boat = await findBoat(ctx.db, request.params.id);
      if (!boat || !isOnPublicSite(boat)) throw notFound('Boat');
      const now = ctx.now();
      const rows = await slotsWithOccupancy(
        ctx.db,
        boat.id,
        { start: new Date(request.query.start), end: new Date(request.query.end) },
        now,
      );
      const slots = rows.map((row) => toSlotDto(row, now));
      const body = {
        boat: toBoatDto(boat),
        availability: {
          private: slots.filter((s) => s.type === 'private'),
          shared: slots.filter((s) => s.type === 'shared'),
        },
      };
      // Seats change with every sale, so browsers revalidate each time; the ETag spares the
      // body when nothing moved.
      const etag = `"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return body;
    },
  );
};
