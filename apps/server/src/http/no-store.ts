// Answers with personal data (names, e-mails, phones, client secrets) must never be kept by a
// browser's or a proxy's cache. Added as a plugin hook, it covers every route of the plugin.
import type { onSendHookHandler } from 'fastify';

export const noStore: onSendHookHandler = async (_request, reply, payload) => {
  reply.header('cache-control', 'no-store');
  return payload;
};
