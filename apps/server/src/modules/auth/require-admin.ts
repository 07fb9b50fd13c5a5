// The back-office guard: 401 without a valid bearer token (or when its session was signed out),
// 403 when the role is not allowed. It is added ONCE, as the onRequest hook of a guarded plugin
// (src/back-office-routes.ts), never per route, so a back-office route cannot forget it. On
// onRequest, the role is checked before the body or query is validated; the user is then
// `request.user`.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { UserRole } from '@boats/domain/schemas/auth';
import type { AppContext } from '../../context';
import { forbidden, unauthorized } from '../../http/errors';
import { verifyAccessToken, type TokenUser } from './access-token';
import { isSessionRevoked } from './refresh-token-repository';
import { scopeOf, type OwnerScope } from '../owner-scope/owner-scope';

declare module 'fastify' {
  interface FastifyRequest {
    user?: TokenUser;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** The user of the request's bearer token; 401 without one, expired or signed out. */
export async function bearerUser(ctx: AppContext, request: FastifyRequest): Promise<TokenUser> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const user = await verifyAccessToken(token, ctx.config.jwtSecret, ctx.now());
  if (!user) throw unauthorized('Your session has expired, please sign in again');
  // One indexed lookup: a signed-out session's access token stops working at once.
  if (await isSessionRevoked(ctx.db, user.sessionId)) throw unauthorized('You have signed out');
  return user;
}

export function requireRole(ctx: AppContext, roles: readonly UserRole[]): onRequestAsyncHookHandler {
  return async (request) => {
    const user = await bearerUser(ctx, request);
    if (!roles.includes(user.role)) throw forbidden();
    request.user = user;
  };
}

/** The signed-in user of a guarded route. */
export function adminOf(request: FastifyRequest): TokenUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** What the signed-in user of a guarded route may see: every owner's boats, or one owner's. */
export function scopeOfRequest(request: FastifyRequest): OwnerScope {
  return scopeOf(adminOf(request));
}

/**
 * The caller's role and scope as a cache key's first part (http/back-office-answers.ts): an answer
 * kept for one owner, or for an owner's crew, is never found by another.
 */
export function readerKeyOf(request: FastifyRequest): string {
  const user = adminOf(request);
  const scope = scopeOf(user);
  return `${user.role}|${scope.all ? '*' : scope.ownerId}`;
}
