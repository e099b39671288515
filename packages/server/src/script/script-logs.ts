import { entityByName } from '@lbo/model/entity-registry';
import { sql } from 'kysely';
import { inTenant, readInTenant, scopeOf, type Database, type Db, type Tx } from '../db/database.ts';
import { createIn, type Caller, type Operations } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import { tenantsWithCrons } from '../jobs/crons.ts';
import type { ConsoleLine } from './sandbox.ts';

export const scriptLogEntity = entityByName('ScriptLog')!;

/** How long a script's console lines are kept (their `expirationDate`). */
const KEPT_DAYS = 30;

/**
 * Writes a run's console lines as ScriptLog records, through the generic write path (each one
 * audited, `_insertUser` the caller), in a transaction of their own: the lines of a run that
 * failed are kept, they are what its author reads to find out why.
 */
export async function writeScriptLogs(
  db: Db,
  caller: Caller,
  run: { requestId: string; scriptName: string },
  lines: ConsoleLine[],
): Promise<void> {
  if (!lines.length) return;
  await inTenant(db, scopeOf(caller), (tx) => writeScriptLogsIn(tx, caller, run, lines));
}

/** The same inside a transaction already open (a format check run by a write): they go with it. */
export async function writeScriptLogsIn(
  tx: Tx,
  caller: Caller,
  run: { requestId?: string; scriptName: string },
  lines: ConsoleLine[],
): Promise<void> {
  for (const line of lines) {
    const expires = new Date(Date.parse(line.time) + KEPT_DAYS * 24 * 3600 * 1000);
    await createIn(tx, caller, scriptLogEntity, {
      ...(run.requestId ? { requestId: run.requestId } : {}),
      scriptName: run.scriptName,
      username: caller.username,
      level: line.level,
      output: line.output,
      expirationDate: expires.toISOString(),
    });
  }
}

/** How many expired lines one sweep removes per tenant at most (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

/**
 * Removes the script log lines past their `expirationDate` in every tenant, through the generic
 * write path as each tenant's system user (each removal audited). Answers how many were removed.
 */
export async function removeExpiredScriptLogs(
  database: Database,
  operations: Operations,
  now = new Date(),
): Promise<number> {
  let removed = 0;
  for (const tenant of await tenantsWithCrons(database)) {
    const caller = { tenant, username: 'system' };
    const expired = await readInTenant(database.db, scopeOf(caller), (tx) =>
      storage.findWhere(
        tx,
        scriptLogEntity,
        tenant,
        sql<boolean>`data ->> 'expirationDate' < ${now.toISOString()}`,
        SWEEP_BATCH,
      ),
    );
    for (const row of expired) {
      await operations.remove(caller, scriptLogEntity, row._id);
      removed++;
    }
  }
  return removed;
}
