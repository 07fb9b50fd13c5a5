// GET /messages/admin/messages: the back office's paged list of contact requests (spec §7).
import type { ContactMessage } from '@boats/domain/schemas/messages';
import { messagesDateBounds, messagesPageSchema, messagesQuerySchema } from '@boats/domain/schemas/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { countMessages, listMessageRows, type MessageRow } from './admin-repository';

const orNull = (text: string): string | null => (text === '' ? null : text);

function toContactMessage(row: MessageRow): ContactMessage {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    name: row.name,
    email: orNull(row.email),
    phone: orNull(row.phone),
    source: row.source,
    message: orNull(row.message),
    ip: orNull(row.ip),
    userAgent: orNull(row.userAgent),
  };
}

export const adminMessagesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/messages/admin/messages',
    {
      schema: {
        tags: ['admin messages'],
        security: [{ bearer: [] }],
        summary: 'Contact requests, filtered, sorted and paged',
        querystring: messagesQuerySchema,
        response: { 200: messagesPageSchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const filter = { search: query.search, source: query.source, ...messagesDateBounds(query) };
      const [rows, total] = await Promise.all([
        listMessageRows(ctx.db, filter, query.sort, query.order, query.limit, (query.page - 1) * query.limit),
        countMessages(ctx.db, filter),
      ]);
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: {
          items: rows.map(toContactMessage),
          total,
          pages: Math.ceil(total / query.limit),
          limit: query.limit,
        },
      };
    },
  );
};
