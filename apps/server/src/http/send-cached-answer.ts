// Sends a cached answer as it is stored: brotli or gzip bytes as the client accepts them (the
// rare client that accepts neither gets them inflated), or a bodiless 304 when its ETag matches.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { inflated, type CachedAnswer } from './answer-cache';

export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  cacheControl: string,
): FastifyReply {
  reply.header('cache-control', cacheControl).header('etag', answer.etag).header('vary', 'accept-encoding');
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(answer.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(answer.gzip);
  return reply.send(inflated(answer));
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
