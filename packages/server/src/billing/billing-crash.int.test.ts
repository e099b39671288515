import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverProcesses, signInAt } from '../testing/server-process.ts';
import { sql } from 'kysely';
import { readConfig } from '../config.ts';
import { openDatabase, readInTenant } from '../db/database.ts';
import { createTenant } from '../product.ts';
import { loadBillingBook } from '../testing/billing-book.ts';

/**
 * A server killed (kill -9) in the middle of a background billing run: the next server resumes the
 * batch from its last committed chunk, and in the end every due line is invoiced exactly once.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-billing-crash-'));
const servers = serverProcesses();
const password = 'Crash-Pass-42';
const CONTRACTS = 3_000;
afterAll(() => {
  servers.stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const settings = () => ({ ...readConfig({ ...process.env, DATABASE_URL: '' }), databaseUrl: undefined, dataDir });
const scope = { tenant: 'crash', user: 'test' };

const startServer = (port: number) =>
  servers.start(port, {
    DATABASE_URL: undefined,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: password,
    BILLING_BACKGROUND_ELEMENTS: '0',
    // Chunks of 100 contracts: a look at the batch sees the run midway even when the machine is busy.
    BILLING_CHUNK_CONTRACTS: '100',
    JOB_LEASE_SECONDS: '2',
    JOB_RESUME_SECONDS: '1',
    JOB_SLICE_SECONDS: '2',
    JOB_POLLING_SECONDS: '0.5',
  });

async function signedIn(port: number) {
  return { authorization: await signInAt(port, 'admin@crash', password) };
}

type Batch = { status: string; done: number; total: number; log: { message: string }[] };

describe('a server killed during a background billing run', () => {
  it('resumes on the next server and invoices every due line exactly once', async () => {
    const loading = await openDatabase(settings());
    await createTenant(loading.db, 'crash', { username: 'admin@crash', password });
    await loadBillingBook(loading.db, 'crash', CONTRACTS);
    await loading.close();

    const port = 41000 + Math.floor(Math.random() * 1000);
    const first = await startServer(port);
    const started = await fetch(`http://127.0.0.1:${port}/api/script/runs/run-billing?date=2025-01-31`, {
      headers: await signedIn(port),
    });
    expect(started.status).toBe(200);
    const { nbTotal, batchRegistration } = (await started.json()) as { nbTotal: number; batchRegistration: string };
    expect(nbTotal).toBe(CONTRACTS);
    const headers = await signedIn(port);
    const batchOn = async (p: number, h: Record<string, string>) =>
      (await (
        await fetch(`http://127.0.0.1:${p}/api/script/batches/${batchRegistration}`, { headers: h })
      ).json()) as Batch;
    let before: Batch;
    for (;;) {
      before = await batchOn(port, headers);
      if (before.done > 0 || (before.status !== 'FETCHING' && before.status !== 'PROCESSING')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    expect(before.status).toBe('PROCESSING');
    expect(before.done).toBeLessThan(CONTRACTS);

    const port2 = port + 1;
    await startServer(port2);
    const headers2 = await signedIn(port2);
    let after: Batch;
    for (let i = 0; ; i++) {
      after = await batchOn(port2, headers2);
      if (after.status === 'SUCCESS' || after.status === 'ERROR' || i > 600) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(after.status, JSON.stringify(after).slice(0, 1000)).toBe('SUCCESS');
    expect(after.done).toBe(CONTRACTS);
    expect(after.log.some((l) => l.message.startsWith('Resumed by'))).toBe(true);
    // The servers' data folder is free once they have exited.
    await servers.stopAll();

    const database = await openDatabase(settings());
    try {
      const counts = await readInTenant(
        database.db,
        scope,
        async (tx) =>
          (
            await sql<{
              lines: string;
              distinct_lines: string;
              invoiced: string;
              planned_due: string;
              later_invoiced: string;
            }>`SELECT
        (SELECT count(*) FROM invoice_line WHERE tenant = 'crash') AS lines,
        (SELECT count(DISTINCT (data->>'elementRegistration', data->>'lineNumber')) FROM invoice_line WHERE tenant = 'crash') AS distinct_lines,
        (SELECT count(*) FROM contract_element e, jsonb_array_elements(e.data->'lines') l WHERE e.tenant = 'crash' AND l->>'status' = 'INVOICED' AND l->>'invoiceRegistration' IS NOT NULL) AS invoiced,
        (SELECT count(*) FROM contract_element e, jsonb_array_elements(e.data->'lines') l WHERE e.tenant = 'crash' AND l->>'status' = 'PLANNED' AND l->>'dueDate' <= '2025-01-31') AS planned_due,
        (SELECT count(*) FROM contract_element e, jsonb_array_elements(e.data->'lines') l WHERE e.tenant = 'crash' AND l->>'status' <> 'PLANNED' AND l->>'dueDate' > '2025-01-31') AS later_invoiced`.execute(
              tx,
            )
          ).rows[0],
      );
      expect(counts).toEqual({
        lines: String(CONTRACTS),
        distinct_lines: String(CONTRACTS),
        invoiced: String(CONTRACTS),
        planned_due: '0',
        later_invoiced: '0',
      });
    } finally {
      await database.close();
    }
  }, 600_000);
});
