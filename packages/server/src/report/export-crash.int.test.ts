import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { inTenant } from '../db/database.ts';
import { bulkInsert } from '../seed/bulk-insert.ts';
import { bookSize, demoBook } from '../seed/demo-book.ts';
import { serverProcesses, sharedDatabase, signedInAt } from '../testing/server-process.ts';
import type { TestDatabase } from '../testing/test-app.ts';

/**
 * A server killed (kill -9) while it writes a background export: the export's batch keeps its
 * lease until it runs out, then another server (on PostgreSQL; on the embedded database, the
 * server started again on the folder) takes the batch and writes the file again from its first
 * row. The file is whole and right, and the object store keeps only it.
 */
const onPostgres = !!process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-export-crash-'));
const servers = serverProcesses();
const password = 'Crash-Pass-42';
// Enough rows that the export is seen under way (the embedded database writes them more slowly).
const CONTRACTS = onPostgres ? 40_000 : 20_000;
let testDatabase: TestDatabase | undefined;
afterAll(async () => {
  servers.stopAll();
  await testDatabase?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The database the servers share, its book of contracts loaded. */
async function loadBook(): Promise<Record<string, string | undefined>> {
  const shared = await sharedDatabase(dataDir, 'crash', password);
  testDatabase = shared.testDatabase;
  const kind = demoBook(bookSize(CONTRACTS)).find((k) => k.entity.name === 'Contract')!;
  for (let from = 0; from < CONTRACTS; from += 10_000) {
    const docs = Array.from({ length: 10_000 }, (_, k) => kind.at(from + k));
    await inTenant(
      shared.database.db,
      { tenant: 'crash', user: 'test' },
      (tx) => bulkInsert(tx, kind.entity, 'crash', 'test', docs),
      300_000,
    );
  }
  // The embedded database is one server's: the loader lets go of it.
  if (!onPostgres) await shared.database.close();
  return {
    ...shared.env,
    EXPORT_BACKGROUND_ROWS: '100',
    JOB_LEASE_SECONDS: '3',
    JOB_RESUME_SECONDS: '1',
    JOB_POLLING_SECONDS: '0.5',
  };
}

const signedIn = (port: number) => signedInAt(port, 'admin@crash', password);

type Batch = { status: string; done: number; total: number; log: { message: string }[] };

describe('a server killed while it writes a background export', () => {
  it('leaves its batch to the next server, which writes the whole file again; nothing else is kept', async () => {
    const env = await loadBook();
    const port = 40000 + Math.floor(Math.random() * 1000);
    const first = await servers.start(port, env);
    const callFirst = await signedIn(port);
    const started = await callFirst(
      '/api/financing/contracts/export?format=xlsx&sort=registration&columns=registration,name,status',
    );
    expect(started.status).toBe(202);
    const record = (await started.json()) as {
      registration: string;
      _id: string;
      batchRegistration: string;
      status: string;
    };
    expect(record.status).toBe('QUEUED');

    // Killed once rows are written and before the file is done.
    let killedAt: Batch | undefined;
    for (let i = 0; i < 1200 && !killedAt; i++) {
      const batch = (await (await callFirst(`/api/script/batches/${record.batchRegistration}`)).json()) as Batch;
      if (batch.status === 'PROCESSING' && batch.done > 0) {
        first.kill('SIGKILL');
        killedAt = batch;
      } else await sleep(25);
    }
    expect(killedAt, 'the export was never seen under way').toBeDefined();
    await new Promise((r) => first.once('exit', r));
    expect(killedAt!.done).toBeLessThan(CONTRACTS);

    // The next server (on PostgreSQL it could be any other) takes the batch once its lease ran out.
    const second = port + 1;
    await servers.start(second, env);
    const call = await signedIn(second);
    let ended: Batch | undefined;
    for (let i = 0; i < 1200; i++) {
      const batch = (await (await call(`/api/script/batches/${record.batchRegistration}`)).json()) as Batch;
      if (!['FETCHING', 'PROCESSING'].includes(batch.status)) {
        ended = batch;
        break;
      }
      await sleep(100);
    }
    expect(ended?.status, JSON.stringify(ended?.log.slice(-4))).toBe('SUCCESS');
    expect(ended!.done).toBe(CONTRACTS);
    expect(ended!.log.some((l) => l.message.startsWith('Resumed by'))).toBe(true);
    // The takeover is one of the product's own events, in the batch's tenant, naming both workers.
    const events = (await (
      await call(`/api/system/system-events?type=LOCK_TAKEOVER&entityRegistration=${record.batchRegistration}`)
    ).json()) as { entityName: string; payload: { batchType: string; from: string; by: string; leaseEnded: string } }[];
    expect(events).toHaveLength(1);
    const killedWorker = /^Started by ([^ ]+)/.exec(
      ended!.log.find((l) => l.message.startsWith('Started by'))!.message,
    )![1];
    expect(events[0]).toMatchObject({ entityName: 'Batch', payload: { batchType: 'LIST_EXPORT', from: killedWorker } });
    expect(events[0].payload.by).not.toBe(killedWorker);
    expect(Date.parse(events[0].payload.leaseEnded)).toBeLessThanOrEqual(Date.now());
    const done = (await (await call(`/api/report/exports/${record.registration}`)).json()) as Record<string, unknown>;
    expect(done).toMatchObject({ status: 'DONE', rowsWritten: CONTRACTS, total: CONTRACTS, progress: 1 });

    // The file read back: every contract once, in order, under the header.
    const file = await call(`/api/report/exports/${record.registration}/content`);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(done.size);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(CONTRACTS + 1);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Registration', 'Name', 'Status']);
    const registrations: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) registrations.push(String(row.getCell(1).value));
    });
    expect(new Set(registrations).size).toBe(CONTRACTS);
    expect([...registrations].sort()).toEqual(registrations);

    // One object in the tenant's folder, the export's: no part file of the killed write is left.
    expect(fs.readdirSync(path.join(dataDir, 'objects', 'crash'))).toEqual([record._id]);
  }, 600_000);
});
