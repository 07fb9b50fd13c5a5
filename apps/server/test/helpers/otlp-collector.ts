// A local OpenTelemetry collector for the trace test: receives OTLP over HTTP with JSON bodies
// (what @opentelemetry/exporter-trace-otlp-http sends to /v1/traces) and keeps the spans.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type AnyValue = { stringValue?: string; intValue?: number | string; boolValue?: boolean };
type ExportedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: AnyValue }[];
  status?: { code?: number };
};
type ExportRequest = {
  resourceSpans: {
    resource?: { attributes?: { key: string; value: AnyValue }[] };
    scopeSpans: { spans?: ExportedSpan[] }[];
  }[];
};

export type CollectedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  service: string | undefined;
  attributes: Record<string, string | number | boolean | undefined>;
};

function plain(value: AnyValue): string | number | boolean | undefined {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.boolValue;
}

function attributesOf(list: { key: string; value: AnyValue }[] = []) {
  return Object.fromEntries(list.map(({ key, value }) => [key, plain(value)]));
}

export async function startOtlpCollector() {
  const spans: CollectedSpan[] = [];
  const contentTypes: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      contentTypes.push(req.headers['content-type'] ?? '');
      const exported = JSON.parse(body) as ExportRequest;
      for (const resourceSpans of exported.resourceSpans) {
        const service = attributesOf(resourceSpans.resource?.attributes)['service.name'];
        for (const scope of resourceSpans.scopeSpans) {
          for (const span of scope.spans ?? []) {
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || undefined,
              name: span.name,
              service: typeof service === 'string' ? service : undefined,
              attributes: attributesOf(span.attributes),
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    contentTypes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
