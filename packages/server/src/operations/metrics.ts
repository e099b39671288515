import { monitorEventLoopDelay } from 'node:perf_hooks';
import client from 'prom-client';
import type pg from 'pg';
import type { JobQueue } from '../jobs/job-queue.ts';

/**
 * The server's Prometheus metrics (prom-client), one registry per application: requests by
 * route pattern (never the raw URL, whose ids would make a series each), their latency, errors by
 * status class, the connection pool, the job queue, batch throughput, the event loop's lag and
 * the process's memory (prom-client's default metrics). Gauges that need a look (pool, queue)
 * are read when scraped or sampled.
 */
export interface ServerMetrics {
  registry: client.Registry;
  /** Counts a request answered: its method, route pattern, status and time. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** Counts a batch ended: its type, its end status and the items it processed. */
  batch(type: string, status: string, items: number): void;
  /** The current values of the gauges read on demand (pool, queue, lag, memory), by sample key. */
  gauges(): Promise<Record<string, number>>;
  stop(): void;
}

export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export function createServerMetrics(pool: pg.Pool, jobs: JobQueue): ServerMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'lbo_' });
  const requests = new client.Counter({
    name: 'lbo_http_requests_total',
    help: 'Requests answered, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'],
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'lbo_http_request_duration_seconds',
    help: 'Time to answer a request, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new client.Counter({
    name: 'lbo_http_errors_total',
    help: 'Answers of status 400 or more, by status class and route pattern',
    labelNames: ['status_class', 'route'],
    registers: [registry],
  });
  const batchItems = new client.Counter({
    name: 'lbo_batch_items_total',
    help: 'Items processed by ended batches, by batch type and end status',
    labelNames: ['type', 'status'],
    registers: [registry],
  });
  const batches = new client.Counter({
    name: 'lbo_batches_total',
    help: 'Batches ended, by batch type and end status',
    labelNames: ['type', 'status'],
    registers: [registry],
  });
  const lag = monitorEventLoopDelay({ resolution: 20 });
  lag.enable();
  const readPool = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  new client.Gauge({
    name: 'lbo_db_pool_connections',
    help: 'Connections of the application pool, by state (total, idle, waiting requests)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const p = readPool();
      this.set({ state: 'total' }, p.total);
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'waiting' }, p.waiting);
    },
  });
  new client.Gauge({
    name: 'lbo_job_queue_jobs',
    help: 'Background jobs of the queue, by state (waiting, active)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const depth = await jobs.depth().catch(() => undefined);
      if (!depth) return;
      this.set({ state: 'waiting' }, depth.waiting);
      this.set({ state: 'active' }, depth.active);
    },
  });
  new client.Gauge({
    name: 'lbo_job_queue_oldest_waiting_seconds',
    help: 'Age of the oldest job waiting in the queue',
    registers: [registry],
    async collect() {
      const depth = await jobs.depth().catch(() => undefined);
      if (depth) this.set(depth.oldestWaitingSeconds);
    },
  });
  new client.Gauge({
    name: 'lbo_event_loop_lag_seconds',
    help: 'Event-loop delay since the last scrape, by quantile (p50, p99, max)',
    labelNames: ['quantile'],
    registers: [registry],
    collect() {
      this.set({ quantile: '0.5' }, lag.percentile(50) / 1e9);
      this.set({ quantile: '0.99' }, lag.percentile(99) / 1e9);
      this.set({ quantile: 'max' }, lag.max / 1e9);
    },
  });
  return {
    registry,
    request(method, route, status, seconds) {
      requests.inc({ method, route, status_class: statusClass(status) });
      duration.observe({ method, route }, seconds);
      if (status >= 400) errors.inc({ status_class: statusClass(status), route });
    },
    batch(type, status, items) {
      batches.inc({ type, status });
      if (items > 0) batchItems.inc({ type, status }, items);
    },
    async gauges() {
      const p = readPool();
      const depth = await jobs.depth().catch(() => ({ waiting: 0, active: 0, oldestWaitingSeconds: 0 }));
      const memory = process.memoryUsage();
      const values = {
        'db.pool.total': p.total,
        'db.pool.idle': p.idle,
        'db.pool.waiting': p.waiting,
        'jobs.waiting': depth.waiting,
        'jobs.active': depth.active,
        'jobs.oldest-waiting-seconds': depth.oldestWaitingSeconds,
        'event-loop.lag-p99-ms': lag.percentile(99) / 1e6,
        'memory.rss-mb': memory.rss / 2 ** 20,
        'memory.heap-used-mb': memory.heapUsed / 2 ** 20,
      };
      lag.reset();
      return values;
    },
    stop() {
      lag.disable();
      registry.clear();
    },
  };
}
