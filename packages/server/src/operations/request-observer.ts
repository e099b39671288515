import type { Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { withStatementContext } from '../db/statement-context.ts';
import { scrubText, scrubUrl } from '../http/logging.ts';
import {
  MAX_STATEMENT_CHARS,
  MAX_STATEMENTS,
  processName,
  type LoggedStatement,
  type RequestLogEntry,
} from './request-log.ts';
import type { OperationsState } from './operations-state.ts';
import { recordSystemEvent } from './system-records.ts';

interface Trace {
  started: number;
  /** The request's OpenTelemetry span, when tracing is on. */
  span?: Span;
  statements: LoggedStatement[];
  dropped: number;
  error?: { code?: string; message: string };
}

const traces = new WeakMap<FastifyRequest, Trace>();

/** The routes whose writes change the tenant's configuration: a successful one is a SystemEvent. */
const configurationRoutes = /^\/api\/core\/tenant-configuration(\/|$)/;

/**
 * Hooks on every request: the statement context (its id tagged on the connection, its
 * statements timed), then, once answered, the metrics, the tenant's counts and the request log's
 * entry. The Prometheus endpoint and the web app's files are not logged.
 */
export function observeRequests(app: FastifyInstance, state: OperationsState, db: Db) {
  app.addHook('onRequest', (request, _reply, done) => {
    const span = state.tracing?.requestStarted(request);
    const trace: Trace = { started: performance.now(), statements: [], dropped: 0, ...(span ? { span } : {}) };
    traces.set(request, trace);
    withStatementContext(
      {
        requestId: String(request.id),
        statement(text, ms, error) {
          if (span) state.tracing?.statement(span, text, ms, error);
          if (trace.statements.length >= MAX_STATEMENTS) {
            trace.dropped++;
            return;
          }
          trace.statements.push({
            sql: text.length > MAX_STATEMENT_CHARS ? `${text.slice(0, MAX_STATEMENT_CHARS)}…` : text,
            ms: Math.round(ms * 1000) / 1000,
            ...(error ? { error: scrubText(String((error as Error).message ?? error)).slice(0, 500) } : {}),
          });
        },
      },
      done,
    );
  });
  app.addHook('onError', async (request, _reply, error) => {
    const trace = traces.get(request);
    if (trace)
      trace.error = {
        ...((error as { code?: unknown }).code ? { code: String((error as { code?: unknown }).code) } : {}),
        message: scrubText(error.message).slice(0, 2000),
      };
  });
  app.addHook('onResponse', async (request, reply) => {
    const trace = traces.get(request);
    if (!trace) return;
    const route = request.routeOptions.url ?? null;
    const status = reply.statusCode;
    const ms = performance.now() - trace.started;
    state.metrics.request(request.method, route ?? '(no route)', status, ms / 1000);
    if (trace.span)
      state.tracing?.requestEnded(trace.span, {
        method: request.method,
        route,
        status,
        ...(request.caller ? { tenant: request.caller.tenant, user: request.caller.username } : {}),
        ...(trace.error ? { error: trace.error.message } : {}),
      });
    if (route === '/metrics' || !request.url.startsWith('/api/')) return;
    const caller = request.caller;
    const tenant = caller?.tenant ?? '';
    if (tenant) {
      const counts = state.tenantCounts.get(tenant) ?? { requests: 0, errors: 0, totalMs: 0 };
      counts.requests++;
      if (status >= 500) counts.errors++;
      counts.totalMs += ms;
      state.tenantCounts.set(tenant, counts);
    }
    const entry: RequestLogEntry = {
      requestId: String(request.id),
      at: new Date().toISOString(),
      tenant,
      method: request.method,
      route,
      url: scrubUrl(request.url).slice(0, 2000),
      user: caller?.username ?? null,
      status,
      durationMs: Math.round(ms * 1000) / 1000,
      statements: trace.statements,
      droppedStatements: trace.dropped,
      error: trace.error ?? null,
      process: processName,
      ...(trace.span ? { traceId: trace.span.spanContext().traceId } : {}),
    };
    state.requestLog.add(entry);
    if (caller && request.method !== 'GET' && status < 400 && route && configurationRoutes.test(route))
      await recordSystemEvent(db, caller.tenant, {
        type: 'CONFIGURATION_CHANGED',
        source: 'tenant-configuration',
        payload: { route, url: entry.url, user: caller.username, requestId: entry.requestId },
      }).catch((error) => request.log.error({ err: error }, 'system event failed'));
  });
}
