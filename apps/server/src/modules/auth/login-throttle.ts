// Failed sign-ins are counted per client IP and per account in the rate-limit store (Redis
// when configured, so every instance shares the counts). Only failures count: a successful
// sign-in does not use up the allowance.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../http/errors';

export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failed attempts allowed on one account within the window; the next attempt gets 429. */
export const FAILED_LOGINS_PER_ACCOUNT = 10;
/** Failed attempts allowed from one IP within the window (on any accounts). */
export const FAILED_LOGINS_PER_IP = 30;

declare module 'fastify' {
  interface FastifyRequest {
    /** The normalised e-mail of a sign-in attempt, the key of the per-account counter. */
    loginAccount?: string;
  }
}

export type LoginThrottle = {
  /** Throws 429 when the IP or the account has used up its failed attempts. */
  check(request: FastifyRequest): Promise<void>;
  recordFailure(request: FastifyRequest): Promise<void>;
};

export function createLoginThrottle(app: FastifyInstance): LoginThrottle {
  // A count above max is "exceeded", so max = allowed − 1 refuses the attempt that follows the
  // last allowed failure.
  const byIp = app.createRateLimit({
    max: FAILED_LOGINS_PER_IP - 1,
    timeWindow: LOGIN_WINDOW_MS,
    keyGenerator: (request) => `login-ip:${request.ip}`,
  });
  const byAccount = app.createRateLimit({
    max: FAILED_LOGINS_PER_ACCOUNT - 1,
    timeWindow: LOGIN_WINDOW_MS,
    keyGenerator: (request) => `login-account:${request.loginAccount ?? ''}`,
  });

  return {
    async check(request) {
      const results = await Promise.all([
        byIp(request, { increment: false }),
        byAccount(request, { increment: false }),
      ]);
      for (const result of results) {
        if (result.isAllowed || !result.isExceeded) continue;
        const minutes = Math.max(1, Math.ceil(result.ttl / 60_000));
        throw tooManyRequests(
          `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
    },
    async recordFailure(request) {
      await Promise.all([byIp(request), byAccount(request)]);
    },
  };
}
