// JSON bodies must be valid UTF-8. Node would quietly turn broken bytes into U+FFFD and store
// the mangled text; refusing them with a 400 keeps what is stored equal to what was sent.
// Fastify's own parser then runs unchanged (it also refuses __proto__/constructor poisoning).
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export function registerStrictJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(badRequest('invalid_encoding', 'The request body is not valid UTF-8.'), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
