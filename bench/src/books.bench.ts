import { entityByName } from '@lbo/model/entity-registry';
import { buildApp } from '@lbo/server/app';
import { inTenant } from '@lbo/server/db/database';
import { createTenant } from '@lbo/server/product';
import { bulkInsert } from '@lbo/server/seed/bulk-insert';
import { createTestDatabase, signIn } from '@lbo/server/testing/test-app';
import { postingContextOf, recordPostingEvents, type BusinessEvent } from '@lbo/server/accounting/posting-engine';

/**
 * The books (issue 18 "Benchmark"): postings generated for BENCH_BOOKS_INVOICES issued invoices
 * (100,000 by default, three postings each, by the demo rules, 1,000 events a transaction, with
 * the database's balance, period and balances triggers), reported in postings per second (target:
 * at least 5,000 on PostgreSQL); then the book grown to BENCH_BOOKS_POSTINGS postings (1,000,000)
 * and the trial balance asked through the API (target: under a second). On PostgreSQL
 * (BENCH_DATABASE_URL or DATABASE_URL); PGlite otherwise, with a tenth of each.
 */
export async function runBooksBench(): Promise<Record<string, unknown>> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const invoices = Number(process.env.BENCH_BOOKS_INVOICES ?? (databaseUrl ? 100_000 : 10_000));
  const target = Number(process.env.BENCH_BOOKS_POSTINGS ?? (databaseUrl ? 1_000_000 : 100_000));
  const database = await createTestDatabase({ databaseUrl });
  const tenant = 'books';
  const app = await buildApp({ database: database.database });
  try {
    await createTenant(database.database.db, tenant, { username: `admin@${tenant}`, password: 'Bench-Books-1' });
    const headers = { authorization: `Bearer ${await signIn(app, `admin@${tenant}`, 'Bench-Books-1')}` };
    const caller = { tenant, username: 'bench' };
    const scope = { tenant, user: 'bench' };
    const event = (i: number): BusinessEvent => {
      const exclTax = 100 + (i % 997) / 100;
      const tax = Math.round(exclTax * 20) / 100;
      return {
        eventType: 'INVOICE_ISSUED',
        date: `2025-${String((i % 12) + 1).padStart(2, '0')}-15`,
        currency: 'EUR',
        pr: 'R',
        financialProduct: i % 3 ? 'LEASE' : 'OPERATING_LEASE',
        amounts: {
          amountExclTax: exclTax,
          tax,
          amountInclTax: Math.round((exclTax + tax) * 100) / 100,
          rent: exclTax,
          services: 0,
        },
        name: `Invoice ${i}`,
        sourceEntity: 'Invoice',
        sourceRegistration: `INV${String(i).padStart(7, '0')}`,
        invoiceRegistration: `INV${String(i).padStart(7, '0')}`,
        personRegistration: `PER${String(i % 5000).padStart(6, '0')}`,
        organizationRegistration: 'ORG000001',
        taxCode: 'VAT20',
      };
    };
    let postings = 0;
    const started = Date.now();
    for (let from = 0; from < invoices; from += 1000) {
      const n = Math.min(1000, invoices - from);
      postings += await inTenant(
        database.database.db,
        scope,
        async (tx) => {
          const written = await recordPostingEvents(
            tx,
            caller,
            Array.from({ length: n }, (_, k) => event(from + k)),
            await postingContextOf(tx, tenant),
          );
          return written.reduce((s, w) => s + w.postings.length, 0);
        },
        600_000,
      );
    }
    const postingSeconds = (Date.now() - started) / 1000;

    // The rest of the million as balanced pairs loaded in bulk (the balances' trigger still keeps account_balance).
    const loadStarted = Date.now();
    const accounts = ['411000', '706000', '512000', '445710', '274000', '762000', '681120', '281820'];
    for (let from = postings; from < target; from += 10_000) {
      const n = Math.min(10_000, target - from) & ~1;
      if (n <= 0) break;
      const rows = Array.from({ length: n }, (_, k) => {
        const pair = Math.floor((from + k) / 2);
        const dc = k % 2 ? 'C' : 'D';
        return {
          registration: `BULK${String(from + k).padStart(8, '0')}`,
          status: 'VALIDATED',
          type: 'MANUAL',
          name: 'Bulk',
          eventType: 'MANUAL',
          dc,
          account: accounts[(pair % 4) * 2 + (k % 2)],
          amount: 10 + (pair % 1000) / 100,
          currency: 'EUR',
          date: `202${pair % 5}-${String((pair % 12) + 1).padStart(2, '0')}-01`,
          postingEventRegistration: `BULKEV${pair}`,
          organizationRegistration: 'ORG000001',
        };
      });
      await inTenant(
        database.database.db,
        scope,
        (tx) => bulkInsert(tx, entityByName('Posting')!, tenant, 'bench', rows),
        600_000,
      );
      postings += n;
    }
    const loadSeconds = (Date.now() - loadStarted) / 1000;

    const times: number[] = [];
    let balance: { totals: Record<string, { balance: number; debit: number }>; accounts: unknown[] } | undefined;
    for (let run = 0; run < 5; run++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/accounting/trial-balance', headers });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`trial balance refused: ${res.statusCode} ${res.body}`);
      balance = res.json();
    }
    if (balance!.totals.EUR.balance !== 0)
      throw new Error(`the trial balance does not balance: ${JSON.stringify(balance!.totals)}`);
    times.sort((a, b) => a - b);
    return {
      database: databaseUrl ? 'PostgreSQL' : 'PGlite',
      invoices,
      invoicePostings: invoices * 3,
      postingSeconds: Math.round(postingSeconds * 10) / 10,
      postingsPerSecond: Math.round((invoices * 3) / postingSeconds),
      bookPostings: postings,
      bulkLoadSeconds: Math.round(loadSeconds),
      trialBalanceAccounts: balance!.accounts.length,
      trialBalanceMedianMs: Math.round(times[2]),
      trialBalanceWorstMs: Math.round(times[4]),
    };
  } finally {
    await app.close();
    await database.dispose();
  }
}
