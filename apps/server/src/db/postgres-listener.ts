// A dedicated PostgreSQL connection that LISTENs on one channel and reconnects after a drop.
// Pooled connections cannot listen (they change hands), so each instance keeps one of these.
// While it is down, notifications may be lost: `onState(false)` says so at once, and
// `onState(true)` follows only once LISTEN runs again.
//
// caughtUp() makes "committed elsewhere, so visible here" exact, not merely quick: PostgreSQL
// signals listeners during the writer's commit and a listening backend sends what is queued
// before it answers its next statement, so once a statement sent after the call has been
// answered on this connection, every notification committed before the call has arrived. The
// statement is an empty query: PostgreSQL answers it with two short messages and no plan (a
// `select 1` costs a row description, a row and a command tag to parse here as well). Round
// trips go out at most every ROUND_TRIP_GAP_MS, and the calls in between share the next one: a
// crowd costs a few hundred trivial statements a second, not one per request (each is a write
// to a socket and a wake-up of PostgreSQL, which under 100 connections was 40 % of the server's
// time on a cached answer), for at most that much more wait.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Listening } from './client';

const RETRY_MS = [100, 250, 500, 1000, 2000, 5000];
const ROUND_TRIP_GAP_MS = 2;

export class PostgresListener implements Listening {
  private client: pg.Client | undefined;
  private listening = false;
  private stopped = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private nextRoundTrip: Promise<void> | undefined;
  /**
   * The round trip on the wire, settled either way. The next one waits for it: pg runs one query
   * at a time, and queueing a second behind it is deprecated (and gone in pg 9).
   */
  private inFlight: Promise<void> = Promise.resolve();
  private lastRoundTripAt = -Infinity;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly onState: (listening: boolean) => void,
  ) {}

  /** Resolves after the first attempt; a failed one keeps retrying in the background. */
  async start(): Promise<void> {
    await this.connect().catch(() => {});
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    await client?.end().catch(() => {});
  }

  caughtUp(): Promise<void> {
    if (this.nextRoundTrip) return this.nextRoundTrip;
    const wait = this.lastRoundTripAt + ROUND_TRIP_GAP_MS - performance.now();
    this.nextRoundTrip = new Promise<void>((resolve) => {
      if (wait > 0) setTimeout(resolve, wait);
      else setImmediate(resolve); // the calls of this turn of the event loop still share it
    })
      .then(() => this.inFlight)
      .then(() => {
        this.nextRoundTrip = undefined;
        return this.sendRoundTrip();
      });
    return this.nextRoundTrip;
  }

  private sendRoundTrip(): Promise<void> {
    const client = this.client;
    if (!client || !this.listening) return Promise.reject(new Error('not listening for data changes'));
    this.lastRoundTripAt = performance.now();
    const roundTrip = client.query('').then(
      () => undefined,
      (err: unknown) => {
        // A listener that cannot answer may be missing notifications too.
        this.lost(client);
        throw err;
      },
    );
    this.inFlight = roundTrip.catch(() => undefined);
    return roundTrip;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, query_timeout: 2000 });
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.onPayload(message.payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
    } catch (err) {
      this.lost(client);
      throw err;
    }
    if (this.client !== client) return;
    this.attempt = 0;
    this.listening = true;
    this.onState(true);
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.listening = false;
    this.onState(false);
    void client.end().catch(() => {});
    if (!this.stopped) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = RETRY_MS[Math.min(this.attempt++, RETRY_MS.length - 1)]!;
    this.retryTimer = setTimeout(() => void this.connect().catch(() => {}), delay);
  }
}
