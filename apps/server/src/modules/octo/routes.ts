// The OCTO supplier API under /octo (docs/channels.md). One encapsulated plugin: its onRequest
// hook authenticates every route by the reseller's API key (never a back-office session), its
// onSend hooks answer the capabilities applied and OCTO's error bodies. Each route is stamped
// `resellerKey` so the authorization matrix (test/security/admin-routes.test.ts) finds them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  octoAvailabilityRequestSchema,
  octoBookingsQuerySchema,
  octoBookingUpdateSchema,
  octoCalendarRequestSchema,
  octoCancellationSchema,
  octoConfirmationSchema,
  octoExtendSchema,
  octoReservationSchema,
  octoWebhookRequestSchema,
} from '@boats/domain/schemas/octo';
import { languageFromAcceptLanguage, languageOf } from '@boats/domain/languages';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { clientKey } from '../../http/client-key';
import { noStore } from '../../http/no-store';
import { apiKeyHash } from '../resellers/api-key';
import { resellerOfKey } from '../resellers/reseller-service';
import type { ResellerRow } from '../resellers/reseller-repository';
import { bookingByUuid, cancel, confirm, extend, listBookings, reserve, update } from './octo-bookings';
import {
  availabilityCalendar,
  boatOfProduct,
  checkAvailability,
  productNotFound,
  productOf,
  productsOf,
  supplierOf,
  type Capabilities,
} from './octo-catalogue';
import { octoError, toOctoErrorBody } from './octo-errors';
import { registerWebhook, removeWebhook, webhooksOf, webhookWire } from '../resellers/reseller-webhooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a reseller's API key (the /octo plugin stamps it). */
    resellerKey?: boolean;
  }
  interface FastifyRequest {
    reseller?: ResellerRow;
    octoCapabilities?: Capabilities;
  }
}

function capabilitiesOf(request: FastifyRequest): Capabilities {
  const header = request.headers['octo-capabilities'];
  const asked = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return {
    pricing: asked.includes('octo/pricing'),
    content: asked.includes('octo/content'),
    webhooks: asked.includes('octo/webhooks'),
    language: languageOf(languageFromAcceptLanguage(request.headers['accept-language'])),
  };
}

function bearerKey(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
}

function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const key = bearerKey(request);
    if (!key) {
      throw octoError('UNAUTHORIZED', 'Send your API key in the Authorization header: Bearer <key>');
    }
    const reseller = await resellerOfKey(ctx, key);
    if (!reseller) throw octoError('FORBIDDEN', 'This API key is not valid or has been revoked');
    request.reseller = reseller;
    request.octoCapabilities = capabilitiesOf(request);
  };
}

function resellerOf(request: FastifyRequest): ResellerRow {
  if (!request.reseller) throw octoError('UNAUTHORIZED', 'No API key');
  return request.reseller;
}

function capsOf(request: FastifyRequest): Capabilities {
  if (!request.octoCapabilities) throw octoError('UNAUTHORIZED', 'No API key');
  return request.octoCapabilities;
}

/** The capabilities applied, and with content the one language its texts are in (OCTO asks for it). */
async function capabilitiesHeader(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const caps = request.octoCapabilities;
  const applied = [
    caps?.pricing && 'octo/pricing',
    caps?.content && 'octo/content',
    caps?.webhooks && 'octo/webhooks',
  ].filter(Boolean);
  void reply.header('Octo-Capabilities', applied.join(', '));
  if (caps?.content) void reply.header('Content-Language', caps.language);
  return payload;
}

const tags = ['octo'];
const security = [{ bearer: [] }];
const uuidParams = z.object({ uuid: z.string().min(1).max(200) });

export const octoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Counted per API key (its hash) and route: one reseller's busy sync never slows another's.
  // Given to each route (the rate-limit plugin reads a route's config as it is declared).
  const limit = {
    rateLimit: {
      max: ctx.config.OCTO_RATE_LIMIT_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => {
        const key = bearerKey(request);
        return key ? `key:${apiKeyHash(key)}` : `ip:${clientKey(request)}`;
      },
    },
  };
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, resellerKey: true };
  });
  app.addHook('onRequest', authenticate(ctx));
  app.addHook('onSend', noStore);
  app.addHook('onSend', capabilitiesHeader);
  app.addHook('onSend', toOctoErrorBody);

  app.get(
    '/octo/supplier',
    { config: limit, schema: { tags, security, summary: 'The supplier (OCTO)' } },
    async () => supplierOf(ctx),
  );

  app.get(
    '/octo/products',
    { config: limit, schema: { tags, security, summary: 'A product per published boat (OCTO)' } },
    async (request) => productsOf(ctx, resellerOf(request), capsOf(request)),
  );

  app.get(
    '/octo/products/:id',
    {
      config: limit,
      schema: {
        tags,
        security,
        summary:
          'One product (OCTO); INVALID_PRODUCT_ID for an unknown or unpublished boat, one the reseller may not sell, or one with nothing to book in the next 120 days',
        params: z.object({ id: z.string().min(1).max(200) }),
      },
    },
    async (request) => {
      const reseller = resellerOf(request);
      const boat = await boatOfProduct(ctx, reseller, request.params.id);
      const product = await productOf(ctx, boat, reseller, capsOf(request));
      if (!product) throw productNotFound(request.params.id);
      return product;
    },
  );

  app.post(
    '/octo/availability/calendar',
    {
      config: limit,
      schema: {
        tags,
        security,
        summary: 'Availability per local date (OCTO)',
        body: octoCalendarRequestSchema,
      },
    },
    async (request) => availabilityCalendar(ctx, resellerOf(request), request.body, capsOf(request)),
  );

  app.post(
    '/octo/availability',
    {
      config: limit,
      schema: {
        tags,
        security,
        summary: 'The trips of the dates asked, or those named, with their seats left (OCTO)',
        body: octoAvailabilityRequestSchema,
      },
    },
    async (request) => checkAvailability(ctx, resellerOf(request), request.body, capsOf(request)),
  );

  app.post(
    '/octo/bookings',
    {
      config: limit,
      schema: {
        tags,
        security,
        summary: 'Reserves: a hold on the seats until confirmed or expiresAt (OCTO)',
        body: octoReservationSchema,
      },
    },
    async (request) => reserve(ctx, resellerOf(request), request.body, capsOf(request)),
  );

  app.get(
    '/octo/bookings',
    {
      config: limit,
      schema: {
        tags,
        security,
        summary: 'The reseller’s bookings by its reference, ours, or the local date (OCTO)',
        querystring: octoBookingsQuerySchema,
      },
    },
    async (request) => listBookings(ctx, resellerOf(request), request.query, capsOf(request)),
  );

  app.get(
    '/octo/bookings/:uuid',
    {
      config: limit,
      schema: { tags, security, summary: 'One of the reseller’s bookings (OCTO)', params: uuidParams },
    },
    async (request) => bookingByUuid(ctx, resellerOf(request), request.params.uuid, capsOf(request)),
  );

  app.patch(
    '/octo/bookings/:uuid',
    {
      config: limit,
      schema: {
        tags,
        security,
        summary: 'Changes references, contact, notes; the units and expiry while on hold (OCTO)',
        params: uuidParams,
        body: octoBookingUpdateSchema,
      },
    },
    async (request) => update(ctx, resellerOf(request), request.params.uuid, request.body, capsOf(request)),
  );

  app.post(
    '/octo/bookings/:uuid/extend',
    {
      config: limit,
      schema: {
        tags,
        security,
        summary: 'Extends a hold (OCTO)',
        params: uuidParams,
        body: octoExtendSchema,
      },
    },
    async (request) =>
      extend(ctx, resellerOf(request), request.params.uuid, request.body.expirationMinutes, capsOf(request)),
  );

  app.post(
    '/octo/bookings/:uuid/confirm',
    {
      config: limit,
      schema: {
        tags,
        security,
        summary: 'Confirms: sold on the reseller’s account, tickets issued (OCTO)',
        params: uuidParams,
        body: octoConfirmationSchema,
      },
    },
    async (request) => confirm(ctx, resellerOf(request), request.params.uuid, request.body, capsOf(request)),
  );

  const cancelSummary =
    'Cancels: a hold released; a sale refunded on account by the boat’s policy or the agreement (OCTO)';
  app.post(
    '/octo/bookings/:uuid/cancel',
    {
      config: limit,
      schema: { tags, security, summary: cancelSummary, params: uuidParams, body: octoCancellationSchema },
    },
    async (request) =>
      cancel(ctx, resellerOf(request), request.params.uuid, request.body.reason, capsOf(request)),
  );
  app.delete(
    '/octo/bookings/:uuid',
    { config: limit, schema: { tags, security, summary: cancelSummary, params: uuidParams } },
    async (request) => cancel(ctx, resellerOf(request), request.params.uuid, null, capsOf(request)),
  );

  // octo/webhooks: where the reseller is told of changes made on our side (octo-webhooks.ts).
  app.get(
    '/octo/webhooks',
    { config: limit, schema: { tags, security, summary: 'The reseller’s webhooks (OCTO octo/webhooks)' } },
    async (request) => (await webhooksOf(ctx, resellerOf(request).id)).map(webhookWire),
  );

  app.post(
    '/octo/webhooks',
    {
      config: limit,
      schema: {
        tags,
        security,
        summary:
          'Registers a webhook (OCTO octo/webhooks); the first also answers the signing secret, this once',
        body: octoWebhookRequestSchema,
      },
    },
    async (request) => {
      const caps = capsOf(request);
      const asked = [caps.pricing && 'octo/pricing', caps.content && 'octo/content'].filter(
        (c): c is string => typeof c === 'string',
      );
      const { webhook, secret } = await registerWebhook(ctx, resellerOf(request).id, request.body, asked);
      return { ...webhookWire(webhook), ...(secret ? { secret } : {}) };
    },
  );

  app.delete(
    '/octo/webhooks/:id',
    {
      config: limit,
      schema: {
        tags,
        security,
        summary: 'Deletes one of the reseller’s webhooks (OCTO octo/webhooks)',
        params: z.object({ id: z.string().min(1).max(200) }),
      },
    },
    async (request) => {
      const removed = isUuid(request.params.id)
        ? await removeWebhook(ctx, resellerOf(request).id, request.params.id)
        : undefined;
      if (!removed) throw octoError('BAD_REQUEST', 'The webhook id was missing or invalid', request.params);
      return webhookWire(removed);
    },
  );
};
