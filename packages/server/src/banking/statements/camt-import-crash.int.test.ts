import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../config.ts';
import { inTenant, openDatabase, type Database } from '../../db/database.ts';
import { serverProcesses, sharedDatabase, signedInAt } from '../../testing/server-process.ts';
import type { TestDatabase } from '../../testing/test-app.ts';
import { camt053File } from './camt-generator.ts';

/**
 * A server killed (kill -9) while a CAMT_IMPORT batch writes a large camt file: the next server
 * (on PostgreSQL any other; on the embedded database, the server started again on its folder)
 * takes the batch once its lease ran out and resumes from the last committed chunk. Every
 * transaction of the file is written once, and the Camt gets its counts.
 */
const onPostgres = !!process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-camt-crash-'));
const servers = serverProcesses();
const password = 'Crash-Pass-42';
const ENTRIES = onPostgres ? 20_000 : 12_000;
let testDatabase: TestDatabase | undefined;
afterAll(async () => {
  servers.stopAll();
  await testDatabase?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signedIn(port: number) {
  const call = await signedInAt(port, 'admin@crash', password);
  return {
    get: async (url: string) => (await call(url)).json() as Promise<Record<string, unknown> & { status: string }>,
    upload: async (name: string, content: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(content)], { type: 'application/xml' }), name);
      return call('/api/billing/camts/import', { method: 'POST', body: form });
    },
  };
}

/** How many transactions the camt has, and how many distinct EndToEndIds among them. */
async function written(database: Database, camt: string) {
  return inTenant(
    database.db,
    { tenant: 'crash', user: 'test' },
    async (tx) =>
      (
        await sql<{ n: string; distinct: string }>`SELECT count(*) AS n,
    count(DISTINCT data->>'endToEndId') AS distinct FROM bank_transaction WHERE tenant = 'crash' AND data->>'camtRegistration' = ${camt}`.execute(
          tx,
        )
      ).rows[0],
  );
}

describe('a server killed while it imports a large camt file', () => {
  it('leaves the import to the next server, which resumes it: every transaction written once', async () => {
    const shared = await sharedDatabase(dataDir, 'crash', password);
    testDatabase = shared.testDatabase;
    let database = shared.database;
    if (!onPostgres) await database.close();
    const env = {
      ...shared.env,
      CAMT_BACKGROUND_TRANSACTIONS: '100',
      JOB_LEASE_SECONDS: '3',
      JOB_RESUME_SECONDS: '1',
      JOB_POLLING_SECONDS: '0.5',
    };
    const file = camt053File(
      { messageId: 'MSG-CRASH', statementId: 'STMT-CRASH', iban: 'FR7630006000011234567890189', opening: '0.00' },
      Array.from({ length: ENTRIES }, (_, i) => ({
        amount: `${(i % 50) + 1}.25`,
        endToEndId: `E2E-${i}`,
        remittance: `Payment ${i}`,
      })),
    );

    const port = 41000 + Math.floor(Math.random() * 1000);
    const first = await servers.start(port, env);
    const one = await signedIn(port);
    const res = await one.upload('crash.xml', file);
    expect(res.status).toBe(202);
    const camt = (await res.json()) as { registration: string; batchRegistration: string; status: string };
    expect(camt.status).toBe('IMPORTING');

    // Killed once some chunks committed, before the file is written.
    let killedAt: Record<string, unknown> | undefined;
    for (let i = 0; i < 2400 && !killedAt; i++) {
      const batch = await one.get(`/api/script/batches/${camt.batchRegistration}`);
      if (batch.status === 'PROCESSING' && Number(batch.done) > 0) {
        first.kill('SIGKILL');
        killedAt = batch;
      } else await sleep(25);
    }
    expect(killedAt, 'the import was never seen under way').toBeDefined();
    await new Promise((r) => first.once('exit', r));
    expect(Number(killedAt!.done)).toBeLessThan(ENTRIES);

    const second = port + 1;
    await servers.start(second, env);
    const two = await signedIn(second);
    let done: Record<string, unknown> & { status: string } = { status: '' };
    for (let i = 0; i < 1200 && done.status !== 'PROCESSED'; i++) {
      done = await two.get(`/api/billing/camts/${camt.registration}`);
      if (done.status !== 'PROCESSED') await sleep(100);
    }
    expect(done).toMatchObject({
      status: 'PROCESSED',
      statementCount: 1,
      entryCount: ENTRIES,
      transactionCount: ENTRIES,
      duplicateCount: 0,
    });
    const batch = (await two.get(`/api/script/batches/${camt.batchRegistration}`)) as unknown as {
      status: string;
      done: number;
      log: { message: string }[];
    };
    expect(batch.status).toBe('SUCCESS');
    expect(batch.done).toBe(ENTRIES);
    expect(batch.log.some((l) => l.message.startsWith('Resumed by'))).toBe(true);

    if (!onPostgres) {
      // The servers' data folder is free once they have exited.
      await servers.stopAll();
      database = await openDatabase({
        ...readConfig({ ...process.env, DATABASE_URL: '' }),
        databaseUrl: undefined,
        dataDir,
      });
    }
    try {
      expect(await written(database, camt.registration)).toEqual({ n: String(ENTRIES), distinct: String(ENTRIES) });
    } finally {
      if (!onPostgres) await database.close();
    }
  }, 600_000);
});
