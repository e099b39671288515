import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadDictionaries } from '@lbo/model/i18n/dictionaries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { tracingWanted } from './tracing.ts';

/**
 * OpenTelemetry tracing, sent over OTLP/HTTP to a collector's receiver: a local HTTP server
 * taking `POST /v1/traces` as an OpenTelemetry Collector does (JSON bodies, 200 answers). A
 * request is a server span named by its route pattern, a child of the caller's `traceparent`;
 * its SQL statements are client spans under it; the request log names its trace; nothing is sent
 * while no collector is named.
 */
interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  status?: { code?: number };
  attributes: OtlpAttribute[];
}
interface OtlpBody {
  resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

const bodies: OtlpBody[] = [];
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    if (request.method === 'POST' && request.url === '/v1/traces')
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpBody);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

const spans = () => bodies.flatMap((b) => b.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? value?.boolValue : Number(value.intValue));
};
/** OTLP's span kinds: 2 server, 3 client; status 2 is an error. */
const SERVER = 2;
const CLIENT = 3;

const saved = { ...process.env };
let t: TestApp;
const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
const callerSpanId = '00f067aa0ba902b7';
let loggedTraceId: unknown;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  process.env.OTEL_SERVICE_NAME = 'lbo-under-test';
  delete process.env.OTEL_SDK_DISABLED;
  delete process.env.OTEL_TRACES_EXPORTER;
  await loadDictionaries();
  t = await createTestApp();
  const traced = await t.call('GET', '/api/person/persons?range=[0-4]', {
    ...t.alpha.headers,
    traceparent: `00-${traceId}-${callerSpanId}-01`,
  });
  expect(traced.statusCode).toBeLessThan(300);
  const logged = await t.call('GET', `/api/system/request-log/${traced.headers['request-id']}`, t.alpha.headers);
  loggedTraceId = logged.json().traceId;
  await t.call('GET', '/api/person/persons/NOBODY', t.alpha.headers);
  // Closing the application sends what waits in the batch.
  await t.close();
}, 300_000);

afterAll(async () => {
  process.env = saved;
  await new Promise((resolve) => receiver.close(resolve));
});

describe('OpenTelemetry tracing', () => {
  it('is off unless a collector is named, and OpenTelemetry’s own switches turn it off', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });

  it("makes the request a server span of the caller's trace, named by its route pattern", () => {
    const resource = bodies[0]?.resourceSpans[0]?.resource.attributes ?? [];
    expect(resource.find((a) => a.key === 'service.name')?.value.stringValue).toBe('lbo-under-test');
    const request = spans().find((s) => s.kind === SERVER && s.traceId === traceId);
    expect(request).toBeDefined();
    expect(request!.parentSpanId).toBe(callerSpanId);
    expect(request!.name).toBe('GET /api/person/persons');
    expect(attribute(request!, 'http.request.method')).toBe('GET');
    expect(attribute(request!, 'http.route')).toBe('/api/person/persons');
    expect(attribute(request!, 'http.response.status_code')).toBe(200);
    expect(attribute(request!, 'lbo.tenant')).toBe(t.alpha.tenant);
    expect(attribute(request!, 'lbo.user')).toBe(t.alpha.username);
    expect(request!.status?.code ?? 0).not.toBe(2);
  });

  it('puts each SQL statement of the request under it, with its text and no parameters', () => {
    const request = spans().find((s) => s.kind === SERVER && s.traceId === traceId)!;
    const statements = spans().filter((s) => s.parentSpanId === request.spanId);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.kind).toBe(CLIENT);
      expect(statement.traceId).toBe(traceId);
      expect(attribute(statement, 'db.system.name')).toBe('postgresql');
      // Named by its operation, read past a leading comment such as `/* prepared */`.
      expect(statement.name).toMatch(/^(SELECT|WITH|SET|BEGIN|COMMIT|INSERT|UPDATE|DELETE)$/);
      expect(String(attribute(statement, 'db.query.text'))).toContain(statement.name);
      expect(attribute(statement, 'db.operation.name')).toBe(statement.name);
    }
    expect(statements.some((s) => s.name === 'SELECT')).toBe(true);
    // No span carries a password or a token sent with the requests.
    const sent = JSON.stringify(bodies);
    expect(sent).not.toContain(t.alpha.password);
    expect(sent).not.toContain(t.alpha.token);
  });

  it('starts a trace of its own without a traceparent, and a 4xx is not an error of the server', () => {
    const missing = spans().find((s) => s.kind === SERVER && s.name === 'GET /api/person/persons/:id');
    expect(missing).toBeDefined();
    expect(missing!.traceId).not.toBe(traceId);
    expect(missing!.parentSpanId ?? '').toBe('');
    expect(attribute(missing!, 'http.response.status_code')).toBe(404);
    expect(missing!.status?.code ?? 0).not.toBe(2);
  });

  it("names the request's trace in its request log entry", () => {
    expect(loggedTraceId).toBe(traceId);
  });
});
