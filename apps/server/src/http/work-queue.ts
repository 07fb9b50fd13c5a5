// A first-come-first-served queue in front of the embedded database. PGlite runs in this thread
// and answers through microtasks only, so a request on it runs from start to end without the
// event loop reading another socket: a crowd's requests pile up unseen in socket buffers, and
// the last of a hundred waits for the ninety-nine before it, past any client's timeout. The
// queue gives the event loop a turn before each admission (`setImmediate`), so every arrived
// request is seen and queued in arrival order; a few work at once, and one that would wait
// longer than `maxWaitMs` is answered at once with 503 and Retry-After instead of hanging.
// (PostgreSQL needs none: its pool is the queue, with a 5 s bound answered the same way.)
import type { FastifyInstance } from 'fastify';
import { DomainError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route queues its own database work (read caches answer hits without it). */
    workQueue?: false;
  }
}

export class QueueFullError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, 'busy', 'The service is busy, please retry in a moment.');
  }
}

type Waiter = { admit: () => void; timer: NodeJS.Timeout };

export class WorkQueue {
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly concurrency: number,
    readonly maxWaitMs: number,
  ) {}

  /** Resolves with a release function once admitted; rejects with QueueFullError past the wait. */
  enter(): Promise<() => void> {
    if (this.active < this.concurrency && this.waiting.length === 0) {
      const release = this.admitted();
      return new Promise((resolve) => setImmediate(() => resolve(release)));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          const release = this.admitted();
          setImmediate(() => resolve(release));
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(new QueueFullError(Math.max(1, Math.ceil(this.maxWaitMs / 1000))));
        }, this.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.enter();
    try {
      return await work();
    } finally {
      release();
    }
  }

  get size(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  private admitted(): () => void {
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.waiting.shift()?.admit();
    };
  }
}

// Not /user/: a sign-in spends its time waiting for a password hash, in its own bounded queue
// (MAX_CONCURRENT_PASSWORD_HASHES); holding a database turn meanwhile would stall everyone else.
const QUEUED_PREFIXES = ['/api/', '/checkout/', '/messages/', '/readyz'];

/**
 * Every API request passes through the queue, from arrival until its connection is done with
 * the answer: the turn is given back on the response's 'close', which comes after the answer
 * is sent and also when the client went away first, so no turn is ever lost.
 */
export function registerWorkQueue(app: FastifyInstance, queue: WorkQueue): void {
  // A callback hook: the requests that do not queue (cached answers, pages, files) pass
  // straight on instead of paying for a promise each.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config?.workQueue === false) return done();
    if (!QUEUED_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return done();
    queue.enter().then(
      (release) => {
        if (request.raw.socket?.destroyed === true) {
          // The client gave up while waiting: no work for an answer nobody reads.
          release();
          done(new QueueFullError(1));
          return;
        }
        // 'finish' too: injected requests (tests) have no connection to close. release() is once only.
        reply.raw.once('close', release);
        reply.raw.once('finish', release);
        done();
      },
      (err: Error) => done(err),
    );
  });
}
