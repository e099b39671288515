import type { FastifyInstance } from 'fastify';
import { loadDictionaries } from '@lbo/model/i18n/dictionaries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTenant } from '../product.ts';
import { startReplica, type Replica } from '../testing/replica.ts';
import { createTestDatabase, signIn, type TestDatabase } from '../testing/test-app.ts';
import { openDatabase, type Database } from './database.ts';

/**
 * `DATABASE_READ_URL` on a streaming replica of the machine's PostgreSQL (made by
 * `pg_basebackup -R`, started by `pg_ctl`): a list is read on the replica; a user's own save is in
 * the list read right after it, even when the replica has stopped replaying; with the replica
 * down, lists and exports are served by the primary.
 */
const onPostgres = !!process.env.DATABASE_URL;
const password = 'Replica-Reads-42';
let replica: Replica;
let testDatabase: TestDatabase;
let database: Database;
let app: FastifyInstance;
let headers: Record<string, string>;
let dbName: string;

const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body, json: () => JSON.parse(res.body) };
};
const listed = async () => {
  const res = await call('GET', '/api/core/key-values?range=[0-99]');
  expect(res.status, res.body).toBe(200);
  return (res.json() as { shortKey: string }[]).map((k) => k.shortKey);
};
/** The replica's connections of the application's read pool in the test's database, with their last statement. */
const replicaReaders = () =>
  replica.query<{ query: string }>(
    `SELECT query FROM pg_stat_activity WHERE application_name = 'lbo-read-replica' AND datname = '${dbName}'`,
  );

describe.runIf(onPostgres)('reads from a streaming replica', () => {
  beforeAll(async () => {
    let t = Date.now();
    const took = (step: string) => {
      console.log(`${step}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
      t = Date.now();
    };
    replica = await startReplica(process.env.DATABASE_URL!);
    took('replica made and started');
    testDatabase = await createTestDatabase();
    took('test database');
    dbName = new URL(testDatabase.config.databaseUrl!).pathname.slice(1);
    await createTenant(testDatabase.database.db, 'shared', { username: 'admin@shared', password });
    database = await openDatabase({
      ...testDatabase.config,
      databaseReadUrl: replica.url(testDatabase.config.databaseUrl!),
      readReplicaWaitMs: 300,
    });
    // Loaded before the app, whose plugin waits for them under a timeout a loaded machine may exceed.
    await loadDictionaries();
    app = await buildApp({ database, jobs: { cronEverySeconds: 24 * 3600 } });
    headers = { authorization: `Bearer ${await signIn(app, 'admin@shared', password)}` };
    took('server');
  }, 420_000);
  afterAll(async () => {
    let t = Date.now();
    const took = (step: string) => {
      console.log(`${step}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
      t = Date.now();
    };
    await app?.close();
    await database?.close();
    took('server closed');
    await replica?.dispose();
    took('replica removed');
    // Dropping the database waits for a checkpoint, long on a machine loaded with writes.
    await testDatabase?.dispose();
    took('test database dropped');
  }, 400_000);

  it('reads a list on the replica, which is in recovery', async () => {
    expect((await call('POST', '/api/core/key-values', { shortKey: 'first' })).status).toBe(201);
    expect(await replicaReaders()).toEqual([]);
    expect(await listed()).toContain('first');
    const readers = await replicaReaders();
    expect(readers.some((r) => r.query.includes('key_value'))).toBe(true);
    const [{ recovering }] = await replica.query<{ recovering: boolean }>('SELECT pg_is_in_recovery() AS recovering');
    expect(recovering).toBe(true);
  }, 30_000);

  it("a user's save is in the list read right after it, replayed or not", async () => {
    // Replayed: the read waits on the replica for the save's commit, then reads there.
    for (let i = 0; i < 5; i++) {
      expect((await call('POST', '/api/core/key-values', { shortKey: `saved-${i}` })).status).toBe(201);
      expect(await listed()).toContain(`saved-${i}`);
    }
    // Not replayed: the replica stops replaying, so it never has the save; the list still shows it.
    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      expect((await call('POST', '/api/core/key-values', { shortKey: 'while-paused' })).status).toBe(201);
      const onReplica = await replica.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM key_value WHERE data->>'shortKey' = 'while-paused'`,
        dbName,
      );
      expect(onReplica[0].n).toBe(0);
      expect(await listed()).toContain('while-paused');
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
  }, 60_000);

  it('keeps serving lists and exports from the primary while the replica is down', async () => {
    await replica.stop('immediate');
    const keys = await listed();
    expect(keys).toEqual(expect.arrayContaining(['first', 'saved-4', 'while-paused']));
    expect((await call('POST', '/api/core/key-values', { shortKey: 'replica-down' })).status).toBe(201);
    expect(await listed()).toContain('replica-down');
    const exported = await call('GET', '/api/core/key-values/export?format=csv');
    expect(exported.status).toBe(200);
    expect(exported.body).toContain('replica-down');
    // Back up: reads go to it again once its pause is over.
    await replica.start();
  }, 60_000);
});
