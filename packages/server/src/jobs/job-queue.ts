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
import {
  BatchLeaseLost,
  type BatchTakeover,
  advanceBatch,
  batchKind,
  claimBatch,
  finishBatch,
  releaseBatch,
  renewLease,
  stateOf,
} from './batch-records.ts';

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

/** What a runner working outside chunk transactions (`run`) is given. */
export interface BatchWork {
  caller: Caller;
  batch: Row;
  /**
   * Commits the progress so far (`done` counted from the start of this run, `total` once known) in
   * one short transaction with the runner's own writes (`write`). Throws BatchLeaseLost when the
   * batch was stopped or taken over, or this process is stopping: the runner lets go of what it
   * holds and lets the error through.
   */
  progress(
    update: { done: number; total?: number; message?: string },
    write?: (tx: Tx) => Promise<unknown>,
  ): Promise<void>;
}

/** How a `run` ends: the batch's status and last log line; `write` commits with the batch's end. */
export interface RunOutcome {
  status?: 'SUCCESS' | 'WARNING';
  message: string;
  result?: Doc;
  write?(tx: Tx): Promise<void>;
}

/**
 * What a kind of batch (`type`) does: chunk by chunk (`chunk`), or as one piece of work (`run`);
 * `finish` may answer WARNING with a reason.
 */
export interface BatchRunner {
  chunk?(tx: Tx, caller: Caller, batch: Row, cursor: unknown): Promise<ChunkOutcome>;
  /**
   * Work that cannot be cut into transactions: a file streamed to the object store is written by
   * one process from its first byte to its last. It runs outside any transaction, so the
   * connection is free while it waits on its reader or its upload, and from its beginning each
   * time a worker takes the batch (a batch taken over after its worker died starts again);
   * progress is committed through `work.progress`, and a heartbeat keeps the lease while the
   * process lives. Not cut into slices.
   */
  run?(work: BatchWork): Promise<RunOutcome>;
  /** Written in the transaction that ends a batch in ERROR (the runner's own record failing with it). */
  failed?(tx: Tx, caller: Caller, batch: Row, message: string): Promise<void>;
  /** Written when a `run` left off because its batch was stopped or reset by its user. */
  stopped?(tx: Tx, caller: Caller, batch: Row): Promise<void>;
  finish?(caller: Caller, batch: Row): Promise<{ status: 'SUCCESS' | 'WARNING'; message: string; result?: Doc }>;
  /** A scheduled run (jobs/crons.ts): its batch's name, parameters and total, from a cron's parameters and the tick's day. */
  plan?(
    tx: Tx,
    caller: Caller,
    parameters: Doc,
    day: string,
  ): Promise<{ name: string; parameters: Doc; total: number }>;
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

export interface QueueDepth {
  waiting: number;
  active: number;
  oldestWaitingSeconds: number;
}

export interface JobQueue {
  /** Queues batch `registration` of `tenant` (after its creating transaction committed). */
  enqueue(tenant: string, registration: string): Promise<void>;
  /** The runner of batches of `type`. */
  register(type: string, runner: BatchRunner): void;
  runnerOf(type: string): BatchRunner | undefined;
  /** Looks once for batches to resume (the periodic look, on demand). */
  resumeStale(): Promise<number>;
  /** The queue as it stands, all tenants together: jobs waiting and at work, and the age of the oldest waiting (metrics). */
  depth(): Promise<QueueDepth>;
  /** Calls `listener` after each batch this process ends (SUCCESS, WARNING or ERROR) once its end is committed. */
  onBatchEnded(listener: BatchEndedListener): void;
  /** Calls `listener` after this process took a batch whose worker's lease had run out, once the claim is committed. */
  onBatchTakenOver(listener: BatchTakenOverListener): void;
  stop(): Promise<void>;
  readonly worker: string;
}

interface BatchJob {
  tenant: string;
  registration: string;
}

/**
 * Told of a batch's end in a transaction of its own, as the user who started it, with the batch
 * as committed (`ServerModule.batchEnded`: the notifications of its starter).
 */
export type BatchEndedListener = (tx: Tx, caller: Caller, batch: Row) => Promise<void>;

/** Told, in a transaction of its own, that this process took over a batch from a worker that stopped renewing its lease. */
export type BatchTakenOverListener = (tx: Tx, caller: Caller, batch: Row, takeover: BatchTakeover) => Promise<void>;

/** How long after the queue starts a batch whose type has no runner yet waits for its module to register one. */
const RUNNER_WAIT_MS = 60_000;

export async function startJobQueue(database: Database, settings: JobSettings = jobSettings()): Promise<JobQueue> {
  const { db, pool } = database;
  const worker = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const startedAt = Date.now();
  const runners = new Map<string, BatchRunner>();
  /** Set by stop(): a `run` under way lets go of its batch at its next step. */
  let stopping = false;
  /**
   * pg-boss's statements under way. It completes a job without awaiting the statement (and polls,
   * supervises and fails jobs on timers of its own), so stop() waits for these too: none may reach
   * the pool after the application closed it.
   */
  const statements = new Set<Promise<unknown>>();
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) => {
        const statement = pool.query(text, values as unknown[]);
        statements.add(statement);
        const forget = () => statements.delete(statement);
        statement.then(forget, forget);
        return statement;
      },
    },
    schema: JOB_SCHEMA,
    // The schema and the queue are made by the database migration, as the owner.
    migrate: false,
    supervise: settings.work,
    schedule: false,
    maintenanceIntervalSeconds: 60,
    monitorStateIntervalSeconds: 60,
  });
  boss.on('error', (error) =>
    console.error(JSON.stringify({ level: 'error', msg: 'job queue', error: String(error) })),
  );
  await boss.start();
  const leaseMs = settings.leaseSeconds * 1000;
  const endedListeners: BatchEndedListener[] = [];
  const takenOverListeners: BatchTakenOverListener[] = [];
  /** Each listener in a transaction of its own, with the batch as committed; a failure is logged and undoes nothing. */
  const tell = async (
    what: string,
    caller: Caller,
    registration: string,
    listeners: ((tx: Tx, caller: Caller, batch: Row) => Promise<void>)[],
  ) => {
    for (const listener of listeners)
      try {
        await inTenant(db, { tenant: caller.tenant, user: caller.username }, async (tx) => {
          const row = await storage.findOne(tx, batchKind, caller.tenant, registration);
          if (row) await listener(tx, caller, row);
        });
      } catch (error) {
        console.error(
          JSON.stringify({ level: 'error', msg: `batch ${what} listener`, registration, error: String(error) }),
        );
      }
  };
  const ended = (caller: Caller, registration: string) => tell('ended', caller, registration, endedListeners);
  const takenOver = (caller: Caller, registration: string, takeover: BatchTakeover) =>
    tell(
      'taken over',
      caller,
      registration,
      takenOverListeners.map((listener) => (tx: Tx, c: Caller, row: Row) => listener(tx, c, row, takeover)),
    );

  const enqueue = async (tenant: string, registration: string) => {
    await boss.send(BATCH_QUEUE, { tenant, registration } satisfies BatchJob, {
      singletonKey: `${tenant}:${registration}`,
      singletonSeconds: 1,
    });
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
    if (batch.takeover) await takenOver(caller, registration, batch.takeover);
    const runner = runners.get(String(batch.type));
    if (!runner || !(runner.run || runner.chunk)) {
      // The modules register their runners after the queue starts: a batch taken up in between (a
      // run resumed as a server starts) is let go for the next look, not failed for good.
      if (Date.now() - startedAt < RUNNER_WAIT_MS) {
        await inTenant(db, scope, (tx) => releaseBatch(tx, caller, registration, worker));
        return;
      }
      if (
        await inTenant(db, scope, (tx) =>
          finishBatch(tx, caller, registration, worker, 'ERROR', `No runner for batches of type ${batch.type}`),
        )
      )
        await ended(caller, registration);
      return;
    }
    if (runner.run)
      return runWhole(
        runner as BatchRunner & Required<Pick<BatchRunner, 'run'>>,
        { tenant, registration },
        caller,
        batch,
      );
    const chunk = runner.chunk!.bind(runner);
    let cursor: unknown = stateOf(batch).cursor ?? null;
    const until = Date.now() + settings.sliceSeconds * 1000;
    for (;;) {
      let outcome: ChunkOutcome;
      try {
        outcome = await inTenant(
          db,
          { tenant, user: caller.username },
          async (tx) => {
            const result = await chunk(tx, caller, batch, cursor);
            await advanceBatch(tx, caller, registration, worker, leaseMs, result);
            return result;
          },
          120_000,
        );
      } catch (error) {
        // Stopped (or taken over): let go of the lease at once, so that a CONTINUE resumes without waiting for it to run out.
        if (error instanceof BatchLeaseLost) {
          await inTenant(db, scope, (tx) => releaseBatch(tx, caller, registration, worker));
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        const failed = await inTenant(db, scope, async (tx) => {
          if (!(await finishBatch(tx, caller, registration, worker, 'ERROR', message))) return false;
          await runner.failed?.(tx, caller, batch, message);
          return true;
        });
        if (failed) await ended(caller, registration);
        return;
      }
      cursor = outcome.cursor;
      if (outcome.finished) {
        const end = runner.finish
          ? await runner.finish(caller, batch)
          : { status: 'SUCCESS' as const, message: 'Done' };
        if (
          await inTenant(db, scope, (tx) =>
            finishBatch(tx, caller, registration, worker, end.status, end.message, end.result),
          )
        )
          await ended(caller, registration);
        return;
      }
      if (Date.now() > until) {
        await inTenant(db, scope, (tx) => releaseBatch(tx, caller, registration, worker));
        await enqueue(tenant, registration);
        return;
      }
    }
  }

  /** A `run` batch (BatchRunner.run): one piece of work, its lease kept by a heartbeat, its progress committed as it goes. */
  async function runWhole(
    runner: BatchRunner & Required<Pick<BatchRunner, 'run'>>,
    { tenant, registration }: BatchJob,
    caller: Caller,
    batch: Row,
  ): Promise<void> {
    const scope = { tenant, user: 'system' };
    let lost = false;
    // The renewal under way, awaited when the run ends, so that none outlives its run (nor the pool).
    let renewal: Promise<unknown> | undefined;
    const heartbeat = setInterval(
      () => {
        // A beat while the last renewal still waits for the connection is skipped: one at a time, the last one awaited.
        if (renewal) return;
        renewal = inTenant(db, scope, (tx) => renewLease(tx, caller, registration, worker, leaseMs))
          .then(
            (held) => {
              if (!held) lost = true;
            },
            () => undefined,
          )
          .finally(() => {
            renewal = undefined;
          });
      },
      Math.max(100, leaseMs / 3),
    );
    heartbeat.unref();
    const work: BatchWork = {
      caller,
      batch,
      progress: async (update, write) => {
        if (stopping || lost) throw new BatchLeaseLost(registration);
        await inTenant(
          db,
          { tenant, user: caller.username },
          async (tx) => {
            await advanceBatch(tx, caller, registration, worker, leaseMs, { ...update, cursor: null, restart: true });
            await write?.(tx);
          },
          120_000,
        );
      },
    };
    // Stopped, reset, taken over or this process stopping: the lease goes at once, so that a
    // CONTINUE or another process resumes without waiting; a stopped run's own records wait with it.
    const leftOff = (tx: Tx) =>
      releaseBatch(tx, caller, registration, worker).then(async () => {
        const row = await storage.findOne(tx, batchKind, tenant, registration, true);
        if (row && row.status !== 'PROCESSING' && row.status !== 'FETCHING') await runner.stopped?.(tx, caller, row);
      });
    try {
      const end = await runner.run(work);
      const done = await inTenant(db, scope, async (tx) => {
        if (await finishBatch(tx, caller, registration, worker, end.status ?? 'SUCCESS', end.message, end.result)) {
          await end.write?.(tx);
          return true;
        }
        // Stopped after its last step: not done, as its batch says.
        await leftOff(tx);
        return false;
      });
      if (done) await ended(caller, registration);
    } catch (error) {
      if (error instanceof BatchLeaseLost) {
        await inTenant(db, scope, leftOff);
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const failed = await inTenant(db, scope, async (tx) => {
        if (!(await finishBatch(tx, caller, registration, worker, 'ERROR', message))) return false;
        await runner.failed?.(tx, caller, batch, message);
        return true;
      });
      if (failed) await ended(caller, registration);
    } finally {
      clearInterval(heartbeat);
      await renewal;
    }
  }

  /** Slices this process is running: stop() waits for them, so that none touches the database after it closed. */
  const inFlight = new Set<Promise<void>>();
  let resumeTimer: NodeJS.Timeout | undefined;
  /** The periodic look for batches to resume, while it runs (stop() waits for it). */
  let resuming: Promise<unknown> | undefined;
  const resumeStale = async () => {
    const { rows } = await pool.query<{ tenant: string; registration: string }>(
      'SELECT tenant, registration FROM batches_to_resume($1)',
      [50],
    );
    for (const r of rows) await enqueue(r.tenant, r.registration);
    return rows.length;
  };
  if (settings.work) {
    await boss.work<BatchJob>(
      BATCH_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: settings.pollingSeconds },
      async ([job]) => {
        // Fetched as the queue stops: failed back to the queue, for another process or the next start.
        if (stopping) throw new Error('The job queue is stopping');
        const slice = runSlice(job.data);
        inFlight.add(slice);
        try {
          return await slice;
        } finally {
          inFlight.delete(slice);
        }
      },
    );
    const tick = () => {
      resumeTimer = setTimeout(() => {
        resuming = resumeStale()
          .catch(() => undefined)
          .finally(() => {
            resuming = undefined;
            if (resumeTimer) tick();
          });
      }, settings.resumeEverySeconds * 1000);
      resumeTimer.unref();
    };
    tick();
  }

  const queue: JobQueue = {
    worker,
    enqueue,
    register: (type, runner) => {
      runners.set(type, runner);
    },
    runnerOf: (type) => runners.get(type),
    resumeStale,
    depth: async () => {
      const { rows } = await pool.query<{ waiting: string; active: string; oldest: number | null }>(
        `SELECT count(*) FILTER (WHERE state IN ('created', 'retry')) AS waiting,
           count(*) FILTER (WHERE state = 'active') AS active,
           extract(epoch FROM now() - min(created_on) FILTER (WHERE state IN ('created', 'retry')))::float8 AS oldest
         FROM ${JOB_SCHEMA}.job WHERE name = $1`,
        [BATCH_QUEUE],
      );
      return {
        waiting: Number(rows[0]?.waiting ?? 0),
        active: Number(rows[0]?.active ?? 0),
        oldestWaitingSeconds: Math.max(0, rows[0]?.oldest ?? 0),
      };
    },
    onBatchEnded: (listener) => {
      endedListeners.push(listener);
    },
    onBatchTakenOver: (listener) => {
      takenOverListeners.push(listener);
    },
    stop: async () => {
      // Work under way lets go of its batch at its next step, for another process (or the next start) to resume.
      stopping = true;
      clearTimeout(resumeTimer);
      resumeTimer = undefined;
      await Promise.allSettled([stopCrons(), resuming]);
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
      // A slice that outlived the queue's grace still lets go of its batch at its next step.
      await Promise.allSettled([...inFlight]);
      // pg-boss completes a job once its handler has returned, on a later turn: let it begin, then
      // wait for every statement it has under way.
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve));
        if (!statements.size) break;
        await Promise.allSettled([...statements]);
      }
    },
  };
  let stopCrons: () => Promise<void> = async () => {};
  if (settings.work) stopCrons = startCronTicker(database, queue, settings.cronEverySeconds);
  return queue;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue of this process (app.ts). */
    jobs: JobQueue;
  }
}
