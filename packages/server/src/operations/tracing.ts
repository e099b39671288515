import {
  context as contexts,
  defaultTextMapGetter,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_SYSTEM_NAME,
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVICE_NAME,
  ATTR_SERVICE_VERSION,
  ATTR_URL_PATH,
  ATTR_URL_SCHEME,
  ATTR_USER_AGENT_ORIGINAL,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from '@opentelemetry/semantic-conventions';
import type { FastifyRequest } from 'fastify';
import { scrubUrl } from '../http/logging.ts';
import { processName } from './request-log.ts';

/**
 * OpenTelemetry tracing (docs/operations.md "Tracing"), off unless a collector is named. It
 * follows OpenTelemetry's own environment variables, so an operator configures it as any other
 * instrumented service: `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`)
 * turns it on and the exporter sends OTLP over HTTP there (its headers, timeout and protocol
 * variables apply); `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` turn it off;
 * `OTEL_SERVICE_NAME` names the service (`lbo-server`); `OTEL_TRACES_SAMPLER_ARG` keeps that share
 * of new traces (1 by default), a caller's sampled `traceparent` being followed.
 *
 * Each request is a server span named by its route pattern with HTTP's semantic attributes, the
 * tenant and user as `lbo.tenant` and `lbo.user`; each SQL statement it runs is a client span
 * under it with the statement's text (never its parameters). A caller's W3C `traceparent` makes the
 * request a child of its trace. No global provider is registered: two applications in one
 * process (tests) keep their own.
 */
export interface Tracing {
  /** Starts the request's span, a child of the caller's trace when it sends one. */
  requestStarted(request: FastifyRequest): Span;
  /** A statement the request ran, ended now after `ms`. */
  statement(parent: Span, text: string, ms: number, error?: unknown): void;
  requestEnded(
    span: Span,
    end: { method: string; route: string | null; status: number; tenant?: string; user?: string; error?: string },
  ): void;
  /** Sends what is waiting (tests, shutdown). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

const propagator = new W3CTraceContextPropagator();

/** Whether the environment asks for traces. */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER && !env.OTEL_TRACES_EXPORTER.split(',').includes('otlp')) return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** The statement's first word after its leading comments, upper-cased: SELECT, INSERT, UPDATE, DELETE, WITH… */
const operationOf = (text: string) =>
  /^(?:\s|\/\*[\s\S]*?\*\/|--[^\n]*\n)*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL';

export function startTracing(env: NodeJS.ProcessEnv = process.env): Tracing | undefined {
  if (!tracingWanted(env)) return undefined;
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG ?? 1);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME || 'lbo-server',
      [ATTR_SERVICE_VERSION]: process.env.npm_package_version ?? '0.1.0',
      'service.instance.id': processName,
    }),
    sampler: new ParentBasedSampler({
      root: new TraceIdRatioBasedSampler(Number.isFinite(ratio) ? Math.min(1, Math.max(0, ratio)) : 1),
    }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  const tracer: Tracer = provider.getTracer('lbo-server');
  return {
    requestStarted(request) {
      const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
      const url = new URL(scrubUrl(request.url), 'http://server');
      return tracer.startSpan(
        request.method,
        {
          kind: SpanKind.SERVER,
          attributes: {
            [ATTR_HTTP_REQUEST_METHOD]: request.method,
            [ATTR_URL_PATH]: url.pathname,
            [ATTR_URL_SCHEME]: request.protocol,
            [ATTR_SERVER_ADDRESS]: request.hostname,
            ...(request.headers['user-agent'] ? { [ATTR_USER_AGENT_ORIGINAL]: request.headers['user-agent'] } : {}),
            'lbo.request_id': String(request.id),
          },
        },
        parent,
      );
    },
    statement(parent, text, ms, error) {
      const end = Date.now();
      const span = tracer.startSpan(
        operationOf(text),
        {
          kind: SpanKind.CLIENT,
          startTime: end - ms,
          attributes: {
            [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
            [ATTR_DB_OPERATION_NAME]: operationOf(text),
            [ATTR_DB_QUERY_TEXT]: text.slice(0, 4096),
          },
        },
        trace.setSpan(contexts.active(), parent),
      );
      if (error) {
        span.setAttribute(ATTR_ERROR_TYPE, (error as { code?: string }).code ?? 'Error');
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: String((error as Error).message ?? error).slice(0, 500),
        });
      }
      span.end(end);
    },
    requestEnded(span, { method, route, status, tenant, user, error }) {
      // Named `{method} {route}` once the route is known (HTTP's span naming convention).
      if (route) {
        span.updateName(`${method} ${route}`);
        span.setAttribute(ATTR_HTTP_ROUTE, route);
      }
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      if (tenant) span.setAttribute('lbo.tenant', tenant);
      if (user) span.setAttribute('lbo.user', user);
      // A server span is in error for a 5xx only: a 4xx is the caller's mistake (OpenTelemetry's HTTP conventions).
      if (status >= 500) {
        span.setAttribute(ATTR_ERROR_TYPE, String(status));
        span.setStatus({ code: SpanStatusCode.ERROR, ...(error ? { message: error } : {}) });
      }
      span.end();
    },
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
