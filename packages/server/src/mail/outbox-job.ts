/**
 * The outbox on the job queue: a `MAIL` batch per tenant sends the tenant's due mails one by one
 * (outbox.ts), then keeps looking a few seconds for mails committed meanwhile before it ends. A
 * tenant has at most one such batch open; it is opened when a mail is queued (outbox-kick.ts) and
 * by the sweep every process runs while it serves, which also brings retries due after their
 * backoff. A worker killed mid-batch loses its lease; the queue resumes the batch elsewhere, and
 * the mails' own leases and stages keep each one from leaving twice.
 */
import { sql } from 'kysely';
import type { Database, Db } from '../db/database.ts';
import { inTenant } from '../db/database.ts';
import type { Caller } from '../entities/crud.operation.ts';
import { batchKind, createBatch } from '../jobs/batch-records.ts';
import { tenantsWithCrons } from '../jobs/crons.ts';
import type { BatchRunner, JobQueue } from '../jobs/job-queue.ts';
import { dueCount, type OutboxContext, sendNext } from './outbox.ts';

export const MAIL_BATCH = 'MAIL';
/** How long a batch with nothing left to send waits for more before it ends. */
const IDLE_MS = 3000;
/** A batch gives way after this long (the next one goes on). */
const SLICE_MS = 60_000;

export function outboxRunner(context: OutboxContext): BatchRunner {
  return {
    async run(work) {
      const tenant = work.caller.tenant;
      const counts = { sent: 0, retry: 0, failed: 0, uncertain: 0 };
      const started = Date.now();
      let idleSince = Date.now();
      while (Date.now() - started < SLICE_MS) {
        const outcome = await sendNext(context, tenant);
        if (outcome === 'none') {
          if (Date.now() - idleSince > IDLE_MS) break;
          await new Promise((resolve) => setTimeout(resolve, 250));
          continue;
        }
        counts[outcome]++;
        idleSince = Date.now();
        const done = counts.sent + counts.retry + counts.failed + counts.uncertain;
        await work.progress({ done, total: done });
      }
      const message = `${counts.sent} sent, ${counts.retry} to retry, ${counts.failed} failed${counts.uncertain ? `, ${counts.uncertain} interrupted after hand-over (not sent again)` : ''}`;
      return { status: counts.failed || counts.uncertain ? 'WARNING' : 'SUCCESS', message };
    },
  };
}

/**
 * Opens the tenant's MAIL batch when mails are due and none is open, and queues it; answers its
 * registration, or undefined when nothing was opened.
 */
export async function openOutboxBatch(db: Db, jobs: JobQueue, tenant: string, now = new Date()) {
  if (!(await dueCount(db, tenant, now))) return undefined;
  const caller: Caller = { tenant, username: 'system' };
  const registration = await inTenant(db, { tenant, user: 'system' }, async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`mail-outbox:${tenant}`}))`.execute(tx);
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(batchKind.table)}
      WHERE tenant = ${tenant} AND data->>'type' = ${MAIL_BATCH} AND status IN ('FETCHING', 'PROCESSING')`.execute(tx);
    if (Number(rows[0]?.n)) return undefined;
    const batch = await createBatch(tx, caller, { type: MAIL_BATCH, name: 'Mail outbox', parameters: {}, total: 0 });
    return String(batch.registration);
  });
  if (registration) await jobs.enqueue(tenant, registration);
  return registration;
}

/** Wakes the outbox of `tenant` a moment after a mail is queued, again a little later for a slower commit. */
export function outboxWaker(db: Db, jobs: JobQueue): (tenant: string) => void {
  const pending = new Set<string>();
  return (tenant) => {
    if (pending.has(tenant)) return;
    pending.add(tenant);
    const tries = [100, 1000, 4000];
    const attempt = (i: number) => {
      const timer = setTimeout(async () => {
        const opened = await openOutboxBatch(db, jobs, tenant).catch(() => undefined);
        if (opened || i + 1 >= tries.length) pending.delete(tenant);
        else attempt(i + 1);
      }, tries[i]);
      timer.unref();
    };
    attempt(0);
  };
}

/** Every `everySeconds`, opens the outbox batch of every tenant with mails due (retries after their backoff). */
export function startOutboxSweep(database: Database, jobs: JobQueue, everySeconds = 15): () => void {
  let stopped = false;
  const sweep = async () => {
    for (const tenant of await tenantsWithCrons(database).catch(() => [] as string[])) {
      if (stopped) return;
      await openOutboxBatch(database.db, jobs, tenant).catch((error) =>
        console.error(JSON.stringify({ level: 'error', msg: 'mail outbox', tenant, error: String(error) })),
      );
    }
  };
  const timer = setInterval(() => void sweep(), everySeconds * 1000);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
