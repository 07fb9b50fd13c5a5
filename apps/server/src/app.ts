// Builds the whole HTTP app without listening, so tests drive it through `app.inject`.
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BoatsListResponse } from '@boats/domain/schemas/boat';
import {
  accountOwnRoutes,
  adminRoutes,
  agentRoutes,
  backOfficeRoutes,
  ownerRoutes,
  staffRoutes,
} from './back-office-routes';
import type { AppContext } from './context';
import { registerBodyTimeout } from './http/body-timeout';
import { registerErrorHandler } from './http/error-handler';
import { registerResponseCompression } from './http/compress-responses';
import { registerStrictJsonBodies } from './http/json-body';
import { registerOpenApi } from './http/openapi';
import { bookingPagePreloads } from './http/page-preloads';
import { registerRateLimits } from './http/rate-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { startReadCaches } from './http/read-caches';
import { cachedJson } from './http/answer-cache';
import { publicOwnerApplicationRoutes } from './modules/owner-applications/routes';
import { registerWebApp } from './http/web-app';
import { registerWorkQueue, WorkQueue } from './http/work-queue';
import { SERVER_ROOT } from './server-root';
import { availabilityRoutes } from './modules/availability/routes';
import { authRoutes } from './modules/auth/routes';
import { passwordResetRoutes } from './modules/auth/password-reset-routes';
import { manageBookingRoutes } from './modules/manage-booking/routes';
import { depositCustomerRoutes } from './modules/deposits/routes';
import { selfDriveCustomerRoutes } from './modules/self-drive/routes';
import { dataRightsRoutes } from './modules/data-rights/routes';
import { bookingRoutes } from './modules/checkout/routes';
import { publicPromoCodeRoutes } from './modules/promo-codes/routes';
import { publicGiftVoucherRoutes } from './modules/gift-vouchers/routes';
import { catalogueRoutes } from './modules/catalogue/routes';
import { cachedCatalogue, catalogueRead } from './modules/catalogue/catalogue-answer';
import { monthRead } from './modules/availability/month-answer';
import { serverTakingCachedReadsFirst, type CachedReadsFirst } from './http/cached-reads-first';
import { configurePasswordHashing } from './modules/auth/password';
import { healthRoutes } from './modules/health/routes';
import { createMetrics, type Metrics } from './modules/metrics/metrics';
import { metricsRoutes } from './modules/metrics/routes';
import type { Tracing } from './tracing/start-tracing';
import { publicMediaRoutes } from './modules/media/routes';
import { operatorRoutes } from './modules/operator/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { webhookRoutes } from './modules/payment-webhooks/routes';
import { publicMessageRoutes } from './modules/messages/public-routes';
import { calendarFeedRoutes } from './modules/calendar-feed/routes';
import { tripChangeRoutes } from './modules/trip-cancellation/trip-change-routes';
import { publicReviewRoutes } from './modules/reviews/routes';
import { publicWaitlistRoutes } from './modules/waitlist/routes';
import { publicPaymentLinkRoutes } from './modules/payment-links/routes';
import { siteRating } from './modules/reviews/review-service';
import { operatorIdentity } from './modules/operator/operator-identity';
import { seoRoutes } from './modules/seo/routes';
import { octoRoutes } from './modules/octo/routes';
import { seoPageHead, siteRatingOf, type SeoSources } from './modules/seo/page-head';

const REDACT = ['req.headers.authorization', 'req.headers.cookie'];
const DEFAULT_WEB_DIST = join(SERVER_ROOT, '../web/dist');

/**
 * Requests working on the embedded database at once. It runs in this thread, so more would only
 * interleave its statements; two let one request's non-database wait (a mail server, a payment
 * provider) overlap another's queries.
 */
const EMBEDDED_CONCURRENCY = 2;

export type BuildOptions = {
  /** Writes the JSON log lines here (at info level at least), whatever LOG_LEVEL says. */
  logStream?: DestinationStream;
  /** Sees every route as it is registered (the tests walk the real route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /** The process's metrics, which the jobs report to as well (server.ts); else the app's own. */
  metrics?: Metrics;
  /** Traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set (server.ts): a span for each request. */
  tracing?: Pick<Tracing, 'plugin'>;
};

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger: options.logStream
      ? { level: 'info', stream: options.logStream, redact: REDACT }
      : config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: REDACT },
    requestIdHeader: 'x-request-id',
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Headers must arrive within this time (the body: registerBodyTimeout below).
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    routerOptions: { maxParamLength: 200 },
    // The catalogue and a boat's month are answered from memory before Fastify routes them.
    serverFactory: serverTakingCachedReadsFirst(() => cachedReadsFirst),
  }).withTypeProvider<ZodTypeProvider>();
  let cachedReadsFirst: CachedReadsFirst | undefined;
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  // First, so the request's span is open before every other hook and handler runs.
  if (options.tracing) await app.register(options.tracing.plugin);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  configurePasswordHashing(config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerBodyTimeout(app, config.REQUEST_TIMEOUT_SECONDS * 1000);
  registerStrictJsonBodies(app);
  registerResponseCompression(app);

  const secure = config.publicUrl.startsWith('https://');
  const securityHeaders = registerSecurityHeaders(app, secure);
  await app.register(cookie);
  await registerRateLimits(app, config.REDIS_URL);
  await registerOpenApi(app);

  const metrics = options.metrics ?? createMetrics(ctx);
  // A callback hook: every answer passes here, and a synchronous count needs no promise.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const queue =
    ctx.database.kind === 'pglite'
      ? new WorkQueue(EMBEDDED_CONCURRENCY, config.EMBEDDED_QUEUE_WAIT_MS)
      : undefined;
  if (queue) registerWorkQueue(app, queue);
  const caches = await startReadCaches(ctx.database, queue);
  // Not with traces on: each request then keeps its span, which Fastify's plugin opens.
  if (!options.tracing) {
    cachedReadsFirst = {
      reads: [catalogueRead(ctx, caches), monthRead(ctx, caches)],
      securityHeaders,
      observe: (route, status, seconds) => metrics.observeRequest('GET', route, status, seconds),
      closing: () => closing,
    };
  }
  await app.register(healthRoutes, { ctx });
  await app.register(metricsRoutes, { ctx, metrics });
  await app.register(catalogueRoutes, { ctx, caches });
  await app.register(operatorRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(passwordResetRoutes, { ctx });
  await app.register(availabilityRoutes, { ctx, caches });
  await app.register(paymentsRoutes, { ctx });
  await app.register(webhookRoutes, { ctx });
  await app.register(bookingRoutes, { ctx, caches });
  await app.register(publicPromoCodeRoutes, { ctx });
  await app.register(publicGiftVoucherRoutes, { ctx });
  await app.register(manageBookingRoutes, { ctx });
  await app.register(depositCustomerRoutes, { ctx });
  await app.register(selfDriveCustomerRoutes, { ctx });
  await app.register(dataRightsRoutes, { ctx });
  await app.register(publicMessageRoutes, { ctx });
  await app.register(calendarFeedRoutes, { ctx });
  await app.register(tripChangeRoutes, { ctx });
  await app.register(publicMediaRoutes, { ctx });
  await app.register(publicReviewRoutes, { ctx });
  await app.register(publicWaitlistRoutes, { ctx });
  await app.register(publicPaymentLinkRoutes, { ctx });
  await app.register(publicOwnerApplicationRoutes, { ctx });
  await app.register(seoRoutes, { ctx, caches });
  // Resellers' OCTO API: guarded by their API keys, not by back-office sessions (modules/octo/routes.ts).
  await app.register(octoRoutes, { ctx });
  // Every back-office route goes through back-office-routes.ts (one guard per plugin).
  await app.register(adminRoutes, { ctx, caches });
  await app.register(backOfficeRoutes, { ctx, caches });
  await app.register(staffRoutes, { ctx, caches });
  await app.register(accountOwnRoutes, { ctx, caches });
  await app.register(ownerRoutes, { ctx, caches });
  await app.register(agentRoutes, { ctx, caches });

  // The booking pages are drawn with the fleet and name its first photo in their <head>; the landing and boat pages
  // carry their structured data and share preview. Both read the catalogue's cache (no query
  // per page view); the site's rating is read once per catalogue answer, which a review's
  // change renews.
  const fleet = async () => cachedJson<BoatsListResponse>(await cachedCatalogue(ctx, caches)).items;
  const seo: SeoSources = {
    publicUrl: config.publicUrl,
    operator: operatorIdentity(config),
    fleet,
    siteRating: async () => siteRatingOf(await cachedCatalogue(ctx, caches), () => siteRating(ctx.db)),
  };
  await registerWebApp(app, config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST, {
    pageHead: async (path, lng, fleetInPage) => {
      const [preloads, head] = await Promise.all([
        bookingPagePreloads(path, fleet, fleetInPage),
        seoPageHead(path, lng, seo),
      ]);
      return { ...head, tags: `${preloads}${head?.tags ?? ''}` };
    },
    fleet: () => cachedCatalogue(ctx, caches),
    operator: seo.operator,
    testBookings: config.testBookings,
  });
  return app;
}
