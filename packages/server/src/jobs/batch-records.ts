/**
 * A long job is a Batch record (spec 000 §4 process statuses): created FETCHING, PROCESSING
 * while a worker holds its lease, then SUCCESS, WARNING or ERROR; STOP, CONTINUE and RESET are
 * the user's transitions (generic workflow routes). Progress (`done` of `total`), the cursor
 * the work resumes from and the log are written in the same transaction as each chunk of work,
 * so that what is counted done is exactly what committed.
 */
import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import type { Tx } from '../db/database.ts';
import { freeRegistration, type Caller } from '../entities/crud.operation.ts';
import { insertHistory } from '../entities/history.ts';
import * as storage from '../entities/storage.ts';
import type { Doc, Row } from '../entities/storage.ts';

export const batchKind = entityByName('Batch')!;

export interface LogEntry {
  date: string;
  level: 'INFO' | 'WARNING' | 'ERROR';
  message: string;
}

/** What a Batch keeps in its document beyond the generic fields. */
export interface BatchState {
  parameters: Doc;
  total: number;
  done: number;
  cursor?: unknown;
  log: LogEntry[];
  /** The process working on it, and until when it may (renewed with each chunk). */
  worker?: string;
  leaseUntil?: string;
  result?: Doc;
}

/** Kept log entries: the last ones, so that a long run's record stays small. */
const LOG_KEPT = 200;

export const stateOf = (row: Row): BatchState => row.data as unknown as BatchState;

const logEntry = (level: LogEntry['level'], message: string): LogEntry => ({
  date: new Date().toISOString(),
  level,
  message,
});
const appendLog = (log: LogEntry[] | undefined, ...entries: LogEntry[]) =>
  [...(log ?? []), ...entries].slice(-LOG_KEPT);

/** Creates a batch of `type` (batchType list), FETCHING, to be taken by the queue. */
export async function createBatch(
  tx: Tx,
  caller: Caller,
  input: { type: string; name: string; parameters: Doc; total: number },
): Promise<Doc> {
  const registration = await freeRegistration(tx, caller, batchKind);
  const state: BatchState = {
    parameters: input.parameters,
    total: input.total,
    done: 0,
    log: [logEntry('INFO', `Created by ${caller.username}: ${input.total} to do`)],
  };
  const doc = storage.toDocument(
    await storage.insertRow(tx, batchKind, caller.tenant, caller.username, {
      registration,
      name: input.name,
      type: input.type,
      status: 'FETCHING',
      ...state,
    }),
  );
  await insertHistory(tx, caller, {
    entityName: batchKind.name,
    entityRegistration: registration,
    action: 'CREATE',
    after: doc,
  });
  return doc;
}

async function writeBatch(tx: Tx, caller: Caller, row: Row, data: Doc, action?: string): Promise<Doc> {
  const doc = storage.toDocument(
    await storage.updateRow(tx, batchKind, caller.tenant, caller.username, row._id, {
      ...data,
      registration: row.registration,
    }),
  );
  if (action)
    await insertHistory(tx, caller, {
      entityName: batchKind.name,
      entityRegistration: row.registration,
      action,
      before: storage.toDocument(row),
      after: doc,
    });
  return doc;
}

const leaseUntil = (leaseMs: number) => new Date(Date.now() + leaseMs).toISOString();

/** A batch taken from a worker whose lease ran out without being let go (a process killed or hung). */
export interface BatchTakeover {
  /** The worker that held the lease. */
  from: string;
  /** When its lease ran out. */
  leaseEnded: string;
  /** The worker that took it. */
  by: string;
  done: number;
  total: number;
}

/**
 * Takes the batch for `worker` when it is to be worked on and nobody else holds a live lease:
 * FETCHING or PROCESSING (a CONTINUE puts a stopped one back in PROCESSING). Answers the row, with
 * the takeover when another worker's lease had run out, or undefined when there is nothing to do here.
 */
export async function claimBatch(
  tx: Tx,
  caller: Caller,
  registration: string,
  worker: string,
  leaseMs: number,
): Promise<(Row & { takeover?: BatchTakeover }) | undefined> {
  const row = await storage.findOne(tx, batchKind, caller.tenant, registration, true);
  if (!row || (row.status !== 'FETCHING' && row.status !== 'PROCESSING')) return undefined;
  const state = stateOf(row);
  if (state.worker && state.worker !== worker && state.leaseUntil && state.leaseUntil > new Date().toISOString())
    return undefined;
  const resumed = row.status === 'PROCESSING' && state.worker && state.worker !== worker;
  // FETCHING is a start (a new batch, or one RESET and started again): from the beginning.
  const start = row.status === 'FETCHING' ? { done: 0, cursor: null } : {};
  const data = {
    ...row.data,
    ...start,
    status: 'PROCESSING',
    worker,
    leaseUntil: leaseUntil(leaseMs),
    log: appendLog(
      state.log,
      logEntry('INFO', resumed ? `Resumed by ${worker} at ${state.done} of ${state.total}` : `Started by ${worker}`),
    ),
  };
  await writeBatch(tx, caller, row, data, row.status === 'FETCHING' ? 'PROCESS' : undefined);
  // A lease let go (a stop, a process closing) is handed over; one that ran out was taken.
  const takeover =
    resumed && state.worker && state.leaseUntil
      ? { from: state.worker, leaseEnded: state.leaseUntil, by: worker, done: state.done, total: state.total }
      : undefined;
  return { ...row, status: 'PROCESSING', data, ...(takeover ? { takeover } : {}) };
}

/** Thrown inside a chunk's transaction when the batch was stopped or taken over: the chunk rolls back. */
export class BatchLeaseLost extends Error {}

/**
 * Records a chunk's progress in the chunk's own transaction, after checking (row locked) that the
 * batch is still this worker's and still PROCESSING; otherwise the chunk is rolled back.
 */
export async function advanceBatch(
  tx: Tx,
  caller: Caller,
  registration: string,
  worker: string,
  leaseMs: number,
  progress: { done: number; cursor: unknown; message?: string; total?: number; restart?: boolean },
): Promise<void> {
  const row = await storage.findOne(tx, batchKind, caller.tenant, registration, true);
  if (!row || row.status !== 'PROCESSING' || stateOf(row).worker !== worker) throw new BatchLeaseLost(registration);
  const state = stateOf(row);
  // `restart`: work that starts again from its beginning counts again from zero.
  await writeBatch(tx, caller, row, {
    ...row.data,
    done: (progress.restart ? 0 : state.done) + progress.done,
    cursor: progress.cursor,
    leaseUntil: leaseUntil(leaseMs),
    ...(progress.total !== undefined ? { total: progress.total } : {}),
    log: progress.message ? appendLog(state.log, logEntry('INFO', progress.message)) : state.log,
  });
}

/** Ends the batch held by `worker` in SUCCESS, WARNING or ERROR with a last log line. */
export async function finishBatch(
  tx: Tx,
  caller: Caller,
  registration: string,
  worker: string,
  status: 'SUCCESS' | 'WARNING' | 'ERROR',
  message: string,
  result?: Doc,
): Promise<boolean> {
  const row = await storage.findOne(tx, batchKind, caller.tenant, registration, true);
  if (!row || row.status !== 'PROCESSING' || stateOf(row).worker !== worker) return false;
  const state = stateOf(row);
  const { worker: _w, leaseUntil: _l, ...rest } = row.data;
  await writeBatch(
    tx,
    caller,
    row,
    {
      ...rest,
      status,
      ...(result ? { result } : {}),
      log: appendLog(
        state.log,
        logEntry(status === 'ERROR' ? 'ERROR' : status === 'WARNING' ? 'WARNING' : 'INFO', message),
      ),
    },
    status === 'SUCCESS' ? 'COMPLETE' : status === 'WARNING' ? 'COMPLETE_WITH_WARNINGS' : 'FAIL',
  );
  return true;
}

/**
 * Renews the lease of a batch `worker` still holds and that is still PROCESSING (a heartbeat of
 * work that commits no chunk for a while); answers false once it is no longer its.
 */
export async function renewLease(
  tx: Tx,
  caller: Caller,
  registration: string,
  worker: string,
  leaseMs: number,
): Promise<boolean> {
  const { numAffectedRows } =
    await sql`UPDATE ${sql.table(batchKind.table)} SET data = jsonb_set(data, '{leaseUntil}', to_jsonb(${leaseUntil(leaseMs)}::text))
    WHERE tenant = ${caller.tenant} AND registration = ${registration} AND status = 'PROCESSING' AND data->>'worker' = ${worker}`.execute(
      tx,
    );
  return Number(numAffectedRows ?? 0) > 0;
}

/** Lets go of the lease at once (a worker leaving for the next slice, or stopping), so another may take it. */
export async function releaseBatch(tx: Tx, caller: Caller, registration: string, worker: string): Promise<void> {
  await sql`UPDATE ${sql.table(batchKind.table)} SET data = data - 'leaseUntil' WHERE tenant = ${caller.tenant} AND registration = ${registration} AND data->>'worker' = ${worker}`.execute(
    tx,
  );
}
