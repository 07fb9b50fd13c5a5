// The refresh token travels only in this cookie: httpOnly (scripts cannot read it), SameSite=Lax
// (not sent on cross-site POSTs), Secure when the site is served over https, and scoped to the
// /user paths that use it. Without "remember" it is a session cookie.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { IssuedSession } from './auth-service';

const REFRESH_COOKIE = 'boats_refresh';
const COOKIE_PATH = '/user';

const secure = (ctx: AppContext) => ctx.config.publicUrl.startsWith('https://');

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}

export function setRefreshCookie(reply: FastifyReply, ctx: AppContext, session: IssuedSession): void {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(ctx),
    path: COOKIE_PATH,
    ...(session.persistent ? { expires: session.expiresAt } : {}),
  });
}

export function clearRefreshCookie(reply: FastifyReply, ctx: AppContext): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(ctx),
    path: COOKIE_PATH,
  });
}
