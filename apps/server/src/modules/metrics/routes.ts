import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { notFound, unauthorized } from '../../http/errors';
import { noStore } from '../../http/no-store';
import type { Metrics } from './metrics';

/** Compares digests, so neither the token's length nor its first wrong byte shows in the timing. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics in Prometheus' text format, for the operator's scraper and nobody else: it answers
 * only `Authorization: Bearer <METRICS_TOKEN>`, and 404 to everyone when no token is set.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; metrics: Metrics }> = async (
  app,
  { ctx, metrics },
) => {
  const token = ctx.config.METRICS_TOKEN;
  app.addHook('onSend', noStore);
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!token) throw notFound('Metrics (no METRICS_TOKEN set)');
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!given || !sameToken(given, token)) throw unauthorized('The metrics need their bearer token');
    return reply.type(metrics.registry.contentType).send(await metrics.scrape());
  });
};
