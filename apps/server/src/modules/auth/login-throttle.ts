// Sign-in guessing limits (OWASP "device cookies"). Each attempt takes a slot BEFORE the
// password is checked, atomically in the limit store, so parallel attempts cannot all pass a
// "below the limit" check; a successful sign-in gives its slots back (only failures count).
// - Per client (an IPv4 address or an IPv6 /64: http/client-key.ts): FAILED_LOGINS_PER_IP per
//   window, then 429.
// - Per account, for browsers that never signed in to it: FAILED_LOGINS_PER_ACCOUNT per window,
//   then one attempt per growing delay (2 s, 4 s, 8 s … up to the window) instead of a lock.
// - A browser that signed in to the account before carries a signed device cookie and has its
//   own budget (FAILED_LOGINS_PER_DEVICE), so strangers guessing cannot lock the owner out.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { tooManyRequests } from '../../http/errors';
import { clientKey } from '../../http/client-key';
import type { AttemptRule, LimitStore } from '../../http/limit-store';

const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failed attempts on one account from unknown browsers before the growing delays start. */
export const FAILED_LOGINS_PER_ACCOUNT = 10;
/** Failed attempts from one client (IPv4 address, IPv6 /64) within the window (on any accounts). */
export const FAILED_LOGINS_PER_IP = 30;
/** Failed attempts one trusted browser (device cookie) may make on its account. */
const FAILED_LOGINS_PER_DEVICE = 10;
/** First growing delay past the account's limit; doubles with each further attempt. */
const ACCOUNT_BACKOFF_BASE_MS = 1000;

const DEVICE_COOKIE = 'boats_device';
const DEVICE_COOKIE_DAYS = 180;

const byIp: AttemptRule = { limit: FAILED_LOGINS_PER_IP, windowMs: LOGIN_WINDOW_MS };
const byDevice: AttemptRule = { limit: FAILED_LOGINS_PER_DEVICE, windowMs: LOGIN_WINDOW_MS };
const byAccount: AttemptRule = {
  limit: FAILED_LOGINS_PER_ACCOUNT,
  windowMs: LOGIN_WINDOW_MS,
  backoffBaseMs: ACCOUNT_BACKOFF_BASE_MS,
};

/** The slots one attempt took; give them back when the password was right. */
export type LoginAttempt = { succeeded(): Promise<void> };

function sign(secret: string, account: string, nonce: string): string {
  return createHmac('sha256', secret).update(`device|${account}|${nonce}`).digest('base64url');
}

/** The nonce of a device cookie issued for this account, when the cookie is genuine. */
function trustedDevice(ctx: AppContext, request: FastifyRequest, account: string): string | undefined {
  const [nonce, signature] = (request.cookies[DEVICE_COOKIE] ?? '').split('.');
  if (!nonce || !signature) return undefined;
  const expected = Buffer.from(sign(ctx.config.jwtSecret, account, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : undefined;
}

function refused(retryAfterMs: number, what: string): never {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait =
    seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  throw tooManyRequests(`Too many failed sign-in attempts ${what}. Please try again in ${wait}.`);
}

/** Takes the attempt's slots or answers 429; `account` is the normalised e-mail. */
export async function beginLoginAttempt(
  ctx: AppContext,
  limits: LimitStore,
  request: FastifyRequest,
  account: string,
): Promise<LoginAttempt> {
  const ipKey = `login-ip:${clientKey(request)}`;
  const ip = await limits.attempt(ipKey, byIp);
  if (!ip.allowed) refused(ip.retryAfterMs, 'from this address');

  const device = trustedDevice(ctx, request, account);
  const accountKey = device ? `login-device:${device}` : `login-account:${account}`;
  const own = await limits.attempt(accountKey, device ? byDevice : byAccount);
  if (!own.allowed) {
    await limits.refund(ipKey);
    refused(own.retryAfterMs, 'on this account');
  }
  return {
    async succeeded() {
      await Promise.all([limits.refund(ipKey), limits.refund(accountKey)]);
    },
  };
}

/** Whether this browser signed in to the account before (it carries a genuine device cookie). */
export const isTrustedDevice = (ctx: AppContext, request: FastifyRequest, account: string): boolean =>
  trustedDevice(ctx, request, account) !== undefined;

/** After a successful sign-in: this browser gets its own budget on the account from now on. */
export function trustDevice(ctx: AppContext, reply: FastifyReply, account: string): void {
  const nonce = randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${nonce}.${sign(ctx.config.jwtSecret, account, nonce)}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.publicUrl.startsWith('https://'),
    path: '/user/auth',
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
}
