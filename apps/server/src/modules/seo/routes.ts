import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BoatsListResponse } from '@boats/domain/schemas/boat';
import type { AppContext } from '../../context';
import { cachedJson } from '../../http/answer-cache';
import type { ReadCaches } from '../../http/read-caches';
import { cachedCatalogue } from '../catalogue/catalogue-answer';
import { robotsTxt, sitemapXml } from './sitemap';

export const seoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; caches: ReadCaches }> = async (
  app,
  { ctx, caches },
) => {
  const { publicUrl } = ctx.config;
  app.get(
    '/sitemap.xml',
    {
      config: { workQueue: false },
      schema: {
        tags: ['site'],
        summary: 'Every public page and every boat on the site, in every language (sitemaps.org, hreflang)',
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      const fleet = cachedJson<BoatsListResponse>(await cachedCatalogue(ctx, caches)).items;
      void reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600');
      return sitemapXml(
        publicUrl,
        fleet.map((boat) => boat._id),
      );
    },
  );
  app.get(
    '/robots.txt',
    {
      schema: {
        tags: ['site'],
        summary: 'What crawlers may read, and where the sitemap is',
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      void reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600');
      return robotsTxt(publicUrl);
    },
  );
};
