import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// The CSP allows no inline script. Stripe's script, its frames and its API are the only
// third-party origins, needed on the payment step.
export async function registerSecurityHeaders(app: FastifyInstance, secureCookies: boolean): Promise<void> {
  await app.register(helmet, {
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
        ...(secureCookies ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // HSTS only means something over HTTPS; on plain http://localhost it would be ignored or harmful.
    strictTransportSecurity: secureCookies ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
