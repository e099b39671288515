import crypto from 'node:crypto';
import pg from 'pg';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import type { Config } from '../config.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.ts';
import { migrate, APP_ROLE } from './migrate.ts';
import { authChanged, listenForAuthChanges, singleProcessFeed } from './change-feed.ts';
import { requestSettings, scopedQuery, type ReadScope } from './scoped-query.ts';
import { statementContext } from './statement-context.ts';
import type { Tables } from './tables.ts';

// Keep numeric and bigint exact: they arrive as strings, never as floats.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

/** The database as Kysely sees it: the hand-written tables typed (db/tables.ts), entity tables reached by name. */
export type Db = Kysely<Tables>;
/** A connection inside a transaction opened by `inTenant` (or scoped by `readInTenant`). */
export type Tx = Kysely<Tables>;

/** The database the application uses: an owner connection for migrations, an app-role pool for requests. */
export interface Database {
  db: Db;
  /** The application role's connection pool under `db` (benchmarks replay raw SQL through it). */
  pool: pg.Pool;
  embedded?: EmbeddedDatabase;
  close(): Promise<void>;
}

/**
 * Statements that begin with this marker run as named prepared statements, so that each
 * connection plans them once: planning a lookup on a table with twenty indexes and a security
 * policy costs ~1 ms, executing it 0.02 ms. Only for statements whose best plan does not depend
 * on the values (lookups by key), since a reused plan is generic.
 */
export const PREPARED = '/* prepared */';

const statementNames = new Map<string, string>();

/** The name a statement marked PREPARED is prepared under (the same on every connection); undefined for others. */
export function preparedName(text: string): string | undefined {
  if (!text.startsWith(PREPARED)) return undefined;
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `p${crypto.createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
  return name;
}

/** The statement by which `readInTenant` hands its scope to the connection (never sent). */
const READ_SCOPE = '/* read scope */ SELECT $1, $2, $3';

/**
 * The pool as Kysely sees it: statements marked PREPARED are named, and on a connection that
 * `readInTenant` scoped, every statement goes out with its read scope (db/scoped-query.ts).
 */
function preparing(pool: pg.Pool): pg.Pool {
  // One wrapper per connection, so that the raw pool's users (benchmarks, listeners) see pg unchanged.
  const wrappers = new WeakMap<
    pg.PoolClient,
    { query: (text: string, values?: unknown[]) => Promise<unknown>; release: (error?: Error) => void }
  >();
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        const send = (query: pg.QueryConfig) => client.query(query);
        // The read scope of the checkout under way: set by readInTenant, dropped at release.
        let scope: ReadScope | undefined;
        wrapper = {
          query: async (text, values) => {
            const observer = statementContext()?.statement;
            if (!observer || text === READ_SCOPE) return run(text, values);
            const started = performance.now();
            try {
              const result = await run(text, values);
              observer(text, performance.now() - started);
              return result;
            } catch (error) {
              observer(text, performance.now() - started, error);
              throw error;
            }
          },
          release: (error) => {
            scope = undefined;
            client.release(error);
          },
        };
        async function run(text: string, values?: unknown[]): Promise<unknown> {
          if (text === READ_SCOPE) {
            const [tenant, user, timeoutMs] = values as [string, string, number];
            scope = { tenant, user, timeoutMs };
            return { rows: [], rowCount: 0, command: 'SELECT', fields: [] };
          }
          const name = preparedName(text);
          if (scope) return scopedQuery(send, scope, { text, values, name });
          if (name) return client.query({ name, text, values });
          const result = await client.query(text, values);
          // Several statements in one string (simple protocol) answer their first statement's rows.
          return Array.isArray(result) ? result[0] : result;
        }
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  } as unknown as pg.Pool;
}

/**
 * Whether `error` says the database cannot be reached now (stopped, restarting, connection
 * terminated or refused), rather than that a statement was wrong: the request is answered 503
 * and may be retried, and the server keeps running and reconnects on its next request.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const syscall = (error as { syscall?: unknown })?.syscall;
  if (typeof code === 'string' && (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)))
    return true;
  // Socket errors of the connection itself (a missing socket file is ENOENT on connect).
  if (
    typeof code === 'string' &&
    (syscall === 'connect' || syscall === 'read' || syscall === 'write') &&
    ['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN'].includes(code)
  )
    return true;
  return (
    typeof message === 'string' &&
    /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable)/.test(
      message,
    )
  );
}

/** The pool settings common to both modes: idle connections closed after `idleTimeoutMs`, TCP keep-alive. */
const poolOptions = (config: Config) => ({
  idleTimeoutMillis: config.databaseIdleTimeoutMs,
  connectionTimeoutMillis: 15_000,
  keepAlive: true,
});

const kysely = (pool: pg.Pool): Db => {
  // An idle connection that breaks (server restart, embedded database reopened) is dropped by
  // the pool and replaced on next use; without a listener the error would end the process.
  pool.on('error', () => undefined);
  // The pool listens for a connection's errors only while it is idle. One lost while checked out
  // (terminated, database stopped) fails its statement; without a listener of its own from the
  // moment it connects, it would also end the process. A lost connection is not reused (pg-pool
  // drops it on release).
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool: preparing(pool) }) });
};

function appUrl(config: Config): string {
  if (config.appDatabaseUrl) return config.appDatabaseUrl;
  const url = new URL(config.databaseUrl!);
  url.username = APP_ROLE;
  url.password = '';
  return url.toString();
}

/**
 * Opens (and migrates) the configured database. The schema includes the modules' own DDL, which
 * is registered when the composition root (product.ts) loads: a caller that loads it alongside
 * passes that load as `modulesLoaded`, and the migration waits for it.
 */
export async function openDatabase(config: Config, modulesLoaded?: Promise<unknown>): Promise<Database> {
  if (!config.databaseUrl) return openEmbedded(config, modulesLoaded);
  const ownerPool = new pg.Pool({ ...poolOptions(config), connectionString: config.databaseUrl, max: 2 });
  const owner = kysely(ownerPool);
  await modulesLoaded;
  await migrate(owner);
  const appPool = new pg.Pool({ ...poolOptions(config), connectionString: appUrl(config), max: 10 });
  const db = kysely(appPool);
  await closeIdleBeforeTheServerDoes(appPool);
  await owner.destroy();
  const stopListening = await listenForAuthChanges(db, appUrl(config));
  const replica = config.databaseReadUrl ? attachReadReplica(db, appPool, config) : undefined;
  return {
    db,
    pool: appPool,
    close: async () => {
      await stopListening();
      await replica?.destroy();
      await db.destroy();
    },
  };
}

/**
 * A connection that PostgreSQL closes for idling (`idle_session_timeout`) while it waits in the
 * pool would fail the next request given it. The pool therefore closes idle connections
 * before the server would: at half the server's timeout for this role and database, when that
 * is shorter than the configured one.
 */
async function closeIdleBeforeTheServerDoes(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ ms: string }>(
    `SELECT setting AS ms FROM pg_settings WHERE name = 'idle_session_timeout'`,
  );
  const serverMs = Number(rows[0]?.ms ?? 0);
  if (serverMs > 0 && (!pool.options.idleTimeoutMillis || pool.options.idleTimeoutMillis > serverMs / 2))
    pool.options.idleTimeoutMillis = Math.floor(serverMs / 2);
}

async function openEmbedded(config: Config, modulesLoaded?: Promise<unknown>): Promise<Database> {
  const embedded = await startEmbeddedDatabase(config.dataDir);
  // PGlite serves one session: migrate as the owner, then reopen acting as the application role.
  const migrationPool = new pg.Pool({ host: embedded.socketDir, max: 1, database: 'postgres', user: 'postgres' });
  const migrator = kysely(migrationPool);
  await modulesLoaded;
  await migrate(migrator);
  await migrator.destroy();
  await embedded.open(APP_ROLE);
  const pool = new pg.Pool({
    ...poolOptions(config),
    host: embedded.socketDir,
    max: 1,
    database: 'postgres',
    user: APP_ROLE,
  });
  const db = kysely(pool);
  singleProcessFeed(db);
  return {
    db,
    pool,
    embedded,
    close: async () => {
      await db.destroy();
      await embedded.close();
    },
  };
}

/** Who runs a unit of work: every request-scoped query goes through here. */
export interface Scope {
  tenant: string;
  user: string;
}

/** The scope of a signed-in caller's work. */
export const scopeOf = (caller: { tenant: string; username: string }): Scope => ({
  tenant: caller.tenant,
  user: caller.username,
});

/** A string as an SQL literal (pg's quoting), for the statements sent without parameters; NUL cannot be sent. */
function literal(value: string): string {
  if (value.includes('\0')) throw new Error('NUL in an SQL literal');
  return pg.escapeLiteral(value);
}

/**
 * Runs `work` in one transaction bound to `scope.tenant`: row-level security sees only that
 * tenant's rows (an unset tenant sees none), and everything commits or nothing does. The
 * transaction runs under `requestSettings`; the statement timeout bounds every query, whatever
 * the filter.
 * Opening and committing take one round trip each (several statements in one string): a key
 * lookup is then three round trips. The COMMIT trip also reads whether the transaction changed
 * sessions, users or permissions, so that caches of them are dropped before the caller answers.
 * A transaction PostgreSQL rolls back as a deadlock's victim is played again (`work` runs anew),
 * up to three times.
 */
export async function inTenant<T>(db: Db, scope: Scope, work: (tx: Tx) => Promise<T>, timeoutMs = 10000): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTenantOnce(db, scope, work, timeoutMs);
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransientConflict(error)) throw error;
      // PostgreSQL rolled the whole transaction back: it is played again, after a short random pause.
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80 * attempt));
    }
  }
}

/** How many times a transaction PostgreSQL chose as a deadlock's victim is played. */
const TRANSACTION_ATTEMPTS = 3;

/**
 * A deadlock (40P01) or a serialization failure (40001): two transactions took the same rows in
 * different orders (a dunning run's letters and an invoice's issue both number a communication
 * and a document), and PostgreSQL rolled one back whole. Playing it again is what PostgreSQL's
 * manual prescribes; nothing of the first attempt was kept.
 */
const isTransientConflict = (error: unknown) => {
  const code = (error as { code?: unknown })?.code;
  return code === '40P01' || code === '40001';
};

function inTenantOnce<T>(db: Db, scope: Scope, work: (tx: Tx) => Promise<T>, timeoutMs: number): Promise<T> {
  return db.connection().execute(async (tx) => {
    const settings = requestSettings({ ...scope, timeoutMs }, false).map(
      ([name, value]) => `set_config(${literal(name)}, ${literal(value)}, true)`,
    );
    await sql.raw(`BEGIN; SELECT ${settings.join(', ')}`).execute(tx);
    let result: T;
    let changed: boolean;
    try {
      result = await work(tx);
      const { rows } = await sql
        .raw<{ changed: string | null }>(`SELECT current_setting('app.auth_changed', true) AS changed; COMMIT`)
        .execute(tx);
      changed = rows[0]?.changed === 'on';
    } catch (error) {
      await sql
        .raw('ROLLBACK')
        .execute(tx)
        .catch(() => undefined);
      throw error;
    }
    if (changed) authChanged(db);
    return result;
  });
}

/**
 * Runs read-only `work` bound to `scope.tenant`, as `inTenant` does, but without a transaction
 * block: each statement travels with the tenant settings in one round trip and runs in its own
 * read-only transaction (db/scoped-query.ts). A key lookup is then one round trip, not three.
 * Statements do not share a snapshot, as they would not inside a READ COMMITTED transaction
 * either; a write in `work` is refused by PostgreSQL.
 */
export function readInTenant<T>(db: Db, scope: Scope, work: (tx: Tx) => Promise<T>, timeoutMs = 10000): Promise<T> {
  return db.connection().execute(async (tx) => {
    await tx.executeQuery(CompiledQuery.raw(READ_SCOPE, [scope.tenant, scope.user, timeoutMs]));
    return work(tx);
  });
}

/**
 * A streaming replica (`DATABASE_READ_URL`) beside the primary: the application role's pool on
 * it, and the primary's pool, from which a read learns the position the replica must have
 * replayed (db/read-replica.ts decides which reads go there).
 */
export interface ReadReplica {
  db: Db;
  pool: pg.Pool;
  primary: pg.Pool;
  /** Milliseconds a read waits for the replica to catch up before reading from the primary. */
  waitMs: number;
  /** Until when (epoch ms) the replica is left alone after it could not be reached. */
  downUntil: number;
}

const replicas = new WeakMap<Db, ReadReplica>();

/** The read replica attached to `db`, if any. */
export const readReplicaOf = (db: Db): ReadReplica | undefined => replicas.get(db);

/** The application role's URL on the replica: its user unless that is another role. */
function replicaUrl(config: Config): string {
  const url = new URL(config.databaseReadUrl!);
  if (url.username !== APP_ROLE) {
    url.username = APP_ROLE;
    url.password = '';
  }
  return url.toString();
}

/**
 * Opens a pool on the replica and attaches it to `db`. Nothing is read from it yet: a replica
 * down at start is found out, and left alone for a while, by the first read that tries it.
 */
function attachReadReplica(db: Db, primary: pg.Pool, config: Config): Db {
  const pool = new pg.Pool({
    ...poolOptions(config),
    // A replica that does not answer is given up quickly: the primary serves the read instead.
    connectionTimeoutMillis: 2_000,
    connectionString: replicaUrl(config),
    application_name: 'lbo-read-replica',
    max: 10,
  });
  const replicaDb = kysely(pool);
  replicas.set(db, { db: replicaDb, pool, primary, waitMs: config.readReplicaWaitMs ?? 1000, downUntil: 0 });
  return replicaDb;
}
