import type { ModuleContext } from '../modules/server-module.ts';
import { onWarningLine } from '../http/logging.ts';
import { createServerMetrics, type ServerMetrics } from './metrics.ts';
import { createRequestLogStore, type RequestLogStore } from './request-log.ts';
import { createSystemLogWriter } from './system-records.ts';
import { startTracing, type Tracing } from './tracing.ts';

/** A tenant's requests since the last sample (the per-tenant metric records). */
export interface TenantCounts {
  requests: number;
  errors: number;
  totalMs: number;
}

/** What the operations module keeps while an application runs: its metrics, request log, log writer and tracing. */
export interface OperationsState {
  metrics: ServerMetrics;
  requestLog: RequestLogStore;
  systemLogs: ReturnType<typeof createSystemLogWriter>;
  tenantCounts: Map<string, TenantCounts>;
  /** Present when a collector is named (tracing.ts). */
  tracing?: Tracing;
  stop(): Promise<void>;
}

const states = new WeakMap<object, OperationsState>();

/** The state of the application `context` belongs to, made on first use. */
export function operationsState(context: ModuleContext): OperationsState {
  let state = states.get(context.database);
  if (state) return state;
  const metrics = createServerMetrics(context.database.pool, context.jobs);
  const requestLog = createRequestLogStore(context.db);
  const systemLogs = createSystemLogWriter(context.db);
  const stopListening = onWarningLine((line) => systemLogs.add(line));
  const tracing = startTracing();
  const timer = setInterval(() => void systemLogs.flush(), 2000);
  timer.unref();
  state = {
    metrics,
    requestLog,
    systemLogs,
    tenantCounts: new Map(),
    ...(tracing ? { tracing } : {}),
    async stop() {
      stopListening();
      clearInterval(timer);
      await requestLog.stop();
      await systemLogs.flush();
      metrics.stop();
      await tracing?.shutdown().catch(() => undefined);
      states.delete(context.database);
    },
  };
  states.set(context.database, state);
  return state;
}
