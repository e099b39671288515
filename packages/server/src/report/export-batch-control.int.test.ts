import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { buildApp } from '../app.ts';
import { inTenant } from '../db/database.ts';
import { fileSystemStore } from '../db/object-store.ts';
import { createTenant } from '../product.ts';
import { bulkInsert } from '../seed/bulk-insert.ts';
import { bookSize, demoBook } from '../seed/demo-book.ts';
import { createTestDatabase, signIn, type TestDatabase } from '../testing/test-app.ts';

/**
 * A background export's batch stopped, continued, reset and started again by its user: stopped
 * mid-file, the upload is aborted and nothing is kept, the export waits (QUEUED); continued, the
 * file is written whole from its first row; reset and started, it is written again.
 */
const onPostgres = !!process.env.DATABASE_URL;
// Enough rows that the export is seen under way (the embedded database writes them more slowly).
const CONTRACTS = onPostgres ? 40_000 : 20_000;
const password = 'Stop-Pass-42';
let db: TestDatabase;
let app: FastifyInstance;
let objectsDir: string;
let headers: Record<string, string>;
let otherTenant: Record<string, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  objectsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-export-control-'));
  app = await buildApp({
    database: db.database,
    objectStore: fileSystemStore(objectsDir),
    listExports: { backgroundThreshold: 100 },
    jobs: { leaseSeconds: 3, resumeEverySeconds: 1, pollingSeconds: 0.5 },
  });
  await createTenant(db.database.db, 'stops', { username: 'admin@stops', password });
  await createTenant(db.database.db, 'other', { username: 'admin@other', password });
  const kind = demoBook(bookSize(CONTRACTS)).find((k) => k.entity.name === 'Contract')!;
  for (let from = 0; from < CONTRACTS; from += 10_000) {
    const docs = Array.from({ length: 10_000 }, (_, k) => kind.at(from + k));
    await inTenant(
      db.database.db,
      { tenant: 'stops', user: 'test' },
      (tx) => bulkInsert(tx, kind.entity, 'stops', 'test', docs),
      300_000,
    );
  }
  headers = { authorization: `Bearer ${await signIn(app, 'admin@stops', password)}` };
  otherTenant = { authorization: `Bearer ${await signIn(app, 'admin@other', password)}` };
}, 600_000);
afterAll(async () => {
  await app?.close();
  await db?.dispose();
  fs.rmSync(objectsDir, { recursive: true, force: true });
});

const get = (url: string, as = headers) => app.inject({ method: 'GET', url, headers: as });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Record_ = {
  registration: string;
  _id: string;
  status: string;
  batchRegistration: string;
  rowsWritten: number;
  total: number;
  size: number;
};
type Batch = { status: string; done: number; total: number; log: { message: string }[] };
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 2400; i++) {
    const value = await read();
    if (ok(value)) return value;
    await sleep(50);
  }
  throw new Error(`${what} never came: ${JSON.stringify(await read()).slice(0, 500)}`);
}
const objects = () =>
  fs.existsSync(path.join(objectsDir, 'stops')) ? fs.readdirSync(path.join(objectsDir, 'stops')) : [];
async function rowCount(registration: string) {
  const file = await get(`/api/report/exports/${registration}/content`);
  expect(file.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0].rowCount;
}

describe("a background export's batch stopped, continued, reset", () => {
  it('stopped mid-file keeps nothing and waits; continued, or reset and started, writes the whole file', async () => {
    const started = await get('/api/financing/contracts/export?format=xlsx&columns=registration,name');
    expect(started.statusCode, started.body).toBe(202);
    const record = started.json() as Record_;
    const batch = () => get(`/api/script/batches/${record.batchRegistration}`).then((r) => r.json() as Batch);
    const exported = () => get(`/api/report/exports/${record.registration}`).then((r) => r.json() as Record_);
    const move = (code: string, as = headers) =>
      get(`/api/script/batches/${record.batchRegistration}/transitions/${code}`, as);

    await until(batch, (b) => b.status === 'PROCESSING' && b.done > 0, 'the first rows');
    // Another tenant cannot stop it.
    expect((await move('STOP', otherTenant)).statusCode).toBe(404);
    const stop = await move('STOP');
    expect(stop.statusCode, stop.body).toBe(200);
    const waiting = await until(exported, (e) => e.status === 'QUEUED', 'the export waiting again');
    expect(waiting.rowsWritten).toBe(0);
    const stopped = await batch();
    expect(stopped.status).toBe('STOPPED');
    // The aborted upload left nothing in the store (a STOP that came only after the last rows, which
    // a loaded machine may see, leaves the whole file, still named by its record); nothing moves while stopped.
    expect(objects()).toEqual(stopped.done < CONTRACTS ? [] : [record._id]);
    await sleep(2_000);
    expect((await exported()).status).toBe('QUEUED');
    expect((await get(`/api/report/exports/${record.registration}/content`)).json().error).toBe(
      `409|EXPORT_NOT_READY|Export ${record.registration} is queued: its file is not ready`,
    );

    expect((await move('CONTINUE')).statusCode).toBe(200);
    const done = await until(exported, (e) => e.status === 'DONE' || e.status === 'FAILED', 'the export done');
    expect(done).toMatchObject({ status: 'DONE', rowsWritten: CONTRACTS, total: CONTRACTS });
    expect(await rowCount(record.registration)).toBe(CONTRACTS + 1);
    expect(await batch()).toMatchObject({ status: 'SUCCESS', done: CONTRACTS, total: CONTRACTS });
    expect(objects()).toEqual([record._id]);

    // Reset and started again: written again under the same key.
    expect((await move('RESET')).json().status).toBe('DRAFT');
    expect((await move('START')).json().status).toBe('FETCHING');
    await until(batch, (b) => b.status === 'SUCCESS' || b.status === 'ERROR', 'the run again');
    const again = await until(exported, (e) => e.status === 'DONE' || e.status === 'FAILED', 'the export done again');
    expect(again).toMatchObject({ status: 'DONE', rowsWritten: CONTRACTS });
    expect(await rowCount(record.registration)).toBe(CONTRACTS + 1);
    expect(objects()).toEqual([record._id]);
    const history = (
      await get(`/api/core/histories?entityName=Export&entityRegistration=${record.registration}&range=[0-99]`)
    ).json() as { action: string }[];
    // Created, then each change of status: RUNNING, QUEUED (stopped), RUNNING, DONE, RUNNING, DONE.
    expect(history).toHaveLength(7);
  }, 600_000);

  it("writes a large CSV in the background whole: each chunk's progress committed while the writer drains", async () => {
    const started = await get('/api/financing/contracts/export?format=csv&columns=registration,name');
    expect(started.statusCode, started.body).toBe(202);
    const { registration } = started.json() as Record_;
    const done = await until(
      () => get(`/api/report/exports/${registration}`).then((r) => r.json() as Record_),
      (e) => e.status === 'DONE' || e.status === 'FAILED',
      'the CSV done',
    );
    expect(done).toMatchObject({ status: 'DONE', rowsWritten: CONTRACTS });
    const file = await get(`/api/report/exports/${registration}/content`);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toHaveLength(CONTRACTS + 1);
    expect(new Set(lines).size).toBe(CONTRACTS + 1);
  }, 300_000);
});
