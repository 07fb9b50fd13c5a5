import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactLeadSchema } from '@boats/domain/schemas/contact';
import { contactLeadResponseSchema } from '@boats/domain/schemas/messages';
import type { AppContext } from '../../context';
import { submitContactLead } from './contact-service';

/** Per client IP: enough for a person who retries, too few for a spammer. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 10 * 60 * 1000 } as const;

const errorBody = z.object({ error: z.string(), message: z.string() });

export const publicMessageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/messages/messages',
    {
      config: { rateLimit: CONTACT_RATE_LIMIT },
      schema: {
        tags: ['messages'],
        summary: 'Contact request from the public site (rate-limited per IP: 5 per 10 minutes)',
        body: contactLeadSchema,
        response: { 200: contactLeadResponseSchema, 429: errorBody },
      },
    },
    async (request) => {
      await submitContactLead(ctx, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return { success: true, message: 'received' };
    },
  );
};
