// The back office's contact requests: the paged list of docs/product.md §7 (GET /messages/admin/messages),
// marking one read, and answering it by e-mail. The admin sees every message; an owner those
// sent from their boats' pages.
import {
  contactMessageResponseSchema,
  messageReadSchema,
  messageReplySchema,
  messagesDateBounds,
  messagesPageSchema,
  messagesQuerySchema,
} from '@boats/domain/schemas/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { scopeOfRequest } from '../auth/require-admin';
import { countMessages, listMessageRows } from './admin-repository';
import { markMessageRead, replyToMessage, toContactMessage } from './admin-message-service';
import { audited } from '../audit/audit-trail';

const security = [{ bearer: [] }];
const idParams = z.object({ id: z.string().min(1).max(100) });

export const adminMessagesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/messages/admin/messages',
    {
      schema: {
        tags: ['admin messages'],
        security,
        summary: 'Contact requests, filtered, sorted and paged',
        querystring: messagesQuerySchema,
        response: { 200: messagesPageSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const filter = {
        scope: scopeOfRequest(request),
        search: query.search,
        source: query.source,
        ...messagesDateBounds(query),
      };
      const [rows, total] = await Promise.all([
        listMessageRows(ctx.db, filter, query.sort, query.order, query.limit, (query.page - 1) * query.limit),
        countMessages(ctx.db, filter),
      ]);
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

  app.post(
    '/messages/admin/messages/:id/read',
    {
      config: audited('message.read'),
      schema: {
        tags: ['admin messages'],
        security,
        summary: 'Marks a contact request read, or unread again',
        params: idParams,
        body: messageReadSchema,
        response: { 200: contactMessageResponseSchema },
      },
    },
    async (request) => ({
      message: await markMessageRead(ctx, scopeOfRequest(request), request.params.id, request.body.read),
    }),
  );

  app.post(
    '/messages/admin/messages/:id/reply',
    {
      config: audited('message.reply'),
      schema: {
        tags: ['admin messages'],
        security,
        summary: 'Answers a contact request by e-mail (through the outbox) and marks it replied',
        params: idParams,
        body: messageReplySchema,
        response: { 200: contactMessageResponseSchema },
      },
    },
    async (request) => ({
      message: await replyToMessage(ctx, scopeOfRequest(request), request.params.id, request.body),
    }),
  );
};
