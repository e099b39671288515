import os from 'node:os';
import { sql } from 'kysely';
import type { LoggedStatement, RequestLogEntry } from '@lbo/model/operations';
import { inTenant, type Db } from '../db/database.ts';
import { APP_ROLE } from '../db/schema.ts';

/**
 * The request log (`/request-log/{requestId}`, docs/operations.md): per request its route
 * pattern, method, tenant, user, status, time, SQL statements with their time (never their
 * parameters) and error. Entries are kept in memory and written to the `request_log` table in
 * batches, off the request's path, so that a request answered by one process is found from any
 * other; they are kept `REQUEST_LOG_MINUTES` (60 by default).
 */
export const REQUEST_LOG_TABLE = 'request_log';

/** At most this many statements are kept per request, each cut to this many characters. */
export const MAX_STATEMENTS = 200;
export const MAX_STATEMENT_CHARS = 2048;

export type { LoggedStatement, RequestLogEntry };

export const processName = `${os.hostname()}:${process.pid}`;

export function requestLogSchema(): string[] {
  const t = REQUEST_LOG_TABLE;
  return [
    `CREATE TABLE IF NOT EXISTS ${t} (
      tenant text NOT NULL,
      request_id text NOT NULL,
      at timestamptz NOT NULL,
      entry jsonb NOT NULL,
      PRIMARY KEY (tenant, request_id, at))`,
    `CREATE INDEX IF NOT EXISTS ${t}__at ON ${t} (at)`,
    `CREATE INDEX IF NOT EXISTS ${t}__request_id ON ${t} (request_id)`,
    // Row-level security for the application role; the owner's functions below read across tenants.
    `ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY`,
    `DROP POLICY IF EXISTS tenant_isolation ON ${t}`,
    `CREATE POLICY tenant_isolation ON ${t} USING (tenant = current_setting('app.tenant', true)) WITH CHECK (tenant = current_setting('app.tenant', true))`,
    `GRANT SELECT, INSERT, DELETE ON ${t} TO ${APP_ROLE}`,
    // The super admin's one path across tenants: the tenants that logged a request id (never the entries).
    `CREATE OR REPLACE FUNCTION request_log_tenants(p_request_id text) RETURNS SETOF text
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
      SELECT DISTINCT tenant FROM ${t} WHERE request_id = p_request_id $$`,
    `CREATE OR REPLACE FUNCTION request_log_prune(p_minutes integer) RETURNS integer
      LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
      DECLARE n integer;
      BEGIN
        DELETE FROM ${t} WHERE at < now() - make_interval(mins => p_minutes);
        GET DIAGNOSTICS n = ROW_COUNT;
        RETURN n;
      END $$`,
    `REVOKE ALL ON FUNCTION request_log_tenants(text) FROM PUBLIC`,
    `GRANT EXECUTE ON FUNCTION request_log_tenants(text) TO ${APP_ROLE}`,
    `REVOKE ALL ON FUNCTION request_log_prune(integer) FROM PUBLIC`,
    `GRANT EXECUTE ON FUNCTION request_log_prune(integer) TO ${APP_ROLE}`,
  ];
}

export interface RequestLogStore {
  add(entry: RequestLogEntry): void;
  /** Writes what is waiting (each tenant's entries in one statement). */
  flush(): Promise<void>;
  /** Removes entries older than the retention. */
  prune(): Promise<number>;
  /** The entry of `requestId` in `tenant`, or undefined. */
  find(tenant: string, requestId: string): Promise<RequestLogEntry | undefined>;
  /** The tenants that logged `requestId` (the super admin's look across tenants). */
  tenantsOf(requestId: string): Promise<string[]>;
  stop(): Promise<void>;
}

export function requestLogMinutes(env: NodeJS.ProcessEnv = process.env): number {
  const minutes = Number(env.REQUEST_LOG_MINUTES);
  return Number.isInteger(minutes) && minutes > 0 ? minutes : 60;
}

/** At most this many entries wait for the next write; past it the oldest are dropped (a stalled database). */
const MAX_PENDING = 5000;

export function createRequestLogStore(
  db: Db,
  { minutes = requestLogMinutes(), flushEveryMs = 1000 }: { minutes?: number; flushEveryMs?: number } = {},
): RequestLogStore {
  let pending: RequestLogEntry[] = [];
  let writing: Promise<void> = Promise.resolve();
  let lastPrune = 0;

  const write = async (entries: RequestLogEntry[]) => {
    const byTenant = new Map<string, RequestLogEntry[]>();
    for (const entry of entries) {
      const list = byTenant.get(entry.tenant);
      if (list) list.push(entry);
      else byTenant.set(entry.tenant, [entry]);
    }
    for (const [tenant, rows] of byTenant)
      await inTenant(db, { tenant, user: 'system' }, (tx) =>
        sql`INSERT INTO ${sql.table(REQUEST_LOG_TABLE)} (tenant, request_id, at, entry)
          SELECT ${tenant}, e ->> 'requestId', (e ->> 'at')::timestamptz, e
          FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS e
          ON CONFLICT DO NOTHING`.execute(tx),
      );
  };

  const flush = () => {
    const entries = pending;
    pending = [];
    writing = writing.then(async () => {
      if (entries.length)
        await write(entries).catch((error) =>
          console.error(JSON.stringify({ level: 'error', msg: 'request log write failed', error: String(error) })),
        );
      if (Date.now() - lastPrune > 5 * 60_000) {
        lastPrune = Date.now();
        await prune().catch(() => 0);
      }
    });
    return writing;
  };

  const prune = async () => {
    const { rows } = await sql<{ n: number }>`SELECT request_log_prune(${minutes}::integer) AS n`.execute(db);
    return Number(rows[0]?.n ?? 0);
  };

  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  return {
    add(entry) {
      pending.push(entry);
      if (pending.length > MAX_PENDING) pending.splice(0, pending.length - MAX_PENDING);
    },
    flush,
    prune,
    async find(tenant, requestId) {
      const rows = await inTenant(db, { tenant, user: 'system' }, (tx) =>
        sql<{ entry: RequestLogEntry }>`SELECT entry FROM ${sql.table(REQUEST_LOG_TABLE)}
          WHERE tenant = ${tenant} AND request_id = ${requestId}
            AND at >= now() - make_interval(mins => ${minutes}::integer)
          ORDER BY at DESC LIMIT 1`.execute(tx),
      );
      return rows.rows[0]?.entry;
    },
    async tenantsOf(requestId) {
      const { rows } = await sql<{ tenant: string }>`SELECT request_log_tenants(${requestId}) AS tenant`.execute(db);
      return rows.map((r) => r.tenant);
    },
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
