// Builds the whole HTTP app without listening, so tests drive it through `app.inject`.
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { registerErrorHandler } from './http/error-handler';
import { registerResponseCompression } from './http/compress-responses';
import { registerStrictJsonBodies } from './http/json-body';
import { registerOpenApi } from './http/openapi';
import { registerRateLimits } from './http/rate-limit';
import type { BoatsListResponse } from '@boats/domain/schemas/boat';
import { cachedJson } from './http/answer-cache';
import { bookingPagePreloads } from './http/page-preloads';
import { CATALOGUE_GROUP, startReadCaches } from './http/read-caches';
import { CATALOGUE_KEY, catalogueAnswer } from './modules/catalogue/catalogue-answer';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { registerWorkQueue, WorkQueue } from './http/work-queue';
import { SERVER_ROOT } from './server-root';
import { adminBookingsRoutes } from './modules/admin-bookings/routes';
import { adminMessagesRoutes } from './modules/messages/admin-routes';
import { availabilityRoutes } from './modules/availability/routes';
import { authRoutes } from './modules/auth/routes';
import { adminBoatRoutes } from './modules/boats/admin-routes';
import { adminSlotRoutes } from './modules/slots/admin-routes';
import { bookingRoutes } from './modules/bookings/routes';
import { catalogueRoutes } from './modules/catalogue/routes';
import { healthRoutes } from './modules/health/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { publicMessageRoutes } from './modules/messages/public-routes';

/**
 * Requests working on the embedded database at once. It runs in this thread, so more would only
 * interleave its statements; two let one request's non-database wait (a password hash, a mail
 * server) overlap another's queries.
 */
const EMBEDDED_CONCURRENCY = 2;

const DEFAULT_WEB_DIST = join(SERVER_ROOT, '../web/dist');

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    requestIdHeader: 'x-request-id',
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerStrictJsonBodies(app);
  registerResponseCompression(app);

  const secure = config.publicUrl.startsWith('https://');
  await registerSecurityHeaders(app, secure);
  await app.register(cookie);
  await registerRateLimits(app, config.REDIS_URL);
  await registerOpenApi(app);

  const queue =
    ctx.database.kind === 'pglite'
      ? new WorkQueue(EMBEDDED_CONCURRENCY, config.EMBEDDED_QUEUE_WAIT_MS)
      : undefined;
  if (queue) registerWorkQueue(app, queue);
  const caches = await startReadCaches(ctx.database, queue);
  await app.register(healthRoutes, { ctx });
  await app.register(catalogueRoutes, { ctx, caches });
  await app.register(authRoutes, { ctx });
  await app.register(adminBoatRoutes, { ctx });
  await app.register(adminSlotRoutes, { ctx });
  await app.register(availabilityRoutes, { ctx, caches });
  await app.register(paymentsRoutes, { ctx });
  await app.register(bookingRoutes, { ctx, caches });
  await app.register(publicMessageRoutes, { ctx });
  await app.register(adminBookingsRoutes, { ctx });
  await app.register(adminMessagesRoutes, { ctx });

  await registerWebApp(app, config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST, async (path) => {
    const now = ctx.now().getTime();
    const fleet = await caches.catalogue.get(CATALOGUE_KEY, CATALOGUE_GROUP, now, () =>
      catalogueAnswer(ctx.db, now),
    );
    return bookingPagePreloads(path, cachedJson<BoatsListResponse>(fleet).items);
  });
  return app;
}
