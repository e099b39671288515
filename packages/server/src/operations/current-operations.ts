import { sql } from 'kysely';
import type { RunningStatement } from '@lbo/model/operations';
import type { Database } from '../db/database.ts';

/**
 * The statements running now (`/database/current-operations`), read from pg_stat_activity. A
 * request's connection carries `lbo:<tenant>:<request id>` in `application_name` while it works
 * (db/statement-context.ts), so a tenant's admin sees (and may cancel) that tenant's statements
 * only; the super admin sees every statement of the application's role. The embedded database
 * has no other sessions to show: the list is empty there.
 */
export type { RunningStatement };

export const MAX_QUERY_CHARS = 1000;

const tagPattern = /^lbo:(.*):([\w.:-]+)$/;

function parseTag(applicationName: string | null): { tenant: string | null; requestId: string | null } {
  const match = applicationName ? tagPattern.exec(applicationName) : null;
  return match ? { tenant: match[1], requestId: match[2] } : { tenant: null, requestId: null };
}

/** The running statements, of `tenant` only unless `all`. */
export async function runningStatements(database: Database, tenant: string, all: boolean): Promise<RunningStatement[]> {
  if (database.embedded) return [];
  const prefix = `lbo:${tenant}:`;
  const { rows } = await sql<{
    pid: number;
    application_name: string | null;
    state: string;
    query_start: Date | null;
    age: number | null;
    wait_event: string | null;
    query: string;
  }>`SELECT pid, application_name, state, query_start,
      extract(epoch FROM clock_timestamp() - query_start)::float8 AS age,
      CASE WHEN wait_event IS NULL THEN NULL ELSE wait_event_type || ':' || wait_event END AS wait_event,
      left(query, ${MAX_QUERY_CHARS}) AS query
    FROM pg_stat_activity
    WHERE pid <> pg_backend_pid() AND backend_type = 'client backend' AND state IS NOT NULL AND state <> 'idle'
      AND (${all} OR left(application_name, ${prefix.length}) = ${prefix})
    ORDER BY query_start NULLS LAST`.execute(database.db);
  return rows.map((row) => ({
    pid: row.pid,
    ...parseTag(row.application_name),
    state: row.state,
    startedAt: row.query_start ? new Date(row.query_start).toISOString() : null,
    ageSeconds: Math.max(0, Math.round((row.age ?? 0) * 1000) / 1000),
    waitEvent: row.wait_event,
    query: row.query,
  }));
}

/** Cancels the statement of `pid` when it is one of the listed (of `tenant` unless `all`); false when there is none. */
export async function cancelStatement(database: Database, pid: number, tenant: string, all: boolean): Promise<boolean> {
  const found = (await runningStatements(database, tenant, all)).some((s) => s.pid === pid);
  if (!found) return false;
  const { rows } = await sql<{ cancelled: boolean }>`SELECT pg_cancel_backend(${pid}::integer) AS cancelled`.execute(
    database.db,
  );
  return rows[0]?.cancelled === true;
}
