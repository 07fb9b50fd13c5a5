// Spans around the work a request or a job hands to something else: the embedded database's
// statements, Stripe, the mail server, the AEAT (docs/operating.md#traces). Tracing is on only
// when start-tracing.ts has set the tracer (OTEL_EXPORTER_OTLP_ENDPOINT set); until then each
// function here runs the call it wraps and nothing more. Only the OpenTelemetry API is loaded
// here, never the SDK.
import {
  context,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { PGlite, Transaction } from '@electric-sql/pglite';

let tracer: Tracer | undefined;

/** Set by start-tracing.ts when traces are exported; undefined turns every span here off. */
export function setTracer(active: Tracer | undefined): void {
  tracer = active;
}

function endWith(span: Span, err: unknown): void {
  const error = err instanceof Error ? err : new Error(String(err));
  span.recordException(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
}

async function inSpan<T>(
  active: Tracer,
  name: string,
  options: { kind: SpanKind; attributes: Attributes },
  run: () => Promise<T>,
): Promise<T> {
  return active.startActiveSpan(name, options, async (span) => {
    try {
      return await run();
    } catch (err) {
      endWith(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/**
 * A call to another service (`peer`: stripe, smtp, aeat) as a client span named
 * `<peer> <operation>`, failed when the call throws. Outside a request (a job sending the
 * outbox) it starts a trace of its own.
 */
export function tracedCall<T>(
  peer: string,
  operation: string,
  attributes: Attributes,
  run: () => Promise<T>,
): Promise<T> {
  if (!tracer) return run();
  return inSpan(
    tracer,
    `${peer} ${operation}`,
    { kind: SpanKind.CLIENT, attributes: { 'peer.service': peer, 'rpc.method': operation, ...attributes } },
    run,
  );
}

/** `SELECT`, `INSERT`, `WITH`…: the statement's first word, as instrumentation-pg names its spans. */
function operationOf(text: string): string {
  return /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
}

/**
 * The statement as a client span with the attributes instrumentation-pg gives PostgreSQL's (the
 * text with its $n placeholders, never the values), only inside a traced request: the jobs'
 * polling every second would otherwise start a trace per statement.
 */
function tracedStatement<T>(text: string, run: () => Promise<T>): Promise<T> {
  if (!tracer || !trace.getSpan(context.active())) return run();
  const operation = operationOf(text);
  return inSpan(
    tracer,
    `pglite.query:${operation}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.system': 'postgresql',
        'db.namespace': 'pglite',
        'db.operation.name': operation,
        'db.query.text': text,
      },
    },
    run,
  );
}

type QueryRunner = Pick<PGlite, 'query' | 'exec'> | Transaction;

function traceQueryMethods(target: QueryRunner): void {
  const query = target.query.bind(target) as (...args: unknown[]) => Promise<unknown>;
  const exec = target.exec.bind(target) as (...args: unknown[]) => Promise<unknown>;
  Object.assign(target, {
    query: (text: string, ...rest: unknown[]) => tracedStatement(text, () => query(text, ...rest)),
    exec: (text: string, ...rest: unknown[]) => tracedStatement(text, () => exec(text, ...rest)),
  });
}

/**
 * The embedded database's statements as spans: no OpenTelemetry instrumentation exists for
 * PGlite, so its query path is wrapped here, on this client and on each transaction it opens
 * (drizzle runs a transaction's statements on the transaction object PGlite hands it).
 */
export function traceEmbeddedQueries(client: PGlite): void {
  if (!tracer) return;
  traceQueryMethods(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (run) =>
    transaction((tx) => {
      traceQueryMethods(tx);
      return run(tx);
    });
}
