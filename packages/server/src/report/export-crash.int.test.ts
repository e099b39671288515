import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverProcesses } from '../testing/server-process.ts';
import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { readConfig } from '../config.ts';
import { inTenant, openDatabase, readInTenant } from '../db/database.ts';
import { buildApp } from '../app.ts';
import { createTenant } from '../seed/bootstrap.ts';
import { bulkInsert } from '../seed/bulk-insert.ts';
import { bookSize, demoBook } from '../seed/demo-book.ts';
import { fileSystemStore } from '../documents/object-store.ts';
import { signIn } from '../testing/test-app.ts';
import { INTERRUPTED } from './export-records.ts';

/**
 * A server killed (kill -9) while a background export runs: the export is left running in its
 * record, and the next server to start on the data folder fails it. The embedded database, as a
 * server started with `npm start` keeps it.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-export-crash-'));
const servers = serverProcesses();
const password = 'Crash-Pass-42';
const CONTRACTS = 20_000;
afterAll(() => {
  servers.stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const settings = () => ({ ...readConfig({ ...process.env, DATABASE_URL: '' }), databaseUrl: undefined, dataDir });

const startServer = (port: number) => servers.start(port, { DATABASE_URL: undefined, DATA_DIR: dataDir, ADMIN_PASSWORD: password, EXPORT_BACKGROUND_ROWS: '100' });

describe('a server killed during a background export', () => {
  it('leaves the export running; the next start fails it, and its file is not kept', async () => {
    // A book large enough that its export is still under way when the server is killed.
    const loading = await openDatabase(settings());
    await createTenant(loading.db, 'crash', { username: 'admin@crash', password });
    const kind = demoBook(bookSize(CONTRACTS)).find((k) => k.entity.name === 'Contract')!;
    for (let from = 0; from < CONTRACTS; from += 10_000) {
      const docs = Array.from({ length: 10_000 }, (_, k) => kind.at(from + k));
      await inTenant(loading.db, { tenant: 'crash', user: 'test' }, (tx) => bulkInsert(tx, kind.entity, 'crash', 'test', docs), 300_000);
    }
    await loading.close();

    const port = 40000 + Math.floor(Math.random() * 1000);
    const server = await startServer(port);
    const login = await fetch(`http://127.0.0.1:${port}/api/core/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin@crash', password }) });
    const authorization = login.headers.get('authorization')!;
    const started = await fetch(`http://127.0.0.1:${port}/api/financing/contracts/export?format=xlsx`, { headers: { authorization } });
    expect(started.status).toBe(202);
    const { registration } = await started.json() as { registration: string };
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));

    const database = await openDatabase(settings());
    try {
      const exportEntity = entityByName('Export')!;
      const statusOf = () => readInTenant(database.db, { tenant: 'crash', user: 'test' }, async (tx) =>
        (await sql<{ status: string; error: string | null; storage_key: string | null }>`SELECT status, data ->> 'error' AS error, data ->> 'storageKey' AS storage_key
          FROM ${sql.table(exportEntity.table)} WHERE tenant = 'crash' AND registration = ${registration}`.execute(tx)).rows[0]);
      const left = await statusOf();
      // The kill came while the export ran: nothing would ever finish it.
      expect(['QUEUED', 'RUNNING']).toContain(left.status);

      const app = await buildApp({ database, objectStore: fileSystemStore(path.join(dataDir, 'objects')) });
      await app.ready();
      const after = await statusOf();
      expect(after).toMatchObject({ status: 'FAILED', error: INTERRUPTED, storage_key: null });
      expect(fs.existsSync(path.join(dataDir, 'objects', 'crash'))
        ? fs.readdirSync(path.join(dataDir, 'objects', 'crash')).filter((f) => !f.includes('.part-')) : []).toEqual([]);
      // Its owner sees why on /exports, and is refused its file.
      const token = await signIn(app, 'admin@crash', password);
      const content = await app.inject({ method: 'GET', url: `/api/report/exports/${registration}/content`, headers: { authorization: `Bearer ${token}` } });
      expect(content.json().error).toBe(`409|EXPORT_NOT_READY|Export ${registration} is failed: its file is not ready`);
      await app.close();
    } finally {
      await database.close();
    }
  }, 300_000);
});
