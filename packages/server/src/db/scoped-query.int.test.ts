import { createRequire } from 'node:module';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { APP_ROLE } from './schema.ts';
import { requestSettings, scopedQuery, type ReadScope } from './scoped-query.ts';

/**
 * scoped-query.ts drives node-postgres below its documented interface (its `Query` and the
 * connection's protocol messages), so it holds for the pg version it was checked against only.
 * These tests fail when a pg upgrade breaks it: they look at what reached PostgreSQL (the
 * settings its statement runs under, its prepared statements, pg_stat_activity) and count the
 * round trips, on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
const require = createRequire(import.meta.url);
let t: TestDatabase;
let client: pg.PoolClient;
/** ReadyForQuery messages received: one per round trip that ends with Sync. */
let roundTrips = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  // The application role's own pool, below Kysely and db/database.ts's wrapper: the extension alone.
  client = await t.database.pool.connect();
  (client as unknown as { connection: { on(event: 'readyForQuery', listener: () => void): void } }).connection.on(
    'readyForQuery',
    () => roundTrips++,
  );
});
afterAll(async () => {
  client?.release();
  await t?.dispose();
});

const scope: ReadScope = { tenant: 'alpha', user: 'reader@alpha', timeoutMs: 1234 };
const scoped = <R extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
  scopedQuery((query) => client.query(query), scope, { text, values }) as Promise<pg.QueryResult<R>>;

describe('pg', () => {
  it('is the exact version scoped-query.ts was checked against', () => {
    const pinned = (require('../../package.json') as { dependencies: Record<string, string> }).dependencies.pg;
    // An exact version, not a range: an upgrade is a decision that runs these tests.
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect((require('pg/package.json') as { version: string }).version).toBe(pinned);
  });
});

describe('a scoped query', () => {
  it('runs its statement under every request setting, as the application role, in one round trip', async () => {
    const before = roundTrips;
    const { rows, fields, rowCount } = await scoped<Record<string, string>>(
      `SELECT current_user AS role, ${requestSettings(scope, true)
        .map(([name], i) => `current_setting('${name}') AS s${i}`)
        .join(', ')}`,
    );
    expect(roundTrips - before).toBe(1);
    // Only the statement's row and columns: the settings' own row and completion are consumed.
    expect(rowCount).toBe(1);
    expect(fields.map((f) => f.name)).toEqual(['role', ...requestSettings(scope, true).map((_, i) => `s${i}`)]);
    expect(rows[0]).toEqual({
      role: APP_ROLE,
      s0: 'alpha',
      s1: 'reader@alpha',
      s2: '1234ms',
      s3: 'off',
      s4: '0',
      s5: 'on',
    });
    expect(requestSettings(scope, true).map(([name]) => name)).toEqual([
      'app.tenant',
      'app.user',
      'statement_timeout',
      'jit',
      'max_parallel_workers_per_gather',
      'transaction_read_only',
    ]);
  });

  // PGlite has one session, so nobody else can watch it; PostgreSQL shows each session to its owner.
  it.runIf(!!process.env.DATABASE_URL)(
    'is seen by PostgreSQL as sent, running as the application role under its tenant',
    async () => {
      const {
        rows: [{ pid }],
      } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const text = `SELECT pg_sleep(0.5), current_setting('app.tenant') AS tenant, $1::text AS tag`;
      const running = scoped(text, ['observed']);
      const observer = new pg.Client({ connectionString: t.config.databaseUrl });
      await observer.connect();
      try {
        type Activity = { query: string; state: string; usename: string };
        let seen: Activity | undefined;
        for (let i = 0; i < 100 && seen?.state !== 'active'; i++) {
          ({
            rows: [seen],
          } = await observer.query<Activity>(`SELECT query, state, usename FROM pg_stat_activity WHERE pid = $1`, [
            pid,
          ]));
          if (seen?.state !== 'active') await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(seen).toEqual({ query: text, state: 'active', usename: APP_ROLE });
      } finally {
        await observer.end();
      }
      expect((await running).rows).toEqual([{ pg_sleep: '', tenant: 'alpha', tag: 'observed' }]);
    },
  );

  it('prepares the settings statement once per connection, under its name, and leaves nothing set', async () => {
    for (let i = 0; i < 3; i++)
      expect((await scoped<{ tenant: string }>(`SELECT current_setting('app.tenant') AS tenant`)).rows).toEqual([
        { tenant: 'alpha' },
      ]);
    const prepared = await client.query<{ name: string; statement: string }>(
      `SELECT name, statement FROM pg_prepared_statements WHERE name = 'lbo_read_scope'`,
    );
    expect(prepared.rows).toEqual([
      { name: 'lbo_read_scope', statement: 'SELECT set_config(key, value, true) FROM json_each_text($1::json)' },
    ]);
    const after = await client.query<{ tenant: string; readOnly: string }>(
      `SELECT current_setting('app.tenant', true) AS tenant, current_setting('transaction_read_only') AS "readOnly"`,
    );
    expect(after.rows).toEqual([{ tenant: '', readOnly: 'off' }]);
  });

  it('answers a named prepared statement and a failing one, and the connection stays usable', async () => {
    const byName = await scopedQuery((query) => client.query(query), scope, {
      name: 'scoped_probe',
      text: `SELECT current_setting('app.user') AS "user", $1::int + 1 AS n`,
      values: [41],
    });
    expect(byName.rows).toEqual([{ user: 'reader@alpha', n: 42 }]);
    await expect(scoped(`SELECT 1 / 0`)).rejects.toMatchObject({ code: '22012' });
    await expect(scoped(`CREATE TEMP TABLE written (x int)`)).rejects.toMatchObject({ code: '25006' });
    expect((await scoped<{ ok: number }>(`SELECT 1 AS ok`)).rows).toEqual([{ ok: 1 }]);
  });
});
