import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { readConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { buildApp } from '../app.ts';
import { createTenant } from '../product.ts';
import { APP_ROLE } from '../db/schema.ts';
import { derivedStatements } from '../db/migrate.ts';
import { migrations } from '../db/migrations/index.ts';
import { fileSystemStore, type ObjectStore } from '../db/object-store.ts';

/**
 * A real database for one test file: a throw-away database on the PostgreSQL of
 * DATABASE_URL when set (as in CI), otherwise an embedded PGlite in a temporary directory.
 */
export interface TestDatabase {
  config: Config;
  database: Database;
  /** Drops what was created. */
  dispose(): Promise<void>;
}

const databaseUrlOf = (base: Config, name: string) => {
  const url = new URL(base.databaseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A PostgreSQL database migrated to this build's schema, kept as a template: a test database is
 * then a copy of it (about 0.1 s) instead of running the whole DDL again (about 2 s, for each of
 * some two hundred test files). Named by the hash of the DDL, made once under a lock by whichever
 * test file needs it first, renamed into place only when complete. Templates of earlier schemas
 * are left alone (another run may be copying one); `DROP DATABASE` removes them by hand.
 */
async function migratedTemplate(base: Config): Promise<string> {
  const ddl = [...Object.keys(migrations), ...derivedStatements()].join(';\n');
  const template = `lbo_template_${crypto.createHash('sha256').update(ddl).digest('hex').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base.databaseUrl });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount === 1;
    if (await exists()) return template;
    await admin.query('SELECT pg_advisory_lock(7202)');
    try {
      if (await exists()) return template;
      const making = `${template}_making_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS ${making} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${making}`);
      const database = await openDatabase({
        ...base,
        databaseUrl: databaseUrlOf(base, making),
        appDatabaseUrl: undefined,
      });
      await database.close();
      // A copy needs its template without sessions: the pools' last connections are ended.
      for (let tries = 0; tries < 50; tries++) {
        const { rowCount } = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
          [making],
        );
        if (!rowCount) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`ALTER DATABASE ${making} RENAME TO ${template}`);
      return template;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(7202)');
    }
  } finally {
    await admin.end();
  }
}

/** `settings` replace configuration read from the environment (a short idle timeout, say). */
export async function createTestDatabase(settings: Partial<Config> = {}): Promise<TestDatabase> {
  const base = { ...readConfig({ ...process.env, DEMO_DATA: '0' }), ...settings };
  if (base.databaseUrl) {
    const name = `lbo_test_${crypto.randomBytes(6).toString('hex')}`;
    const template = await migratedTemplate(base);
    const admin = new pg.Client({ connectionString: base.databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY WAL_LOG`);
    await admin.end();
    const config = { ...base, databaseUrl: databaseUrlOf(base, name), appDatabaseUrl: undefined };
    // Migrated already (the template's schema hash is this build's): opening checks it and goes on.
    const database = await openDatabase(config);
    return {
      config,
      database,
      dispose: async () => {
        await database.close();
        const client = new pg.Client({ connectionString: base.databaseUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-test-'));
  const config = { ...base, dataDir };
  const database = await openDatabase(config);
  return {
    config,
    database,
    dispose: async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  tenant: string;
  username: string;
  password: string;
  token: string;
  headers: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  /** Two tenants with an admin each, signed in. */
  alpha: TestUser;
  beta: TestUser;
  /** Where the app keeps document contents (a temporary folder). */
  objectsDir: string;
  /** One request in process: `call('PATCH', url, user.headers, body)`. */
  call(
    method: string,
    url: string,
    headers?: Record<string, string>,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/core/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  return String(res.headers.authorization).replace(/^Bearer /, '');
}

/** `objectStore`: where documents go; a filesystem store in `objectsDir` otherwise. */
export async function createTestApp(
  settings: Partial<Config> = {},
  { objectStore }: { objectStore?: ObjectStore } = {},
): Promise<TestApp> {
  const db = await createTestDatabase(settings);
  const objectsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-objects-'));
  const app = await buildApp({
    database: db.database,
    objectStore: objectStore ?? fileSystemStore(objectsDir),
    camtBackgroundThreshold: settings.camtBackgroundTransactions,
    // Tests fire crons on the days they look at (fireDueCrons): a ticker on the real clock would
    // mark today's tick as seen first, and the days looked at would then be in the past.
    jobs: { cronEverySeconds: 24 * 3600 },
  });
  const password = 'Correct-Horse-42';
  const user = async (tenant: string): Promise<TestUser> => {
    const username = `admin@${tenant}`;
    await createTenant(db.database.db, tenant, { username, password });
    const token = await signIn(app, username, password);
    return { tenant, username, password, token, headers: { authorization: `Bearer ${token}` } };
  };
  const alpha = await user('alpha');
  const beta = await user('beta');
  const call: TestApp['call'] = (method, url, headers = {}, payload) =>
    app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  return {
    app,
    db,
    alpha,
    beta,
    call,
    objectsDir,
    close: async () => {
      await app.close();
      await db.dispose();
      fs.rmSync(objectsDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs DDL as the schema owner on a test database: the machine's PostgreSQL through
 * DATABASE_URL, or the embedded database reopened as its owner for the moment.
 */
export async function asOwner(db: TestDatabase, statements: string[]): Promise<void> {
  if (db.config.databaseUrl) {
    const client = new pg.Client({ connectionString: db.config.databaseUrl });
    await client.connect();
    for (const s of statements) await client.query(s);
    await client.end();
    return;
  }
  const embedded = db.database.embedded!;
  await embedded.open();
  const client = new pg.Client({ host: embedded.socketDir, user: 'postgres', database: 'postgres' });
  await client.connect();
  for (const s of statements) await client.query(s);
  await client.end();
  await embedded.open(APP_ROLE);
}
