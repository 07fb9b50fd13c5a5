// Calls authenticated by a cookie (sign-in, refresh, sign-out) must come from this site's own
// pages: a page on another site could otherwise make the visitor's browser renew or end a
// session. Browsers say where a request comes from in Sec-Fetch-Site and Origin; clients that
// send neither (scripts, curl) carry no visitor's cookies to abuse.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { forbidden } from './errors';

function originAllowed(origin: string, publicUrl: string, host: string | undefined): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  // The public address, or the address the browser itself used (the Vite dev proxy on :5173).
  return parsed.origin === new URL(publicUrl).origin || (host !== undefined && parsed.host === host);
}

function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  return origin === undefined || originAllowed(origin, publicUrl, request.headers.host);
}

export function requireSameOrigin(publicUrl: string): onRequestAsyncHookHandler {
  return async (request) => {
    if (!isSameOrigin(request, publicUrl)) throw forbidden('Cross-site request refused');
  };
}
