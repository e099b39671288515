/**
 * Matching as a background batch (BANK_MATCHING): a large camt file's transactions after its
 * import, or — from a cron (its `plan`) — every waiting transaction of the tenant again, since
 * invoices issued since then may now answer them. Chunk after chunk of 500, each in its own
 * transaction; the cursor is the last transaction looked at.
 */
import { sql } from 'kysely';
import { inTenant, type Db } from '../../db/database.ts';
import * as storage from '../../entities/storage.ts';
import type { BatchRunner } from '../../jobs/job-queue.ts';
import { camtCounts, camtKind } from './camt-import.operation.ts';
import { updateIn } from '../../entities/crud.operation.ts';
import { matchTransactions, newTransactions, transactionKind, type MatchOutcome } from './matching.ts';

export const BANK_MATCHING = 'BANK_MATCHING';

/** What a chunk did: how many matched, and the ones left waiting for a reason of their own (no amount…), counted by reason. */
const messageOf = (outcome: MatchOutcome) =>
  [
    `${outcome.matched} transaction(s) matched`,
    ...Object.entries(outcome.reasons).map(([reason, n]) => `${n} left unmatched: ${reason}`),
  ].join('; ');
const CHUNK = 500;

export const matchingRunner = (db: Db): BatchRunner => ({
  chunk: async (tx, caller, batch, cursor) => {
    const camt = (batch.data.parameters as { camtRegistration?: string } | undefined)?.camtRegistration;
    const condition = camt ? sql<boolean>`data->>'camtRegistration' = ${camt}` : sql<boolean>`true`;
    const rows = await newTransactions(tx, caller.tenant, condition, typeof cursor === 'string' ? cursor : '', CHUNK, {
      alongKey: true,
    });
    // A batch runs for whoever started it; the allocations it makes are the system's.
    const outcome = await matchTransactions(tx, { ...caller, isAdmin: true }, rows);
    return {
      done: rows.length,
      cursor: rows.length ? rows[rows.length - 1]._id : cursor,
      finished: rows.length < CHUNK,
      ...(outcome.matched || Object.keys(outcome.reasons).length ? { message: messageOf(outcome) } : {}),
    };
  },
  finish: async (caller, batch) => {
    const camt = (batch.data.parameters as { camtRegistration?: string } | undefined)?.camtRegistration;
    if (camt) {
      await inTenant(db, { tenant: caller.tenant, user: caller.username }, async (tx) => {
        const row = await storage.findOne(tx, camtKind, caller.tenant, camt, true);
        if (!row) return;
        await updateIn(
          tx,
          caller,
          camtKind,
          row,
          { ...row.data, status: 'PROCESSED', ...(await camtCounts(tx, caller.tenant, camt)) },
          { action: 'COMPLETE' },
        );
      });
    }
    // What is left waiting for a reason of its own is said, not failed: a person looks at it on the reconciliation screen.
    const left = await inTenant(db, { tenant: caller.tenant, user: caller.username }, async (tx) => {
      const { rows } = await sql<{ reason: string; n: string }>`SELECT data->>'unmatchedReason' AS reason, count(*) AS n
        FROM ${sql.table(transactionKind.table)} WHERE tenant = ${caller.tenant} AND status = 'NEW'
        AND data->>'unmatchedReason' IS NOT NULL AND (${camt ? sql<boolean>`data->>'camtRegistration' = ${camt}` : sql<boolean>`true`})
        GROUP BY 1 ORDER BY 1`.execute(tx);
      return rows;
    });
    if (!left.length) return { status: 'SUCCESS', message: 'Matching done' };
    return {
      status: 'WARNING',
      message: `Matching done; ${left.map((r) => `${r.n} left unmatched: ${r.reason}`).join('; ')}`,
      result: { unmatched: Object.fromEntries(left.map((r) => [r.reason, Number(r.n)])) },
    };
  },
  plan: async (tx, caller) => {
    const {
      rows: [c],
    } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM ${sql.table(transactionKind.table)} WHERE tenant = ${caller.tenant} AND status = 'NEW'`.execute(
      tx,
    );
    return { name: 'Matching of the waiting bank transactions', parameters: {}, total: Number(c.n) };
  },
});
