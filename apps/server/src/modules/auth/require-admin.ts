// The guard on every admin route: 401 without a valid bearer token, 403 for a non-admin.
// Routes declare it with `onRequest: requireAdmin(ctx)`, so the role is checked before the
// body or query is validated; the user is then `request.user`.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../context';
import { forbidden, unauthorized } from '../../http/errors';
import { verifyAccessToken, type TokenUser } from './access-token';

declare module 'fastify' {
  interface FastifyRequest {
    user?: TokenUser;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

function requireRole(ctx: AppContext, allowed: readonly TokenUser['role'][]): onRequestAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const user = await verifyAccessToken(token, ctx.config.jwtSecret, ctx.now());
    if (!user) throw unauthorized('Your session has expired, please sign in again');
    if (!allowed.includes(user.role)) throw forbidden();
    request.user = user;
  };
}

export function requireAdmin(ctx: AppContext): onRequestAsyncHookHandler {
  return requireRole(ctx, ['admin']);
}

/** Staff = admin or crew: the day's trips, manifests and check-in. */
export function requireStaff(ctx: AppContext): onRequestAsyncHookHandler {
  return requireRole(ctx, ['admin', 'crew']);
}

/** The signed-in admin of a guarded route. */
export function adminOf(request: FastifyRequest): TokenUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
