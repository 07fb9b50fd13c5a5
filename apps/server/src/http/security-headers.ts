// Security headers on every answer, as helmet makes them. They never vary by request here, so
// helmet runs once at start-up and its headers are copied onto each reply: running it per
// request rebuilt the same Content-Security-Policy text every time, a sixth of a cached
// answer's cost.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

// The CSP allows no inline script. Stripe's script, its frames and its API are the only
// third-party origins, needed on the payment step.
function helmetOptions(secure: boolean): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", 'https://js.stripe.com'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'media-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", 'https://api.stripe.com', 'https://r.stripe.com'],
        'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'object-src': ["'none'"],
        ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // HSTS only means something over HTTPS; on plain http://localhost it would be ignored or harmful.
    strictTransportSecurity: secure ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/** The headers helmet sets with these options, by lower-case name. */
function securityHeaders(secure: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(helmetOptions(secure))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (err?: unknown) => {
      if (err) throw err;
    },
  );
  return headers;
}

/** Puts the headers on every reply, and answers them (the cached reads sent ahead of Fastify add them too). */
export function registerSecurityHeaders(app: FastifyInstance, secure: boolean): Record<string, string> {
  const headers = securityHeaders(secure);
  // A callback hook: no promise per request for a synchronous copy.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  return headers;
}
