// A dedicated PostgreSQL connection that LISTENs on one channel and reconnects after a drop.
// Pooled connections cannot listen (they change hands), so each instance keeps one of these.
// While it is down, notifications may be lost: `onState(false)` says so at once, and
// `onState(true)` follows only once LISTEN runs again.
//
// caughtUp() makes "committed elsewhere, so visible here" exact, not merely quick: PostgreSQL
// signals listeners during the writer's commit and a listening backend sends what is queued
// before each ReadyForQuery, so once a statement sent after the call has been answered on this
// connection, every notification committed before the call has arrived. The statement is an
// empty query: PostgreSQL answers it with two short messages and no plan. One round trip is on
// the wire at a time, and every call made while it travels shares the next one, sent the moment
// it is answered (the first, with nothing on the wire, at the end of its turn of the event loop):
// a request waits two round trips at most, and a crowd shares one per round-trip time instead of
// sending one per turn of the event loop (at the bench's load about the same count: PostgreSQL
// answers within a few turns; docs/performance.md, read caches). A fixed gap between round trips
// (2 ms, tried before; 1 ms again on 2026-11-27) sent a tenth as many but halved the rate under
// the bench's crowd, every request parked on a round trip it was not allowed to send yet.
import pg from 'pg';
import type { Listening } from './client';

const RETRY_MS = [100, 250, 500, 1000, 2000, 5000];
const noop = () => {};

export class PostgresListener implements Listening {
  private client: pg.Client | undefined;
  private listening = false;
  private stopped = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  /** The round trip the calls since the last one went out share, until it is sent. */
  private nextRoundTrip: Promise<void> | undefined;
  /** The round trip sent and not answered yet. */
  private onWire: Promise<void> | undefined;

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
    const ready = this.onWire
      ? this.onWire.then(noop, noop)
      : new Promise<void>((resolve) => setImmediate(resolve));
    this.nextRoundTrip = ready.then(() => {
      this.nextRoundTrip = undefined;
      return this.sendRoundTrip();
    });
    return this.nextRoundTrip;
  }

  private sendRoundTrip(): Promise<void> {
    const client = this.client;
    if (!client || !this.listening) return Promise.reject(new Error('not listening for data changes'));
    const roundTrip = client.query('').then(
      () => undefined,
      (err: unknown) => {
        // A listener that cannot answer may be missing notifications too.
        this.lost(client);
        throw err;
      },
    );
    this.onWire = roundTrip;
    const answered = () => {
      if (this.onWire === roundTrip) this.onWire = undefined;
    };
    roundTrip.then(answered, answered);
    return roundTrip;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      // A round trip unanswered this long ends the connection (and with it every one behind it).
      query_timeout: 2000,
      pipeline: true,
    });
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
