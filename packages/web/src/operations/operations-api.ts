import type { CacheView, LoggedStatement, RequestLogEntry, RunningStatement } from '@lbo/model/operations';

export type { CacheView, LoggedStatement, RequestLogEntry, RunningStatement };

/** What the operations routes answer (packages/server/src/operations/operations.routes.ts). */
export type Point = [date: string, value: number];

export interface MetricSummary {
  key: string;
  last: number | null;
  lastDate: string | null;
  points: Point[];
}

export const operationsKeys = {
  summary: ['operations', 'metrics-summary'] as const,
  series: (key: string, hours: number) => ['operations', 'metric-series', key, hours] as const,
  requestLog: (id: string) => ['operations', 'request-log', id] as const,
  currentOperations: ['operations', 'current-operations'] as const,
  caches: ['operations', 'caches'] as const,
};

/** The metrics the server records (metric-sampler.ts, metrics.ts `gauges`): label and unit. */
export const metricLabels: Record<string, { label: string; unit?: string }> = {
  'http.requests': { label: 'Requests per minute' },
  'http.errors': { label: 'Server errors per minute' },
  'http.mean-ms': { label: 'Mean answer time', unit: 'ms' },
  'db.pool.total': { label: 'Database connections' },
  'db.pool.idle': { label: 'Idle database connections' },
  'db.pool.waiting': { label: 'Requests waiting for a connection' },
  'jobs.waiting': { label: 'Jobs waiting' },
  'jobs.active': { label: 'Jobs at work' },
  'jobs.oldest-waiting-seconds': { label: 'Oldest waiting job', unit: 's' },
  'event-loop.lag-p99-ms': { label: 'Event-loop lag (p99)', unit: 'ms' },
  'memory.rss-mb': { label: 'Resident memory', unit: 'MB' },
  'memory.heap-used-mb': { label: 'JavaScript heap used', unit: 'MB' },
};
