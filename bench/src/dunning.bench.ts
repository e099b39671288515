import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { entityByName } from '@lbo/model/entity-registry';
import { buildApp } from '@lbo/server/app';
import { inTenant } from '@lbo/server/db/database';
import { fileSystemStore } from '@lbo/server/db/object-store';
import { createTenant } from '@lbo/server/product';
import { bulkInsert } from '@lbo/server/seed/bulk-insert';
import { createTestDatabase, signIn } from '@lbo/server/testing/test-app';

/**
 * A dunning run (issue 17, dunning): BENCH_DUNNING_INVOICES issued invoices past due (10,000 on
 * PostgreSQL, 2,000 on PGlite by default), each on its own contract, dunned by one run through the
 * API as a DUNNING batch: a communication with its PDF letter, the invoice's level and a collection
 * case each. Reports invoices per second and the process's memory, sampled every half second.
 */
export async function runDunningBench(): Promise<Record<string, unknown>> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const count = Number(process.env.BENCH_DUNNING_INVOICES ?? (databaseUrl ? 10_000 : 2_000));
  const database = await createTestDatabase({ databaseUrl });
  const objects = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-dunning-bench-'));
  const tenant = 'dunning';
  const app = await buildApp({ database: database.database, objectStore: fileSystemStore(objects) });
  try {
    await createTenant(database.database.db, tenant, { username: `admin@${tenant}`, password: 'Bench-Dun-1' });
    const headers = { authorization: `Bearer ${await signIn(app, `admin@${tenant}`, 'Bench-Dun-1')}` };
    const loadStarted = Date.now();
    for (let from = 0; from < count; from += 10_000) {
      const n = Math.min(10_000, count - from);
      const invoices = Array.from({ length: n }, (_, k) => {
        const i = from + k;
        return {
          registration: `INV${String(i).padStart(7, '0')}`,
          status: 'ISSUED',
          type: 'INVOICE',
          name: `Rent ${i}`,
          pr: 'R',
          invoiceNumber: `2025-ORG000001-${String(i).padStart(7, '0')}`,
          contractRegistration: `CT${String(i).padStart(7, '0')}`,
          currency: 'EUR',
          amountExclTax: 100,
          amountInclTax: 120,
          totalBalance: 120,
          dueDate: '2025-01-31',
          issueDate: '2025-01-01',
          language: i % 2 ? 'fr' : 'en',
          persons: [
            {
              role: 'PAYER',
              personRegistration: `PER${String(i % 5000).padStart(6, '0')}`,
              name: `Client ${i % 5000}`,
            },
            { role: 'PAYEE', personRegistration: 'ORG000001' },
          ],
        };
      });
      await inTenant(
        database.database.db,
        { tenant, user: 'bench' },
        (tx) => bulkInsert(tx, entityByName('Invoice')!, tenant, 'bench', invoices),
        600_000,
      );
    }
    const loadSeconds = (Date.now() - loadStarted) / 1000;

    const memory: number[] = [];
    const sampler = setInterval(() => memory.push(process.memoryUsage().rss), 500);
    const started = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/billing/dunning/run',
      headers,
      payload: { date: '2025-03-31' },
    });
    if (res.statusCode !== 200) throw new Error(`dunning run refused: ${res.statusCode} ${res.body}`);
    const { batchRegistration } = res.json() as { batchRegistration: string };
    let batch: { status: string; done: number; log: { message: string }[] } = { status: 'FETCHING', done: 0, log: [] };
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const polled = await app.inject({ method: 'GET', url: `/api/script/batches/${batchRegistration}`, headers });
      // On PGlite a poll may wait behind a chunk for its connection: asked again.
      if (polled.statusCode !== 200) continue;
      batch = polled.json();
      if (!['FETCHING', 'PROCESSING'].includes(batch.status)) break;
    }
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    if (batch.status !== 'SUCCESS') throw new Error(`dunning run ended ${batch.status}: ${batch.log.at(-1)?.message}`);
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    const tenth = Math.max(1, Math.floor(memory.length / 10));
    return {
      database: databaseUrl ? 'PostgreSQL' : 'PGlite',
      invoices: count,
      loadSeconds: Math.round(loadSeconds),
      dunned: batch.done,
      seconds: Math.round(seconds * 10) / 10,
      invoicesPerSecond: Math.round(batch.done / seconds),
      rssFirstTenthMB: mb(Math.max(...memory.slice(0, tenth))),
      rssLastTenthMB: mb(Math.max(...memory.slice(-tenth))),
      rssPeakMB: mb(Math.max(...memory)),
    };
  } finally {
    await app.close();
    await database.dispose();
    fs.rmSync(objects, { recursive: true, force: true });
  }
}
