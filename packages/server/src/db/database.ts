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

const kysely = (pool: pg.Pool): Db => {
  // An idle connection that breaks (server restart, embedded database reopened) is dropped by
  // the pool and replaced on next use; without a listener the error would end the process.
  pool.on('error', () => undefined);
  return new Kysely({ dialect: new PostgresDialect({ pool }) });
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
