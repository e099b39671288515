import crypto from 'node:crypto';
import pg from 'pg';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import type { Config } from '../config.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.ts';
import { migrate, APP_ROLE } from './migrate.ts';

// Keep numeric and bigint exact: they arrive as strings, never as floats.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export type Db = Kysely<any>;
export type Tx = Transaction<any>;

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

function preparing(pool: pg.Pool): pg.Pool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) names.set(text, (name = `p${crypto.createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
    return name;
  };
  const marked = new WeakSet<pg.PoolClient>();
  return {
    connect: async () => {
      const client = await pool.connect();
      if (!marked.has(client)) {
        marked.add(client);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((text: unknown, values?: unknown) =>
          typeof text === 'string' && text.startsWith(PREPARED) ? query({ name: nameOf(text), text, values }) : query(text, values)) as typeof client.query;
      }
      return client;
    },
    end: () => pool.end(),
  } as unknown as pg.Pool;
}

const kysely = (pool: pg.Pool): Db => {
  // An idle connection that breaks (server restart, embedded database reopened) is dropped by
  // the pool and replaced on next use; without a listener the error would end the process.
  pool.on('error', () => undefined);
  return new Kysely({ dialect: new PostgresDialect({ pool: preparing(pool) }) });
};

function appUrl(config: Config): string {
  if (config.appDatabaseUrl) return config.appDatabaseUrl;
  const url = new URL(config.databaseUrl!);
  url.username = APP_ROLE;
  url.password = '';
  return url.toString();
}

/** Opens (and migrates) the configured database. */
export async function openDatabase(config: Config): Promise<Database> {
  if (!config.databaseUrl) return openEmbedded(config);
  const ownerPool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
  const owner = kysely(ownerPool);
  await migrate(owner);
  const appPool = new pg.Pool({ connectionString: appUrl(config), max: 10 });
  const db = kysely(appPool);
  await owner.destroy();
  return { db, pool: appPool, close: () => db.destroy() };
}

async function openEmbedded(config: Config): Promise<Database> {
  const embedded = await startEmbeddedDatabase(config.dataDir);
  // PGlite serves one session: migrate as the owner, then reopen acting as the application role.
  const migrationPool = new pg.Pool({ host: embedded.socketDir, max: 1, database: 'postgres', user: 'postgres' });
  const migrator = kysely(migrationPool);
  await migrate(migrator);
  await migrator.destroy();
  await embedded.open(APP_ROLE);
  const pool = new pg.Pool({ host: embedded.socketDir, max: 1, database: 'postgres', user: APP_ROLE });
  const db = kysely(pool);
  return { db, pool, embedded, close: async () => { await db.destroy(); await embedded.close(); } };
}

/** Who runs a unit of work: every request-scoped query goes through here. */
export interface Scope {
  tenant: string;
  user: string;
}

/**
 * Runs `work` in one transaction bound to `scope.tenant`: row-level security sees only that
 * tenant's rows (an unset tenant sees none), and everything commits or nothing does.
 * The statement timeout bounds every query, whatever the filter; JIT compilation, which costs
 * more than it saves on short queries, is off.
 */
export function inTenant<T>(db: Db, scope: Scope, work: (tx: Tx) => Promise<T>, timeoutMs = 10000): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`select set_config('app.tenant', ${scope.tenant}, true), set_config('app.user', ${scope.user}, true),
      set_config('statement_timeout', ${String(timeoutMs)}, true), set_config('jit', 'off', true)`.execute(tx);
    return work(tx);
  });
}
