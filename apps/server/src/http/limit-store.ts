// Counters behind every abuse limit (sign-in attempts, contact form, request floods). Each
// operation is atomic: one Lua script in Redis, one synchronous step in memory, so parallel
// requests can never all read "below the limit" before any of them counts. With REDIS_URL the
// counts are shared by every instance; while Redis is unreachable each instance falls back to
// its own in-memory counts (limits per instance, never none) and /readyz reports "degraded".
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** An attempt that is only let through while the key's count stays within `limit`. */
export type AttemptRule = {
  limit: number;
  windowMs: number;
  /**
   * Past the limit, one attempt per growing delay instead of none: the n-th attempt over the
   * limit waits backoffBaseMs × 2^n (capped at windowMs) after the previous one. 0 = refuse.
   */
  backoffBaseMs?: number;
};

export type AttemptResult = { allowed: true } | { allowed: false; retryAfterMs: number };

export type LimitCounter = {
  /** Counts one more hit in the key's window (the first hit starts it): the new count and ms left. */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** Counts the attempt when the rule allows it, otherwise leaves the count as it was. */
  attempt(key: string, rule: AttemptRule): Promise<AttemptResult>;
  /** Gives back one counted attempt (a successful sign-in does not use up the allowance). */
  refund(key: string): Promise<void>;
};

const waitKey = (key: string) => `${key}:wait`;
const backoffDelay = (rule: AttemptRule, over: number) =>
  Math.min(rule.windowMs, (rule.backoffBaseMs ?? 0) * 2 ** over);

/** Per-instance counters; JavaScript runs one step at a time, so each method is atomic here. */
export class MemoryCounter implements LimitCounter {
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();
  private static readonly MAX_KEYS = 100_000;

  private live(key: string, now: number) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > now) return entry;
    if (entry) this.entries.delete(key);
    return undefined;
  }

  private create(key: string, count: number, ttlMs: number, now: number) {
    if (this.entries.size >= MemoryCounter.MAX_KEYS) this.sweep(now);
    // Still full of live keys: forget the oldest rather than grow without bound.
    if (this.entries.size >= MemoryCounter.MAX_KEYS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const entry = { count, expiresAt: now + ttlMs };
    this.entries.set(key, entry);
    return entry;
  }

  private sweep(now: number) {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    const entry = this.live(key, now) ?? this.create(key, 0, windowMs, now);
    entry.count++;
    return { count: entry.count, ttlMs: entry.expiresAt - now };
  }

  async attempt(key: string, rule: AttemptRule): Promise<AttemptResult> {
    const now = Date.now();
    const entry = this.live(key, now) ?? this.create(key, 0, rule.windowMs, now);
    if (entry.count < rule.limit) {
      entry.count++;
      if (entry.count === rule.limit && rule.backoffBaseMs)
        this.create(waitKey(key), 1, backoffDelay(rule, 1), now);
      return { allowed: true };
    }
    const wait = this.live(waitKey(key), now);
    if (!rule.backoffBaseMs || wait) {
      return { allowed: false, retryAfterMs: (wait ?? entry).expiresAt - now };
    }
    entry.count++;
    this.create(waitKey(key), 1, backoffDelay(rule, entry.count - rule.limit + 1), now);
    return { allowed: true };
  }

  async refund(key: string) {
    const entry = this.live(key, Date.now());
    if (entry && entry.count > 0) entry.count--;
  }
}

// KEYS[1] the counter, KEYS[2] its wait key; ARGV: limit, windowMs, backoffBaseMs.
// Answers {1} when allowed, {0, retryAfterMs} when not. Mirrors MemoryCounter.attempt.
const ATTEMPT_LUA = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local base = tonumber(ARGV[3])
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count < limit then
  count = redis.call('INCR', KEYS[1])
  if count == 1 then redis.call('PEXPIRE', KEYS[1], window) end
  if count == limit and base > 0 then
    redis.call('SET', KEYS[2], '1', 'PX', math.min(window, base * 2))
  end
  return {1, 0}
end
local wait = redis.call('PTTL', KEYS[2])
if base == 0 or wait > 0 then
  if wait <= 0 then wait = redis.call('PTTL', KEYS[1]) end
  return {0, wait}
end
count = redis.call('INCR', KEYS[1])
redis.call('SET', KEYS[2], '1', 'PX', math.min(window, base * 2 ^ (count - limit + 1)))
return {1, 0}
`;

const HIT_LUA = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

const REFUND_LUA = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

type ScriptedRedis = Redis & {
  limitHit(key: string, windowMs: number): Promise<[number, number]>;
  limitAttempt(
    key: string,
    wait: string,
    limit: number,
    windowMs: number,
    base: number,
  ): Promise<[number, number]>;
  limitRefund(key: string): Promise<number>;
};

export class RedisCounter implements LimitCounter {
  constructor(private readonly redis: ScriptedRedis) {}

  static create(redis: Redis): RedisCounter {
    redis.defineCommand('limitHit', { numberOfKeys: 1, lua: HIT_LUA });
    redis.defineCommand('limitAttempt', { numberOfKeys: 2, lua: ATTEMPT_LUA });
    redis.defineCommand('limitRefund', { numberOfKeys: 1, lua: REFUND_LUA });
    return new RedisCounter(redis as ScriptedRedis);
  }

  async hit(key: string, windowMs: number) {
    const [count, ttlMs] = await this.redis.limitHit(key, windowMs);
    return { count, ttlMs };
  }

  async attempt(key: string, rule: AttemptRule): Promise<AttemptResult> {
    const [allowed, retryAfterMs] = await this.redis.limitAttempt(
      key,
      waitKey(key),
      rule.limit,
      rule.windowMs,
      rule.backoffBaseMs ?? 0,
    );
    return allowed === 1 ? { allowed: true } : { allowed: false, retryAfterMs };
  }

  async refund(key: string) {
    await this.redis.limitRefund(key);
  }
}

/**
 * The counters every limit uses: Redis when configured and reachable, otherwise this
 * instance's memory. One log line when Redis is lost and one when it is back.
 */
export class LimitStore implements LimitCounter {
  private readonly memory = new MemoryCounter();
  private readonly shared: RedisCounter | undefined;
  private down = false;

  constructor(
    private readonly redis: Redis | undefined,
    private readonly log: FastifyBaseLogger,
  ) {
    this.shared = redis ? RedisCounter.create(redis) : undefined;
    redis?.on('ready', () => this.markUp());
    redis?.on('error', (err: Error) => this.markDown(err));
    redis?.on('close', () => this.markDown());
  }

  static connect(redisUrl: string | undefined, log: FastifyBaseLogger): LimitStore {
    const redis = redisUrl
      ? new Redis(redisUrl, {
          // Fail fast while Redis is away: the memory fallback answers instead of a queue.
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          commandTimeout: 500,
        })
      : undefined;
    return new LimitStore(redis, log);
  }

  /** True while limits are per instance although REDIS_URL asks for shared ones. */
  get degraded(): boolean {
    return this.redis !== undefined && (this.down || this.redis.status !== 'ready');
  }

  private markDown(err?: Error) {
    if (this.down || !this.redis) return;
    this.down = true;
    this.log.warn({ err }, 'rate limits degraded: Redis unavailable, using per-instance in-memory limits');
  }

  private markUp() {
    if (!this.down) return;
    this.down = false;
    this.log.info('rate limits recovered: Redis is back, limits are shared again');
  }

  private async run<T>(op: (counter: LimitCounter) => Promise<T>): Promise<T> {
    if (!this.shared || this.degraded) return op(this.memory);
    try {
      return await op(this.shared);
    } catch (err) {
      this.markDown(err as Error);
      return op(this.memory);
    }
  }

  hit(key: string, windowMs: number) {
    return this.run((c) => c.hit(key, windowMs));
  }

  attempt(key: string, rule: AttemptRule) {
    return this.run((c) => c.attempt(key, rule));
  }

  refund(key: string) {
    return this.run((c) => c.refund(key));
  }

  close(): void {
    this.redis?.disconnect();
  }
}
