import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { readInTenant } from '../db/database.ts';
import { serverProcesses, sharedDatabase, signedInAt } from '../testing/server-process.ts';

/**
 * A server killed (kill -9) in the middle of an import: the next server resumes the batch after
 * the last committed chunk, and in the end every row of the file is one person, none twice.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-import-crash-'));
const servers = serverProcesses();
const password = 'Crash-Pass-42';
const ROWS = 4_000;
afterAll(async () => {
  await servers.stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Progress = {
  import: Record<string, unknown>;
  batch: { status: string; done: number; log: { message: string }[] } | null;
};

describe('a server killed during an import', () => {
  it('resumes on the next server and writes every row exactly once', async () => {
    const shared = await sharedDatabase(dataDir, 'crash', password);
    const { testDatabase } = shared;
    if (!testDatabase) await shared.database.close();
    const env = {
      ...shared.env,
      IMPORT_CHUNK_ROWS: '100',
      JOB_LEASE_SECONDS: '2',
      JOB_RESUME_SECONDS: '1',
      JOB_SLICE_SECONDS: '2',
      JOB_POLLING_SECONDS: '0.5',
    };
    const port = 42000 + Math.floor(Math.random() * 1000);
    const first = await servers.start(port, env);
    const at = await signedInAt(port, 'admin@crash', password);
    const lines = ['Name;Email'];
    for (let i = 1; i <= ROWS; i++) lines.push(`Crash Person ${i};crash${i}@example.com`);
    const form = new FormData();
    form.append('kind', 'Person');
    form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'crash.csv');
    const uploaded = await at('/api/import/imports', { method: 'POST', body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { registration, mapping } = (await uploaded.json()) as {
      registration: string;
      mapping: Record<string, string>;
    };
    expect(mapping).toEqual({ Name: 'name', Email: 'email' });
    const json = { 'content-type': 'application/json' };
    const saved = await at(`/api/import/imports/${registration}/mapping`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ mapping, keyField: 'email' }),
    });
    expect(saved.status).toBe(200);
    const started = await at(`/api/import/imports/${registration}/run`, { method: 'POST' });
    expect(started.status).toBe(202);
    let before: Progress;
    for (;;) {
      before = (await (await at(`/api/import/imports/${registration}/progress`)).json()) as Progress;
      if (Number(before.import.committedRows ?? 0) > 0 || before.batch?.status === 'SUCCESS') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    expect(Number(before.import.committedRows)).toBeLessThan(ROWS);

    const port2 = port + 1;
    await servers.start(port2, env);
    const at2 = await signedInAt(port2, 'admin@crash', password);
    let after: Progress;
    for (let i = 0; ; i++) {
      after = (await (await at2(`/api/import/imports/${registration}/progress`)).json()) as Progress;
      if (['SUCCESS', 'WARNING', 'ERROR'].includes(String(after.batch?.status)) || i > 1200) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(after.batch?.status, JSON.stringify(after).slice(0, 1000)).toBe('SUCCESS');
    expect(after.import).toMatchObject({ status: 'SUCCESS', committedRows: ROWS, createdRows: ROWS, failedRows: 0 });
    expect(after.batch!.log.some((l) => l.message.startsWith('Resumed by'))).toBe(true);
    await servers.stopAll();

    const { openDatabase } = await import('../db/database.ts');
    const { readConfig } = await import('../config.ts');
    const database =
      testDatabase?.database ??
      (await openDatabase({ ...readConfig({ ...process.env, DATABASE_URL: '' }), databaseUrl: undefined, dataDir }));
    try {
      const table = entityByName('Person')!.table;
      const counts = await readInTenant(
        database.db,
        { tenant: 'crash', user: 'test' },
        async (tx) =>
          (
            await sql<{
              persons: string;
              emails: string;
            }>`SELECT count(*) AS persons, count(DISTINCT data->>'email') AS emails
            FROM ${sql.table(table)} WHERE tenant = 'crash' AND name LIKE 'Crash Person %'`.execute(tx)
          ).rows[0],
      );
      expect(counts).toEqual({ persons: String(ROWS), emails: String(ROWS) });
    } finally {
      if (testDatabase) await testDatabase.dispose();
      else await database.close();
    }
  }, 600_000);
});
