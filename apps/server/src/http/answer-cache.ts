// Serialized public answers kept in memory, compressed (brotli and gzip), with their ETag.
// An answer is valid in [computedAt, validUntil) of the app's clock and until its group (a boat,
// the catalogue) is invalidated by a data-change notification. Four rules keep it true:
// - before a cached answer is used, every notification committed before the request is applied
//   (`caughtUp`), so a write committed on another instance is never answered from before it;
// - nothing is stored or served while notifications are not flowing (`setListening(false)`);
// - a fill that began before an invalidation of its group is answered but never stored, since
//   its query may have read the rows from before the change;
// - concurrent misses of one key share one fill (a crowd does not run the query a hundred times).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type CachedAnswer = {
  etag: string;
  br: Buffer;
  gzip: Buffer;
  computedAt: number;
  validUntil: number;
};

/** `group`: for a key whose group only its fill can tell (a booking's boat), the group it names. */
export type Fill = { body: string; validUntil: number; group?: string };

type Entry = CachedAnswer & { group: string };
type InFlight = { version: number; group: string | undefined; promise: Promise<CachedAnswer> };

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, InFlight>();
  /** A counter that moves on every invalidation; per group, the value at its last one. */
  private version = 0;
  private readonly invalidatedAt = new Map<string, number>();
  /**
   * The `invalidateWhere` calls made while fills were under way, for the fills whose group only
   * they name (unknown when the call was made): forgotten once no fill that began before is
   * under way, so a cache always filling (a busy season) does not keep them all.
   */
  private recentWheres: { version: number; touched: (group: string) => boolean }[] = [];
  private everythingInvalidatedAt = 0;
  private listening = false;
  private caughtUp: () => Promise<void> = () => Promise.reject(new Error('not listening'));

  constructor(
    private readonly maxEntries: number,
    /** Runs a fill's database work (through the embedded database's work queue). */
    private readonly runFill: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
  ) {}

  /** Notifications flowing or not; when they stop, everything cached may turn stale. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.invalidateAll();
  }

  /** How to wait until every notification committed so far has been applied. */
  followChanges(caughtUp: () => Promise<void>): void {
    this.caughtUp = caughtUp;
  }

  invalidate(group: string): void {
    this.version++;
    this.invalidatedAt.set(group, this.version);
    for (const [key, entry] of this.entries) if (entry.group === group) this.entries.delete(key);
  }

  /**
   * Invalidates every group `touched` says a change reaches, among those stored or being filled
   * (a group nobody holds needs nothing), as `invalidate` does one.
   */
  invalidateWhere(touched: (group: string) => boolean): void {
    this.version++;
    const groups = new Set([...this.entries.values()].map((entry) => entry.group));
    for (const { group } of this.inFlight.values()) if (group !== undefined) groups.add(group);
    for (const group of groups) if (touched(group)) this.invalidatedAt.set(group, this.version);
    for (const [key, entry] of this.entries) if (touched(entry.group)) this.entries.delete(key);
    if (this.inFlight.size > 0) this.recentWheres.push({ version: this.version, touched });
  }

  invalidateAll(): void {
    this.version++;
    this.everythingInvalidatedAt = this.version;
    this.invalidatedAt.clear();
    this.entries.clear();
  }

  /**
   * The cached answer for `key`, or a fresh one from `fill` (stored when that is safe). `group`
   * undefined: the fill names it, and a fill under way is shared only while nothing at all has
   * been invalidated since it began.
   */
  get(key: string, group: string | undefined, now: number, fill: () => Promise<Fill>): Promise<CachedAnswer> {
    if (!this.listening) return this.uncached(now, fill);
    // One promise per hit: the hit itself is a map look-up once the notifications are in.
    return this.caughtUp().then(
      () => (this.listening ? this.lookUp(key, group, now, fill) : this.uncached(now, fill)),
      () => this.uncached(now, fill),
    );
  }

  /** Neither served from nor stored in memory: the notifications are not flowing. */
  private uncached(now: number, fill: () => Promise<Fill>): Promise<CachedAnswer> {
    return this.runFill(fill).then(({ body, validUntil }) => compressAnswer(body, now, validUntil));
  }

  private lookUp(
    key: string,
    group: string | undefined,
    now: number,
    fill: () => Promise<Fill>,
  ): CachedAnswer | Promise<CachedAnswer> {
    const cached = this.entries.get(key);
    if (cached && cached.computedAt <= now && now < cached.validUntil) {
      // Map order is insertion order: re-inserting keeps the least recently used first.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const startVersion = this.version;
    const running = this.inFlight.get(key);
    const stillTrue = (version: number) =>
      group === undefined ? this.version === version : !this.invalidatedSince(group, version);
    if (running && stillTrue(running.version)) return running.promise;

    const promise = this.runFill(fill).then(async (filled) => {
      const answer = await compressAnswer(filled.body, now, filled.validUntil);
      const named = filled.group ?? group;
      if (
        this.listening &&
        named !== undefined &&
        !this.invalidatedSince(named, startVersion) &&
        now < filled.validUntil
      ) {
        this.store(key, { ...answer, group: named });
      }
      return answer;
    });
    this.inFlight.set(key, { version: startVersion, group, promise });
    const forget = () => {
      if (this.inFlight.get(key)?.promise === promise) this.inFlight.delete(key);
      this.forgetWheresBefore(Math.min(...[...this.inFlight.values()].map((running) => running.version)));
    };
    promise.then(forget, forget);
    return promise;
  }

  /** Drops the `invalidateWhere` calls no fill under way began before (all, when none is under way). */
  private forgetWheresBefore(oldestRunning: number): void {
    this.recentWheres = this.recentWheres.filter((where) => where.version > oldestRunning);
  }

  private invalidatedSince(group: string, version: number): boolean {
    return (
      this.everythingInvalidatedAt > version ||
      (this.invalidatedAt.get(group) ?? 0) > version ||
      this.recentWheres.some((where) => where.version > version && where.touched(group))
    );
  }

  private store(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

async function compressAnswer(body: string, computedAt: number, validUntil: number): Promise<CachedAnswer> {
  const bytes = Buffer.from(body);
  // Brotli 5: on a month (56 KB of JSON) as small as quality 9 (7.5 KB) in a fifth of the time,
  // which matters as every write to a boat makes its months compress again.
  const [br, gz] = await Promise.all([
    brotliAsync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  return {
    etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
    br,
    gzip: gz,
    computedAt,
    validUntil,
  };
}

/** The answer's JSON bytes, for the rare client that accepts no compression. */
export function inflated(answer: CachedAnswer): Buffer {
  return gunzipSync(answer.gzip);
}

const parsedAnswers = new WeakMap<CachedAnswer, unknown>();

/**
 * The answer as a value again, for the server's own use (the booking pages' preloads), read-only.
 * Parsed once per cached answer, not once per page view.
 */
export function cachedJson<T>(answer: CachedAnswer): T {
  if (!parsedAnswers.has(answer)) parsedAnswers.set(answer, JSON.parse(inflated(answer).toString()));
  return parsedAnswers.get(answer) as T;
}
