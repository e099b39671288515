/**
 * Background jobs on pg-boss (docs/decisions.md "Background jobs"): the same code on PGlite and
 * PostgreSQL, through the application's own connection pool. A queued job names a Batch record;
 * whichever process fetches it (pg-boss hands each job to one) claims the batch's lease and runs
 * chunks of its work for a slice of time, each chunk in its own transaction with its progress,
 * then queues the next slice. A worker killed mid-slice loses nothing but its lease: every
 * process looks every few seconds for batches whose lease ran out (batches_to_resume()) and
 * queues them again, and the work resumes from the cursor of the last committed chunk.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import PgBoss from 'pg-boss';
import type { Database, Tx } from '../db/database.ts';
import { inTenant } from '../db/database.ts';
import { BATCH_QUEUE, JOB_SCHEMA } from '../db/migrations/0004_job_queue.ts';
import type { Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc, Row } from '../entities/storage.ts';
import { startCronTicker } from './crons.ts';
import { BatchLeaseLost, advanceBatch, batchKind, claimBatch, finishBatch, releaseBatch, stateOf } from './batch-records.ts';

/** One chunk of a batch's work, in the chunk's transaction. */
export interface ChunkOutcome {
  /** Units done in this chunk (invoices created, rows written). */
  done: number;
  /** Where the next chunk starts. */
  cursor: unknown;
  /** Nothing left after this chunk. */
  finished: boolean;
  message?: string;
}

/** What a kind of batch (`type`) does, chunk by chunk; `finish` may answer WARNING with a reason. */
export interface BatchRunner {
  chunk(tx: Tx, caller: Caller, batch: Row, cursor: unknown): Promise<ChunkOutcome>;
  finish?(caller: Caller, batch: Row): Promise<{ status: 'SUCCESS' | 'WARNING'; message: string; result?: Doc }>;
  /** A scheduled run (jobs/crons.ts): its batch's name, parameters and total, from a cron's parameters and the tick's day. */
  plan?(tx: Tx, caller: Caller, parameters: Doc, day: string): Promise<{ name: string; parameters: Doc; total: number }>;
}

export interface JobSettings {
  /** Whether this process works on jobs (every process may queue them). */
  work: boolean;
  /** How long a worker holds a batch without renewing its lease (each chunk renews it). */
  leaseSeconds: number;
  /** How long one job works before queuing the rest as the next job. */
  sliceSeconds: number;
  /** How often this process looks for batches whose lease ran out. */
  resumeEverySeconds: number;
  pollingSeconds: number;
  /** How often this process looks for crons whose tick has come. */
  cronEverySeconds: number;
}

export function jobSettings(env: NodeJS.ProcessEnv = process.env): JobSettings {
  const num = (name: string, fallback: number) => (env[name] && Number(env[name]) > 0 ? Number(env[name]) : fallback);
  return {
    work: env.JOB_WORKER !== '0',
    leaseSeconds: num('JOB_LEASE_SECONDS', 30),
    sliceSeconds: num('JOB_SLICE_SECONDS', 10),
    resumeEverySeconds: num('JOB_RESUME_SECONDS', 5),
    pollingSeconds: num('JOB_POLLING_SECONDS', 1),
    cronEverySeconds: num('CRON_CHECK_SECONDS', 15),
  };
}

export interface JobQueue {
  /** Queues batch `registration` of `tenant` (after its creating transaction committed). */
  enqueue(tenant: string, registration: string): Promise<void>;
  /** The runner of batches of `type`. */
  register(type: string, runner: BatchRunner): void;
  runnerOf(type: string): BatchRunner | undefined;
  /** Looks once for batches to resume (the periodic look, on demand). */
  resumeStale(): Promise<number>;
  stop(): Promise<void>;
  readonly worker: string;
}

interface BatchJob { tenant: string; registration: string }

export async function startJobQueue(database: Database, settings: JobSettings = jobSettings()): Promise<JobQueue> {
  const { db, pool } = database;
  const worker = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const runners = new Map<string, BatchRunner>();
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values as unknown[]) },
    schema: JOB_SCHEMA,
    // The schema and the queue are made by the database migration, as the owner.
    migrate: false,
    supervise: settings.work,
    schedule: false,
    maintenanceIntervalSeconds: 60,
    monitorStateIntervalSeconds: 60,
  });
  boss.on('error', (error) => console.error(JSON.stringify({ level: 'error', msg: 'job queue', error: String(error) })));
  await boss.start();
  const leaseMs = settings.leaseSeconds * 1000;

  const enqueue = async (tenant: string, registration: string) => {
    await boss.send(BATCH_QUEUE, { tenant, registration } satisfies BatchJob, { singletonKey: `${tenant}:${registration}`, singletonSeconds: 1 });
  };

  async function runSlice({ tenant, registration }: BatchJob): Promise<void> {
    const scope = { tenant, user: 'system' };
    const claimed = await inTenant(db, scope, async (tx) => {
      // The batch works as the user who started it.
      const row = await storage.findOne(tx, batchKind, tenant, registration);
      if (!row) return undefined;
      const caller: Caller = { tenant, username: row._insert_user ?? 'system' };
      const batch = await claimBatch(tx, caller, registration, worker, leaseMs);
      return batch ? { batch, caller } : undefined;
    });
    if (!claimed) return;
    const { caller } = claimed;
    const batch = claimed.batch;
    const runner = runners.get(String(batch.type));
    if (!runner) {
      await inTenant(db, scope, (tx) => finishBatch(tx, caller, registration, worker, 'ERROR', `No runner for batches of type ${batch.type}`));
      return;
    }
    let cursor: unknown = stateOf(batch).cursor ?? null;
    const until = Date.now() + settings.sliceSeconds * 1000;
    for (;;) {
      let outcome: ChunkOutcome;
      try {
        outcome = await inTenant(db, { tenant, user: caller.username }, async (tx) => {
          const result = await runner.chunk(tx, caller, batch, cursor);
          await advanceBatch(tx, caller, registration, worker, leaseMs, result);
          return result;
        }, 120_000);
      } catch (error) {
        // Stopped (or taken over): let go of the lease at once, so that a CONTINUE resumes without waiting for it to run out.
        if (error instanceof BatchLeaseLost) {
          await inTenant(db, scope, (tx) => releaseBatch(tx, caller, registration, worker));
          return;
        }
        await inTenant(db, scope, (tx) => finishBatch(tx, caller, registration, worker, 'ERROR', error instanceof Error ? error.message : String(error)));
        return;
      }
      cursor = outcome.cursor;
      if (outcome.finished) {
        const end = runner.finish ? await runner.finish(caller, batch) : { status: 'SUCCESS' as const, message: 'Done' };
        await inTenant(db, scope, (tx) => finishBatch(tx, caller, registration, worker, end.status, end.message, end.result));
        return;
      }
      if (Date.now() > until) {
        await inTenant(db, scope, (tx) => releaseBatch(tx, caller, registration, worker));
        await enqueue(tenant, registration);
        return;
      }
    }
  }

  let resumeTimer: NodeJS.Timeout | undefined;
  const resumeStale = async () => {
    const { rows } = await pool.query<{ tenant: string; registration: string }>('SELECT tenant, registration FROM batches_to_resume($1)', [50]);
    for (const r of rows) await enqueue(r.tenant, r.registration);
    return rows.length;
  };
  if (settings.work) {
    await boss.work<BatchJob>(BATCH_QUEUE, { batchSize: 1, pollingIntervalSeconds: settings.pollingSeconds }, async ([job]) => runSlice(job.data));
    const tick = () => {
      resumeTimer = setTimeout(() => { resumeStale().catch(() => undefined).finally(() => { if (resumeTimer) tick(); }); }, settings.resumeEverySeconds * 1000);
      resumeTimer.unref();
    };
    tick();
  }

  const queue: JobQueue = {
    worker,
    enqueue,
    register: (type, runner) => { runners.set(type, runner); },
    runnerOf: (type) => runners.get(type),
    resumeStale,
    stop: async () => {
      clearTimeout(resumeTimer);
      resumeTimer = undefined;
      stopCrons();
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
    },
  };
  let stopCrons = () => {};
  if (settings.work) stopCrons = startCronTicker(database, queue, settings.cronEverySeconds);
  return queue;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue of this process (app.ts). */
    jobs: JobQueue;
  }
}
