// Traces (docs/operating.md#traces): with OTEL_EXPORTER_OTLP_ENDPOINT set, a checkout's requests
// reach a local OTLP/HTTP collector as traces holding their database statements (PGlite's own
// wrapper, or instrumentation-pg on PostgreSQL) and their calls to Stripe (the SDK against the
// local fake).
import { afterAll, describe, expect, it } from 'vitest';
import { startTracing } from '../../../src/tracing/start-tracing';
import { createBoat, createSlot, sharedRequest } from '../../helpers/checkout-fixtures';
import { startOtlpCollector, type CollectedSpan } from '../../helpers/otlp-collector';
import { startStripeFake } from '../../helpers/stripe-fake';
import { buildTestApp } from '../../helpers/test-app';

const NOW = new Date('2027-06-01T09:00:00Z');
const KEYS = { secret: 'sk_test_trace_1', publishable: 'pk_test_trace_2', webhook: 'whsec_trace_3' };

describe('traces of a checkout', async () => {
  const collector = await startOtlpCollector();
  const stripe = await startStripeFake(KEYS.secret);
  // The exporter reads the endpoint when tracing starts, as at a server's start.
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
  const tracing = await startTracing();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  let stopped = false;
  const stopTracing = async () => {
    if (stopped) return;
    stopped = true;
    await tracing.shutdown();
  };
  afterAll(async () => {
    await stopTracing();
    await stripe.close();
    await collector.close();
  });
  const t = await buildTestApp({
    template: 'empty',
    now: NOW,
    tracing,
    env: {
      STRIPE_SECRET_KEY: KEYS.secret,
      STRIPE_PUBLISHABLE_KEY: KEYS.publishable,
      STRIPE_WEBHOOK_SECRET: KEYS.webhook,
      STRIPE_API_BASE: stripe.url,
    },
  });
  const boat = await createBoat(t.ctx.db);
  const trip = await createSlot(t.ctx.db, boat.id, {
    type: 'shared',
    start: new Date('2027-06-10T09:00:00Z'),
    hours: 2,
    seatsTotal: 10,
    seatPriceCents: 2500,
  });

  /** The spans of the trace whose root is the request `name`, and that root. */
  function traceOf(name: string): { root: CollectedSpan; spans: CollectedSpan[] } {
    const roots = collector.spans.filter((s) => s.name === name && !s.parentSpanId);
    expect(
      roots,
      `one root span ${name} among ${collector.spans.map((s) => s.name).join(', ')}`,
    ).toHaveLength(1);
    const root = roots[0]!;
    return { root, spans: collector.spans.filter((s) => s.traceId === root.traceId && s !== root) };
  }

  /** True when `span` descends from `root` through its parents. */
  function descends(span: CollectedSpan, root: CollectedSpan, spans: CollectedSpan[]): boolean {
    for (let parent = span.parentSpanId; parent;) {
      if (parent === root.spanId) return true;
      parent = spans.find((s) => s.spanId === parent)?.parentSpanId;
    }
    return false;
  }

  it('sends each request of a checkout as a trace with its statements and its Stripe calls', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: sharedRequest(
        boat.id,
        trip,
        { adults: 2, children50: 0, kidsFree: 0 },
        { customer: { name: 'Ana', email: 'ana@example.com' } },
      ),
    });
    expect(started.statusCode, started.body).toBe(200);
    const intentId = started.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0]!;
    stripe.succeed(intentId);
    const confirmed = await t.app.inject(`/checkout/confirm?payment_intent=${intentId}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await stopTracing(); // sends what is still buffered

    expect(collector.contentTypes.every((type) => type.startsWith('application/json'))).toBe(true);
    const statement = t.database.kind === 'pglite' ? /^pglite\.query:/ : /^pg\.query:/;

    const intent = traceOf('POST /api/boat/payment-intent');
    expect(intent.root.service).toBe('boat-rental');
    expect(intent.root.attributes['http.route']).toBe('/api/boat/payment-intent');
    const create = intent.spans.filter((s) => s.name === 'stripe paymentIntents.create');
    expect(create).toHaveLength(1);
    expect(descends(create[0]!, intent.root, intent.spans)).toBe(true);
    const holdWrites = intent.spans.filter(
      (s) =>
        statement.test(s.name) &&
        /insert into "bookings"/i.test(String(s.attributes['db.query.text'] ?? s.attributes['db.statement'])),
    );
    expect(holdWrites.length).toBeGreaterThan(0);
    expect(holdWrites.every((s) => descends(s, intent.root, intent.spans))).toBe(true);
    // The statements' text only: a customer's details are bound values, never in a span.
    expect(JSON.stringify(intent.spans)).not.toContain('ana@example.com');

    const confirm = traceOf('GET /checkout/confirm');
    expect(confirm.spans.map((s) => s.name)).toContain('stripe paymentIntents.retrieve');
    const ticketWrites = confirm.spans.filter(
      (s) =>
        statement.test(s.name) &&
        /insert into "tickets"/i.test(String(s.attributes['db.query.text'] ?? s.attributes['db.statement'])),
    );
    expect(ticketWrites.length).toBeGreaterThan(0);
    expect(ticketWrites.every((s) => descends(s, confirm.root, confirm.spans))).toBe(true);
  });
});
