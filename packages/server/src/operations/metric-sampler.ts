import crypto from 'node:crypto';
import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant, type Db } from '../db/database.ts';
import { insertMany } from '../entities/storage.ts';
import type { OperationsState } from './operations-state.ts';
import { processName } from './request-log.ts';
import { MASTER_TENANT } from './system-records.ts';

/**
 * The metrics' history (`/metrics`, `/metric-record/{key}`): every minute the server writes the
 * registry's figures as MetricRecord rows — each tenant's requests, errors and mean time under
 * that tenant, the installation's gauges (pool, queue, event loop, memory) under the master
 * tenant, which its super admin reads — and removes records older than the retention
 * (`METRICS_RETENTION_DAYS`, 7 by default). Each process writes its own, named in `dimensions`.
 */
const metricRecord = entityByName('MetricRecord')!;
const tenantKind = entityByName('Tenant')!;

/** The keys a tenant's records carry (the installation's gauges are `ServerMetrics.gauges`' keys). */
export const tenantMetricKeys = ['http.requests', 'http.errors', 'http.mean-ms'] as const;

export function metricsRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const days = Number(env.METRICS_RETENTION_DAYS);
  return Number.isFinite(days) && days > 0 ? days : 7;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

const recordDoc = (key: string, value: number, date: string) => ({
  registration: crypto.randomUUID(),
  name: key,
  key,
  date,
  value: round(value),
  dimensions: { process: processName },
});

/** Writes one sample: the tenants' counts since the last one (then reset) and the installation's gauges. */
export async function sampleMetrics(db: Db, state: OperationsState): Promise<number> {
  const date = new Date().toISOString();
  const counts = [...state.tenantCounts];
  state.tenantCounts.clear();
  const byTenant = new Map<string, ReturnType<typeof recordDoc>[]>();
  for (const [tenant, c] of counts)
    byTenant.set(tenant, [
      recordDoc('http.requests', c.requests, date),
      recordDoc('http.errors', c.errors, date),
      recordDoc('http.mean-ms', c.requests ? c.totalMs / c.requests : 0, date),
    ]);
  const gauges = await state.metrics.gauges();
  byTenant.set(MASTER_TENANT, [
    ...(byTenant.get(MASTER_TENANT) ?? []),
    ...Object.entries(gauges).map(([key, value]) => recordDoc(key, value, date)),
  ]);
  let written = 0;
  for (const [tenant, docs] of byTenant) {
    await inTenant(db, { tenant, user: 'system' }, (tx) => insertMany(tx, metricRecord, tenant, 'system', docs));
    written += docs.length;
  }
  return written;
}

/** Removes the records older than `days`, in every tenant (the master's list of tenants, and the master). */
export async function pruneMetricRecords(db: Db, days = metricsRetentionDays()): Promise<number> {
  const tenants = await inTenant(db, { tenant: MASTER_TENANT, user: 'system' }, (tx) =>
    sql<{
      registration: string;
    }>`SELECT registration FROM ${sql.table(tenantKind.table)} WHERE tenant = ${MASTER_TENANT}`.execute(tx),
  );
  let removed = 0;
  for (const tenant of new Set([MASTER_TENANT, ...tenants.rows.map((r) => r.registration)])) {
    const result = await inTenant(db, { tenant, user: 'system' }, (tx) =>
      sql`DELETE FROM ${sql.table(metricRecord.table)} WHERE tenant = ${tenant}
        AND _insert_date < now() - make_interval(secs => ${days * 86400}::float8)`.execute(tx),
    );
    removed += Number(result.numAffectedRows ?? 0);
  }
  return removed;
}
