import { entityByName } from '@lbo/model/entity-registry';
import { buildApp } from '@lbo/server/app';
import { inTenant } from '@lbo/server/db/database';
import { createTenant } from '@lbo/server/product';
import { bulkInsert } from '@lbo/server/seed/bulk-insert';
import { asOwner, createTestDatabase, signIn } from '@lbo/server/testing/test-app';

/**
 * The billing run (issue "Benchmark"): BENCH_BILLING_CONTRACTS active contracts (100,000 by
 * default), one due line each, billed by one run through the API, which goes to the background
 * as a Batch; reports invoices per second (target: at least 1,000) and the process's memory,
 * sampled every half second (target: flat). On PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL);
 * PGlite otherwise, with 10,000 contracts.
 */
export async function runBillingBench(): Promise<Record<string, unknown>> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const count = Number(process.env.BENCH_BILLING_CONTRACTS ?? (databaseUrl ? 100_000 : 10_000));
  const database = await createTestDatabase({ databaseUrl });
  const tenant = 'billing';
  const app = await buildApp({ database: database.database });
  try {
    await createTenant(database.database.db, tenant, { username: `admin@${tenant}`, password: 'Bench-Bill-1' });
    const headers = { authorization: `Bearer ${await signIn(app, `admin@${tenant}`, 'Bench-Bill-1')}` };
    const loadStarted = Date.now();
    const scope = { tenant, user: 'bench' };
    for (let from = 0; from < count; from += 10_000) {
      const n = Math.min(10_000, count - from);
      const contracts = Array.from({ length: n }, (_, k) => {
        const i = from + k;
        return {
          registration: `CT${String(i).padStart(7, '0')}`,
          status: 'ACTIVE',
          name: `Contract ${i}`,
          currency: 'EUR',
        };
      });
      const elements = contracts.map((c, k) => ({
        registration: `${c.registration}-01`,
        status: 'ACTIVE',
        type: 'RENT',
        name: 'Rent',
        code: 'RENT',
        contractRegistration: c.registration,
        pr: 'R',
        payerRegistration: `PER${String((from + k) % 5000).padStart(6, '0')}`,
        payeeRegistration: 'ORG000001',
        currency: 'EUR',
        lines: [
          {
            number: 1,
            dueDate: '2025-01-31',
            amountExclTax: 100 + ((from + k) % 97) / 100,
            tax: 20,
            amountInclTax: 120,
            interest: 10,
            principal: 90,
            taxCode: 'VAT20',
            status: 'PLANNED',
          },
          {
            number: 2,
            dueDate: '2025-02-28',
            amountExclTax: 100,
            tax: 20,
            amountInclTax: 120,
            interest: 9,
            principal: 91,
            taxCode: 'VAT20',
            status: 'PLANNED',
          },
        ],
      }));
      await inTenant(
        database.database.db,
        scope,
        async (tx) => {
          await bulkInsert(tx, entityByName('Contract')!, tenant, 'bench', contracts);
          await bulkInsert(tx, entityByName('ContractElement')!, tenant, 'bench', elements);
        },
        600_000,
      );
    }
    // Statistics, as autovacuum leaves them after a load (it is off on the benchmark machine, and
    // PGlite has none): without them the planner sorted every due element for each chunk.
    await asOwner(database, [
      `ANALYZE ${entityByName('Contract')!.table}`,
      `ANALYZE ${entityByName('ContractElement')!.table}`,
    ]);
    const loadSeconds = (Date.now() - loadStarted) / 1000;

    const memory: number[] = [];
    const sampler = setInterval(() => memory.push(process.memoryUsage().rss), 500);
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/script/runs/run-billing?date=2025-01-31', headers });
    if (res.statusCode !== 200) throw new Error(`billing run refused: ${res.statusCode} ${res.body}`);
    const { nbTotal, batchRegistration } = res.json() as { nbTotal: number; batchRegistration: string };
    let batch: { status: string; done: number; log: { message: string }[] };
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      batch = (await app.inject({ method: 'GET', url: `/api/script/batches/${batchRegistration}`, headers })).json();
      if (!['FETCHING', 'PROCESSING'].includes(batch.status)) break;
    }
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    if (batch.status !== 'SUCCESS') throw new Error(`billing run ended ${batch.status}: ${batch.log.at(-1)?.message}`);
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    const tenth = Math.max(1, Math.floor(memory.length / 10));
    return {
      database: databaseUrl ? 'PostgreSQL' : 'PGlite',
      contracts: count,
      loadSeconds: Math.round(loadSeconds),
      dueElements: nbTotal,
      invoices: batch.done,
      seconds: Math.round(seconds * 10) / 10,
      invoicesPerSecond: Math.round(batch.done / seconds),
      rssFirstTenthMB: mb(Math.max(...memory.slice(0, tenth))),
      rssLastTenthMB: mb(Math.max(...memory.slice(-tenth))),
      rssPeakMB: mb(Math.max(...memory)),
    };
  } finally {
    await app.close();
    await database.dispose();
  }
}
