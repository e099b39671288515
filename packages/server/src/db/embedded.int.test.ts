import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverProcesses } from '../testing/server-process.ts';
import { sql } from 'kysely';
import { readConfig } from '../config.ts';
import { openDatabase, inTenant } from './database.ts';

/**
 * The embedded database: every acknowledged write survives a kill -9 of the server (PGlite
 * runs here with fsync on), and its queries run off the request thread.
 */
const dirs: string[] = [];
const servers = serverProcesses();
afterAll(() => {
  servers.stopAll();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const startServer = (dataDir: string, port: number) =>
  servers.start(port, { DATABASE_URL: undefined, DATA_DIR: dataDir, ADMIN_PASSWORD: 'Durable-Pass-1' });

async function api(port: number, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    token: res.headers.get('authorization')?.replace(/^Bearer /, ''),
    body: await res.json(),
  };
}

describe('embedded database', () => {
  it('keeps every acknowledged write through kill -9', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-durable-'));
    dirs.push(dataDir);
    const port = 39000 + Math.floor(Math.random() * 1000);
    let server = await startServer(dataDir, port);
    const { token } = await api(port, 'POST', '/api/core/auth/login', undefined, {
      username: 'admin@demo',
      password: 'Durable-Pass-1',
    });
    const acknowledged: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await api(port, 'POST', '/api/support/tickets', token, { name: `durable ${i}` });
      expect(res.status).toBe(201);
      acknowledged.push(res.body.registration);
    }
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));

    server = await startServer(dataDir, port);
    const again = await api(port, 'POST', '/api/core/auth/login', undefined, {
      username: 'admin@demo',
      password: 'Durable-Pass-1',
    });
    for (const registration of acknowledged) {
      const res = await api(port, 'GET', `/api/support/tickets/${registration}`, again.token);
      expect(res.status, registration).toBe(200);
    }
    server.kill('SIGKILL');
  }, 120_000);

  it('refuses a second server on a data folder in use, and takes over the folder of a killed one', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-lock-'));
    dirs.push(dataDir);
    const port = 40000 + Math.floor(Math.random() * 1000);
    const first = await startServer(dataDir, port);
    await expect(startServer(dataDir, port + 1)).rejects.toThrow(/in use by another server \(process \d+/);
    const { status } = await api(port, 'GET', '/api/core/ping');
    expect(status).toBe(200);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const second = await startServer(dataDir, port + 1);
    const signedIn = await api(port + 1, 'POST', '/api/core/auth/login', undefined, {
      username: 'admin@demo',
      password: 'Durable-Pass-1',
    });
    expect(signedIn.status).toBe(200);
    second.kill('SIGKILL');
  }, 120_000);

  it('runs queries off the request thread: timers keep firing during a long statement', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-thread-'));
    dirs.push(dataDir);
    const database = await openDatabase({ ...readConfig({}), dataDir, databaseUrl: undefined });
    try {
      let maxGap = 0;
      let last = Date.now();
      const timer = setInterval(() => {
        const now = Date.now();
        maxGap = Math.max(maxGap, now - last);
        last = now;
      }, 10);
      // A statement long enough to tell (a quiet machine runs the first size in a quarter of a second): doubled until it is.
      let took = 0;
      for (let rows = 1_500_000; took <= 300 && rows <= 24_000_000; rows *= 2) {
        maxGap = 0;
        last = Date.now();
        const started = Date.now();
        await inTenant(database.db, { tenant: 't', user: 'u' }, (tx) =>
          sql`SELECT count(*) FROM generate_series(1, ${rows}::int) AS g WHERE g % 7 = 3`.execute(tx),
        );
        took = Date.now() - started;
      }
      clearInterval(timer);
      expect(took).toBeGreaterThan(300);
      // On the request thread the longest gap would be the whole statement; a loaded CI
      // machine may still delay a timer now and then, hence the margin.
      expect(maxGap).toBeLessThan(Math.max(150, took / 3));
    } finally {
      await database.close();
    }
  }, 120_000);

  it('flushes each commit to disk before acknowledging it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-fsync-'));
    dirs.push(dataDir);
    const database = await openDatabase({ ...readConfig({}), dataDir, databaseUrl: undefined });
    try {
      // PGlite's defaults are fsync off and a WebAssembly fdatasync that does nothing.
      const { rows } = await sql<{
        fsync: string;
        method: string;
      }>`SELECT current_setting('fsync') AS fsync, current_setting('wal_sync_method') AS method`.execute(database.db);
      expect(rows[0]).toEqual({ fsync: 'on', method: 'fsync' });
      for (let i = 0; i < 5; i++) {
        const before = (await database.embedded!.stats()).syncs;
        await inTenant(database.db, { tenant: 't', user: 'u' }, (tx) =>
          sql`INSERT INTO sequence_counter (tenant, entity, value) VALUES ('t', 'Flushed', 1)
          ON CONFLICT (tenant, entity) DO UPDATE SET value = sequence_counter.value + 1`.execute(tx),
        );
        expect((await database.embedded!.stats()).syncs, `commit ${i}`).toBeGreaterThan(before);
      }
    } finally {
      await database.close();
    }
  }, 120_000);
});
