import { sql } from 'kysely';
import type pg from 'pg';
import {
  isDatabaseUnavailable,
  readInTenant,
  readReplicaOf,
  type Db,
  type ReadReplica,
  type Scope,
  type Tx,
} from './database.ts';

/**
 * Reads that may be served by a streaming replica (`DATABASE_READ_URL`): lists, exports, reports.
 *
 * Read-your-own-writes (docs/decisions.md): before a read goes to the replica, the primary is
 * asked how far its WAL is flushed (`pg_current_wal_flush_lsn()`, which every committed write
 * has reached), and the read waits on the replica until it has replayed that far
 * (`pg_last_wal_replay_lsn()`). What anyone committed before the read began — the reader's own
 * save above all, on whichever process it was made — is then on the replica. A replica still
 * behind after `waitMs`, one that cannot be reached (left alone for `DOWN_MS`), and a read
 * cancelled by a conflict with the replica's recovery are served by the primary instead.
 * Without a replica this is `readInTenant` on the primary.
 */
export async function readFromReplica<T>(
  db: Db,
  scope: Scope,
  work: (tx: Tx) => Promise<T>,
  timeoutMs = 10000,
): Promise<T> {
  const replica = readReplicaOf(db);
  if (!replica || Date.now() < replica.downUntil) return readInTenant(db, scope, work, timeoutMs);
  const position = await primaryPosition(replica);
  let behind = false;
  try {
    return await readInTenant(
      replica.db,
      scope,
      async (tx) => {
        if (!(await replayed(tx, position, replica.waitMs))) {
          behind = true;
          throw new Error('the replica is behind');
        }
        return work(tx);
      },
      timeoutMs,
    );
  } catch (error) {
    if (isDatabaseUnavailable(error)) replica.downUntil = Date.now() + DOWN_MS;
    else if (!behind && !isRecoveryConflict(error)) throw error;
    return readInTenant(db, scope, work, timeoutMs);
  }
}

/** How long a replica that could not be reached is left alone before a read tries it again. */
const DOWN_MS = 5_000;

/** The statements PostgreSQL cancels on a replica whose recovery needs the rows they read (40001). */
const isRecoveryConflict = (error: unknown) =>
  (error as { code?: unknown })?.code === '40001' &&
  /conflict with recovery/.test(String((error as { message?: unknown }).message));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the replica has replayed `position`, asked again for up to `waitMs`. */
async function replayed(tx: Tx, position: string, waitMs: number): Promise<boolean> {
  const until = Date.now() + waitMs;
  for (let pause = 1; ; pause = Math.min(pause * 2, 25)) {
    const { rows } = await sql<{ replayed: boolean | null }>`
      SELECT pg_last_wal_replay_lsn() >= ${position}::pg_lsn AS replayed`.execute(tx);
    // NULL: not in recovery (a primary given as the replica), which has every commit it will serve.
    if (rows[0]?.replayed !== false) return true;
    if (Date.now() >= until) return false;
    await sleep(pause);
  }
}

interface Waiter {
  resolve: (position: string) => void;
  reject: (error: unknown) => void;
}
const askers = new WeakMap<pg.Pool, { running: boolean; waiting: Waiter[] }>();

/**
 * The primary's flushed WAL position, read after this call began. Reads arriving while the
 * primary is being asked share the next question, sent as soon as the current one answers: one
 * such statement in flight on the primary, however many reads wait.
 */
function primaryPosition(replica: ReadReplica): Promise<string> {
  let asker = askers.get(replica.primary);
  if (!asker) askers.set(replica.primary, (asker = { running: false, waiting: [] }));
  const state = asker;
  return new Promise((resolve, reject) => {
    state.waiting.push({ resolve, reject });
    if (state.running) return;
    state.running = true;
    void (async () => {
      while (state.waiting.length) {
        // Everyone in this batch was waiting before the question was sent.
        const batch = state.waiting.splice(0);
        try {
          const { rows } = await replica.primary.query<{ lsn: string }>(
            'SELECT pg_current_wal_flush_lsn()::text AS lsn',
          );
          for (const waiter of batch) waiter.resolve(rows[0].lsn);
        } catch (error) {
          for (const waiter of batch) waiter.reject(error);
        }
      }
      state.running = false;
    })();
  });
}
