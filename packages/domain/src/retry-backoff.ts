/**
 * When a failed delivery is tried again (the mail outbox, a reseller's OCTO webhooks, the AEAT's
 * records): the first wait after the first failed attempt, doubled after each further one, never
 * longer than the longest. One policy, so the three queues cannot drift apart.
 */
export interface Backoff {
  firstMs: number;
  maxMs: number;
}

/** E-mails and webhooks: 1, 2, 4, 8 … minutes, at most an hour. */
export const DELIVERY_BACKOFF: Backoff = { firstMs: 60_000, maxMs: 60 * 60_000 };

/** The AEAT's records, which never give up (a stuck issuer is an alert): 30 s, doubling, at most 30 minutes. */
export const AEAT_BACKOFF: Backoff = { firstMs: 30_000, maxMs: 30 * 60_000 };

/** The wait after `attempts` failed attempts (1 for the first). */
export function retryDelayMs(attempts: number, backoff: Backoff): number {
  return Math.min(backoff.firstMs * 2 ** Math.max(0, attempts - 1), backoff.maxMs);
}
