// Traces (docs/operating.md#traces): OpenTelemetry, started by server.ts only when
// OTEL_EXPORTER_OTLP_ENDPOINT is set. The SDK, the OTLP exporter and the instrumentations are
// imported here with `import()` alone, which the server bundle keeps as it is: a server started
// without the variable never loads them, and pays for tracing one `if` per wrapped call.
//
// What is traced: each request (@fastify/otel: a span named by its method and route), its
// PostgreSQL statements (@opentelemetry/instrumentation-pg) or the embedded database's
// (traced.ts, for PGlite has no instrumentation), and the calls to Stripe, the mail server and
// the AEAT (traced.ts). Spans are sent in batches by OTLP over HTTP (JSON) to
// OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces; the SDK's own OTEL_* variables apply
// (OTEL_BSP_SCHEDULE_DELAY, OTEL_EXPORTER_OTLP_HEADERS, …).
import { createRequire } from 'node:module';
import type { FastifyPluginCallback } from 'fastify';
import { setTracer } from './traced';

export type Tracing = {
  /** Registered first by buildApp: opens each request's span. */
  plugin: FastifyPluginCallback;
  /** Sends the spans still buffered, then turns tracing off. */
  shutdown(): Promise<void>;
};

const SERVICE_NAME = 'boat-rental';

export async function startTracing(): Promise<Tracing> {
  const [api, sdk, otlp, resources, pgInstrumentation, fastifyOtel] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
  ]);
  const provider = new sdk.NodeTracerProvider({
    resource: resources.resourceFromAttributes({
      'service.name': process.env.OTEL_SERVICE_NAME ?? SERVICE_NAME,
    }),
    spanProcessors: [new sdk.BatchSpanProcessor(new otlp.OTLPTraceExporter())],
  });
  // The global provider, context manager (AsyncLocalStorage) and W3C propagator: a request's
  // span stays the parent of everything its handler awaits.
  provider.register();

  // Statements outside a request (the jobs poll every second) would each start a trace.
  const pg = new pgInstrumentation.PgInstrumentation({ requireParentSpan: true });
  pg.setTracerProvider(provider);
  pg.enable();
  // The instrumentation patches pg's Client and pg-pool's Pool prototypes when pg is required
  // through Node's CommonJS loader. The server imports pg as an ES module (and the bundle hoists
  // that import above this code), which that hook does not see: requiring it here once hands the
  // already-loaded module to the hook, and the prototypes it patches are the ones the pool uses.
  const require = createRequire(import.meta.url);
  require('pg');

  const fastify = new fastifyOtel.default({
    // The request and its handler; a span per hook (a dozen per request) would bury the statements.
    instrumentHooks: false,
    // Named like the metrics' routes (`POST /api/boat/payment-intent`), never with an id.
    requestHook: (span, request) =>
      span.updateName(`${request.method} ${request.routeOptions.url ?? 'unknown route'}`),
  });
  fastify.setTracerProvider(provider);

  setTracer(provider.getTracer(SERVICE_NAME));
  return {
    plugin: fastify.plugin(),
    async shutdown() {
      setTracer(undefined);
      pg.disable();
      fastify.disable();
      await provider.shutdown();
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
}
