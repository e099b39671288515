/** What the operations routes answer (packages/server/src/operations/operations.routes.ts). */
export type Point = [date: string, value: number];

export interface MetricSummary {
  key: string;
  last: number | null;
  lastDate: string | null;
  points: Point[];
}

export interface LoggedStatement {
  sql: string;
  ms: number;
  error?: string;
}

export interface RequestLogEntry {
  requestId: string;
  at: string;
  tenant: string;
  method: string;
  route: string | null;
  url: string;
  user: string | null;
  status: number;
  durationMs: number;
  statements: LoggedStatement[];
  droppedStatements: number;
  error: { code?: string; message: string } | null;
  process: string;
}

export interface RunningStatement {
  pid: number;
  tenant: string | null;
  requestId: string | null;
  state: string;
  startedAt: string | null;
  ageSeconds: number;
  waitEvent: string | null;
  query: string;
}

export interface CacheView {
  name: string;
  description: string;
  size: number;
  hits: number;
  misses: number;
  hitRate: number | null;
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
