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

/** `settings` replace configuration read from the environment (a short idle timeout, say). */
export async function createTestDatabase(settings: Partial<Config> = {}): Promise<TestDatabase> {
  const base = { ...readConfig({ ...process.env, DEMO_DATA: '0' }), ...settings };
  if (base.databaseUrl) {
    const name = `lbo_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base.databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base.databaseUrl);
    url.pathname = `/${name}`;
    const config = { ...base, databaseUrl: url.toString(), appDatabaseUrl: undefined };
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
