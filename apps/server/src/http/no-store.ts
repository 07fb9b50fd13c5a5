// Answers with personal data (names, e-mails, phones, client secrets) must never be kept by a
// browser's or a proxy's cache. Added as a plugin hook, it covers every route of the plugin.
import type { FastifyReply, FastifyRequest } from 'fastify';

export async function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('cache-control', 'no-store');
  return payload;
}
