import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import type { Db } from '../db/database.ts';
import { insertMany } from '../entities/storage.ts';
import type { ServerModule } from '../modules/server-module.ts';
import { pruneMetricRecords, sampleMetrics } from './metric-sampler.ts';
import { operationsRoutes } from './operations.routes.ts';
import { operationsState } from './operations-state.ts';
import { observeRequests } from './request-observer.ts';
import { processName, requestLogSchema } from './request-log.ts';
import { eventDoc, MASTER_TENANT, recordSystemEvent } from './system-records.ts';

const systemEvent = entityByName('SystemEvent')!;
const processStarted = new Date(Date.now() - process.uptime() * 1000);

/** The migrations this process applied (recorded since it started), each a SystemEvent of the start. */
async function migrationsOfThisStart(db: Db): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`SELECT name FROM kysely_migration WHERE timestamp >= ${processStarted.toISOString()}
    ORDER BY name`
    .execute(db)
    .catch(() => ({ rows: [] as { name: string }[] }));
  return rows.map((r) => r.name);
}

/**
 * Operating the product (docs/operations.md): Prometheus metrics and their history, the request
 * log, the product's own events and warnings, the statements running in the database and the
 * caches, and OpenTelemetry tracing when a collector is configured.
 */
export const operationsModule: ServerModule = {
  name: 'operations',
  schema: requestLogSchema,
  observeRequests(app, context) {
    const state = operationsState(context);
    observeRequests(app, state, context.db);
    app.addHook('onClose', () => state.stop());
  },
  async register(app, context) {
    const state = operationsState(context);
    await app.register(operationsRoutes, { database: context.database, preHandler: context.preHandler, state });
    const { db } = context;
    app.addHook('onReady', async () => {
      const migrations = await migrationsOfThisStart(db);
      await recordSystemEvent(db, MASTER_TENANT, {
        type: 'START',
        source: 'server',
        payload: { process: processName, node: process.version, migrations },
      }).catch((error) => app.log.error({ err: error }, 'system event failed'));
      for (const name of migrations)
        await recordSystemEvent(db, MASTER_TENANT, { type: 'MIGRATION', source: 'database', payload: { name } }).catch(
          () => undefined,
        );
    });
    app.addHook('onClose', async () => {
      await recordSystemEvent(db, MASTER_TENANT, {
        type: 'STOP',
        source: 'server',
        payload: { process: processName, uptimeSeconds: Math.round(process.uptime()) },
      }).catch(() => undefined);
    });
  },
  async batchEnded(context, tx, caller, batch) {
    const data = batch.data as { done?: unknown; log?: { level: string; message: string }[] };
    operationsState(context).metrics.batch(String(batch.type ?? ''), String(batch.status), Number(data.done) || 0);
    if (batch.status !== 'ERROR') return;
    const lastError = [...(data.log ?? [])].reverse().find((entry) => entry.level === 'ERROR');
    await insertMany(tx, systemEvent, caller.tenant, 'system', [
      eventDoc({
        type: 'BATCH_FAILED',
        source: 'jobs',
        entityName: 'Batch',
        entityRegistration: batch.registration,
        payload: { batchType: batch.type, user: caller.username },
        errorMessage: lastError?.message ?? 'The batch ended in error',
      }),
    ]);
  },
  async batchTakenOver(_context, tx, caller, batch, takeover) {
    await insertMany(tx, systemEvent, caller.tenant, 'system', [
      eventDoc({
        type: 'LOCK_TAKEOVER',
        source: 'jobs',
        entityName: 'Batch',
        entityRegistration: batch.registration,
        payload: { batchType: batch.type, ...takeover },
      }),
    ]);
  },
  serve(context) {
    const state = operationsState(context);
    const { db } = context;
    const fail = (what: string) => (error: unknown) =>
      console.error(JSON.stringify({ level: 'error', msg: what, error: String(error) }));
    const sampler = setInterval(() => void sampleMetrics(db, state).catch(fail('metric sample failed')), 60_000);
    // Retention: once an hour (each process; deleting what another process deleted is harmless).
    const pruner = setInterval(() => void pruneMetricRecords(db).catch(fail('metric prune failed')), 3_600_000);
    sampler.unref();
    pruner.unref();
    return () => {
      clearInterval(sampler);
      clearInterval(pruner);
    };
  },
};
