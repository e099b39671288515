import crypto from 'node:crypto';
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { dynoStore } from '@lbo/model/dyno';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { createTenant } from '../product.ts';
import { readConfig } from '../config.ts';
import { migrate } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { APP_ROLE, storedValuesColumn } from './schema.ts';
import type { EntityTable, Tables } from './tables.ts';

/**
 * Hand-written tables come from ordered migrations (db/migrations/), entity tables from the
 * declarations; the table types of db/tables.ts say what both hold. A database made before
 * migrations existed is adopted as it is, and several servers starting at once on one
 * PostgreSQL migrate it once.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

/** Runs `work` as the schema owner: on PostgreSQL a connection of DATABASE_URL, on PGlite the one session reopened as its owner. */
async function asOwner<T>(work: (owner: Kysely<Tables>) => Promise<T>): Promise<T> {
  const embedded = t.database.embedded;
  if (embedded) await embedded.open();
  const pool = embedded
    ? new pg.Pool({ host: embedded.socketDir, max: 1, user: 'postgres', database: 'postgres' })
    : new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 });
  const owner = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  try {
    return await work(owner);
  } finally {
    await owner.destroy();
    if (embedded) await embedded.open(APP_ROLE);
  }
}

/** Every column of each table type: the compiler refuses a column missing here or unknown to the type. */
const typedColumns: { [Table in keyof Tables]: Record<keyof Tables[Table], true> } = {
  installation: { key: true, value: true },
  sequence_counter: { tenant: true, entity: true, value: true },
  user_credential: {
    tenant: true,
    username: true,
    password_hash: true,
    failed_attempts: true,
    totp_secret: true,
    totp_pending_secret: true,
    totp_last_step: true,
    password_changed_at: true,
  },
  session: {
    tenant: true,
    _id: true,
    username: true,
    created_at: true,
    expires_at: true,
    revoked_at: true,
    kind: true,
    address: true,
    impersonating: true,
    sso_provider: true,
    sso_refresh_token: true,
    sso_refresh_iat: true,
    sso_refresh_expires_in: true,
    sso_keep_alive_at: true,
    sso_session_index: true,
    sso_name_id: true,
  },
  login_directory: { username: true, tenant: true },
  user_photo: {
    tenant: true,
    username: true,
    content_type: true,
    content: true,
    storage_key: true,
    size: true,
    updated_at: true,
  },
  tenant_configuration: { tenant: true, name: true, value: true, updated_at: true, updated_by: true },
  login_throttle: { address: true, window_start: true, hits: true },
  idempotency_key: {
    tenant: true,
    username: true,
    key: true,
    fingerprint: true,
    claim: true,
    claimed_until: true,
    status: true,
    headers: true,
    body: true,
    expires_at: true,
  },
  account_balance: {
    tenant: true,
    organization: true,
    account: true,
    currency: true,
    month: true,
    debit: true,
    credit: true,
  },
};
const entityColumns: Record<keyof EntityTable, true> = {
  tenant: true,
  _id: true,
  registration: true,
  status: true,
  name: true,
  type: true,
  data: true,
  _insert_date: true,
  _insert_user: true,
  _update_date: true,
  _update_user: true,
  _version: true,
};

describe('the table types', () => {
  it('name exactly the columns of the hand-written tables and of every entity table', async () => {
    const tables = await t.database.db.introspection.getTables();
    const columnsOf = (name: string) =>
      tables
        .find((table) => table.name === name)
        ?.columns.map((c) => c.name)
        .sort();
    for (const [table, columns] of Object.entries(typedColumns))
      expect(columnsOf(table), table).toEqual(Object.keys(columns).sort());
    for (const entity of [entityByName('Contract')!, entityByName('User')!, dynoStore]) {
      // With the generated column of each filter its declaration keeps in one (`storage: 'column'`).
      const stored = entity.filters.flatMap((f) =>
        'storage' in f && f.storage === 'column' ? [storedValuesColumn(f.field ?? f.name)] : [],
      );
      expect(columnsOf(entity.table), entity.table).toEqual([...Object.keys(entityColumns), ...stored].sort());
    }
  });
});

describe('migrations', () => {
  it('ran in order, each once, and a restart runs none again', async () => {
    const ran = () =>
      asOwner(async (owner) =>
        (
          await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY timestamp, name`.execute(owner)
        ).rows.map((r) => r.name),
      );
    expect(Object.keys(migrations)).toEqual([...Object.keys(migrations)].sort());
    expect(Object.keys(migrations)[0]).toBe('0001_core');
    expect(await ran()).toEqual(Object.keys(migrations));
    await asOwner(migrate);
    expect(await ran()).toEqual(Object.keys(migrations));
  });

  it('adopt a database made before they existed, keeping its data and its token secret', async () => {
    await createTenant(t.database.db, 'adopted', { username: 'admin@adopted', password: 'Correct-Horse-42' });
    const state = (owner: Kysely<Tables>) =>
      Promise.all([
        owner.selectFrom('installation').select('value').where('key', '=', 'token-secret').executeTakeFirstOrThrow(),
        sql<{ tenant: string }>`SELECT login_tenants AS tenant FROM login_tenants('admin@adopted')`
          .execute(owner)
          .then((r) => r.rows),
        owner
          .selectFrom('user_credential')
          .select(['username', 'failed_attempts'])
          .where('tenant', '=', 'adopted')
          .execute(),
      ]);
    const before = await asOwner(async (owner) => {
      // What the server left before migrations were recorded: the same schema, no record of them.
      await sql`DROP TABLE kysely_migration, kysely_migration_lock`.execute(owner);
      return state(owner);
    });
    expect(before[1]).toEqual([{ tenant: 'adopted' }]);
    const after = await asOwner(async (owner) => {
      await migrate(owner);
      return [
        await state(owner),
        (await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(owner)).rows,
      ] as const;
    });
    expect(after[0]).toEqual(before);
    expect(after[1]).toEqual(Object.keys(migrations).map((name) => ({ name })));
  });
});

// PGlite is opened by one process only (db/data-dir-lock.ts): servers start together on PostgreSQL only.
describe.runIf(!!process.env.DATABASE_URL)('servers starting at once on one PostgreSQL', () => {
  it('migrate an empty database once, every one of them starting', async () => {
    const adminUrl = readConfig({ ...process.env }).databaseUrl!;
    const name = `lbo_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const servers = Array.from({ length: 4 }, () => {
      const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
      pool.on('error', () => undefined);
      return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    });
    try {
      const outcomes = await Promise.allSettled(servers.map((server) => migrate(server)));
      expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : o.status))).toEqual(
        servers.map(() => 'fulfilled'),
      );
      const [server] = servers;
      expect(
        (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(server)).rows,
      ).toEqual(Object.keys(migrations).map((n) => ({ name: n })));
      expect(await server.selectFrom('installation').select('key').orderBy('key').execute()).toEqual([
        { key: 'schema' },
        { key: 'token-secret' },
      ]);
      const {
        rows: [{ tables }],
      } = await sql<{
        tables: number;
      }>`SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public' AND tablename = ${entityByName('Contract')!.table}`.execute(
        server,
      );
      expect(tables).toBe(1);
    } finally {
      await Promise.all(servers.map((server) => server.destroy()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
