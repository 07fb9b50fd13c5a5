// Sends a cached answer as it is stored: brotli or gzip bytes as the client accepts them (the
// rare client that accepts neither gets them inflated), or a bodiless 304 when its ETag matches.
// The headers of each way of sending an answer are worked out once per answer, not per request.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { inflated, type CachedAnswer } from './answer-cache';

type Headers = Record<string, string>;
type AnswerHeaders = {
  cacheControl: string;
  notModified: Headers;
  br: Headers;
  gzip: Headers;
  plain: Headers;
};

const headersOf = new WeakMap<CachedAnswer, AnswerHeaders>();

function answerHeaders(answer: CachedAnswer, cacheControl: string): AnswerHeaders {
  const known = headersOf.get(answer);
  if (known?.cacheControl === cacheControl) return known;
  const notModified = { 'cache-control': cacheControl, etag: answer.etag, vary: 'accept-encoding' };
  const plain = { ...notModified, 'content-type': 'application/json; charset=utf-8' };
  const made = {
    cacheControl,
    notModified,
    plain,
    br: { ...plain, 'content-encoding': 'br' },
    gzip: { ...plain, 'content-encoding': 'gzip' },
  };
  headersOf.set(answer, made);
  return made;
}

/** What is sent for a cached answer: its status, headers and body, as the request asks for it. */
export type CachedAnswerReply = { status: 200 | 304; headers: Headers; body: Buffer | undefined };

export function cachedAnswerReply(
  answer: CachedAnswer,
  cacheControl: string,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): CachedAnswerReply {
  const headers = answerHeaders(answer, cacheControl);
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, answer.etag)) {
    return { status: 304, headers: headers.notModified, body: undefined };
  }
  const accepted = acceptEncoding === undefined ? '' : acceptEncoding.toLowerCase();
  if (/\bbr\b/.test(accepted)) return { status: 200, headers: headers.br, body: answer.br };
  if (/\bgzip\b/.test(accepted)) return { status: 200, headers: headers.gzip, body: answer.gzip };
  return { status: 200, headers: headers.plain, body: inflated(answer) };
}

export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  cacheControl: string,
): FastifyReply {
  const { 'if-none-match': ifNoneMatch, 'accept-encoding': acceptEncoding } = request.headers;
  const { status, headers, body } = cachedAnswerReply(answer, cacheControl, ifNoneMatch, acceptEncoding);
  return reply.code(status).headers(headers).send(body);
}

function etagMatches(header: string, etag: string): boolean {
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
