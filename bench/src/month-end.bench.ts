import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { buildApp } from '@lbo/server/app';
import { inTenant } from '@lbo/server/db/database';
import { fileSystemStore } from '@lbo/server/db/object-store';
import { createTenant } from '@lbo/server/product';
import { bulkInsert } from '@lbo/server/seed/bulk-insert';
import { asOwner, createTestDatabase, signIn } from '@lbo/server/testing/test-app';
import { updateManyIn } from '@lbo/server/entities/bulk-writes';
import { nextCounters, type RowOf } from '@lbo/server/entities/storage';
import { invoiceNumberCounter } from '@lbo/server/billing/invoice-numbering';
import { postingContextOf, recordPostingEvents, type BusinessEvent } from '@lbo/server/accounting/posting-engine';
import { generatePaymentFiles, paymentFileParameters } from '@lbo/server/banking/payment-files/payment-file.operation';

/**
 * The month end (issue 34 item 2): BENCH_MONTHEND_CONTRACTS active contracts (1,000,000 on
 * PostgreSQL, 10,000 on PGlite), one rent due each, their payers on SEPA mandates, through the
 * month's three steps, each timed with the process's memory:
 * 1. the billing run, through the API, as the BILLING batch it becomes;
 * 2. the invoices issued and posted: walked by registration in chunks of BENCH_MONTHEND_CHUNK
 *    (1,000), each chunk in one transaction given its legal numbers (the organization's counter,
 *    gap-free), its ISSUED status with History rows, and its INVOICE_ISSUED posting events by the
 *    tenant's rules (three postings an invoice). The ISSUE transition's PDF and mail are left to
 *    their own benchmarks (`pdf`): a month end's letters go out after its books;
 * 3. the collection file: the pain.008 of every invoice due, through the payment files' operation
 *    (selection, lines with History, XML validated against its XSD, stored document).
 * Target: the three in at most 15 minutes for 1,000,000 contracts.
 */
export async function runMonthEndBench(): Promise<Record<string, unknown>> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const count = Number(process.env.BENCH_MONTHEND_CONTRACTS ?? (databaseUrl ? 1_000_000 : 10_000));
  const chunk = Number(process.env.BENCH_MONTHEND_CHUNK ?? 1000);
  const payers = Math.min(20_000, Math.max(10, Math.floor(count / 20)));
  const log = (s: string) => console.log(`monthend: ${s}`);
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  const database = await createTestDatabase({ databaseUrl });
  const objects = fs.mkdtempSync(path.join(os.tmpdir(), 'monthend-bench-'));
  const tenant = 'monthend';
  const app = await buildApp({ database: database.database, objectStore: fileSystemStore(objects) });
  const scope = { tenant, user: 'bench' };
  const caller = { tenant, username: 'bench' };
  const db = database.database.db;
  /** Runs a step, sampling the resident memory every half second. */
  const step = async <T>(name: string, work: () => Promise<T>) => {
    const memory = [process.memoryUsage().rss];
    const sampler = setInterval(() => memory.push(process.memoryUsage().rss), 500);
    const started = Date.now();
    try {
      const result = await work();
      const seconds = (Date.now() - started) / 1000;
      memory.push(process.memoryUsage().rss);
      const tenth = Math.max(1, Math.floor(memory.length / 10));
      const figures = {
        seconds: Math.round(seconds * 10) / 10,
        rssStartMB: mb(memory[0]),
        rssFirstTenthMB: mb(Math.max(...memory.slice(0, tenth))),
        rssLastTenthMB: mb(Math.max(...memory.slice(-tenth))),
        rssPeakMB: mb(Math.max(...memory)),
      };
      log(`${name} ${JSON.stringify(figures)}`);
      return { result, figures };
    } finally {
      clearInterval(sampler);
    }
  };
  try {
    await createTenant(db, tenant, { username: `admin@${tenant}`, password: 'Bench-Month-1' });
    const headers = { authorization: `Bearer ${await signIn(app, `admin@${tenant}`, 'Bench-Month-1')}` };

    // The book: the lessor with its creditor identifier, payers collected by direct debit, contracts with a rent due.
    const loadStarted = Date.now();
    const persons = [
      {
        registration: 'ORG000001',
        type: 'C',
        name: 'Crédit Bail',
        bankAccounts: [
          {
            name: 'Main',
            bankIban: 'FR1420041010050500013M02606',
            bankBic: 'BNPAFRPP',
            sepaCreditorIdentifier: 'FR12ZZZ123456',
          },
        ],
      },
      ...Array.from({ length: payers }, (_, i) => ({
        registration: `PER${String(i).padStart(6, '0')}`,
        type: 'C',
        name: `Société ${i}`,
        bankAccounts: [
          {
            name: 'Main',
            bankIban: 'FR7630006000011234567890189',
            bankBic: 'AGRIFRPP',
            collectionMethods: ['SEPA_DIRECT_DEBIT'],
            sepaMandates: [
              { rumReference: `RUM-${i}`, rumStatus: 'ACTIVE', rumDateOfSignature: '2024-01-15', rumType: 'CORE' },
            ],
          },
        ],
      })),
    ];
    await inTenant(db, scope, (tx) => bulkInsert(tx, entityByName('Person')!, tenant, 'bench', persons), 600_000);
    for (let from = 0; from < count; from += 10_000) {
      const n = Math.min(10_000, count - from);
      const contracts = Array.from({ length: n }, (_, k) => {
        const i = from + k;
        return {
          registration: `CT${String(i).padStart(7, '0')}`,
          status: 'ACTIVE',
          name: `Contract ${i}`,
          currency: 'EUR',
          financialProduct: 'LEASE',
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
        payerRegistration: `PER${String((from + k) % payers).padStart(6, '0')}`,
        payeeRegistration: 'ORG000001',
        currency: 'EUR',
        lines: [
          {
            number: 1,
            dueDate: '2026-03-31',
            amountExclTax: 100 + ((from + k) % 97) / 100,
            principal: 90,
            interest: 10 + ((from + k) % 97) / 100,
            taxCode: 'VAT20',
            status: 'PLANNED',
          },
          {
            number: 2,
            dueDate: '2026-04-30',
            amountExclTax: 100,
            principal: 91,
            interest: 9,
            taxCode: 'VAT20',
            status: 'PLANNED',
          },
        ],
      }));
      await inTenant(
        db,
        scope,
        async (tx) => {
          await bulkInsert(tx, entityByName('Contract')!, tenant, 'bench', contracts);
          await bulkInsert(tx, entityByName('ContractElement')!, tenant, 'bench', elements);
        },
        600_000,
      );
      if ((from / 10_000) % 10 === 0) log(`loaded ${from + n}/${count} contracts`);
    }
    // Statistics, as autovacuum leaves them after a load (off on the benchmark machine; PGlite has none).
    // (PGlite serves one connection: its statistics are left to the planner's defaults there.)
    if (databaseUrl)
      await asOwner(
        database,
        ['Person', 'Contract', 'ContractElement'].map((kind) => `VACUUM ANALYZE ${entityByName(kind)!.table}`),
      );
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    log(`book of ${count} contracts loaded in ${Math.round(loadSeconds)} s`);

    // 1. The billing run.
    const billing = await step('billing', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/script/runs/run-billing?date=2026-03-31', headers });
      if (res.statusCode !== 200) throw new Error(`billing run refused: ${res.statusCode} ${res.body}`);
      const { batchRegistration } = res.json() as { batchRegistration: string };
      for (;;) {
        await new Promise((r) => setTimeout(r, 500));
        const batch = (
          await app.inject({ method: 'GET', url: `/api/script/batches/${batchRegistration}`, headers })
        ).json();
        if (!['FETCHING', 'PROCESSING'].includes(batch.status)) {
          if (batch.status !== 'SUCCESS') throw new Error(`billing run ended ${batch.status}`);
          return Number(batch.done);
        }
      }
    });

    // 2. Issued and posted, chunk after chunk along the registration.
    const invoiceKind = entityByName('Invoice')!;
    const posting = await step('issue and post', async () => {
      let after = '';
      let issued = 0;
      let postings = 0;
      const year = '2026';
      for (;;) {
        const done = await inTenant(
          db,
          scope,
          async (tx) => {
            const { rows } = await sql<RowOf<typeof invoiceKind>>`SELECT _id, registration, status, name, type, data,
              _insert_date, _insert_user, _update_date, _update_user, _version FROM ${sql.table(invoiceKind.table)}
              WHERE tenant = ${tenant} AND registration > ${after} AND status = 'DRAFT'
              ORDER BY registration LIMIT ${chunk} FOR UPDATE`.execute(tx);
            if (!rows.length) return { n: 0, postings: 0, last: after };
            // The organization's numbers for the chunk, in registration order: one counter move, no gap.
            const first = await nextCounters(tx, tenant, invoiceNumberCounter('ORG000001', year), rows.length);
            await updateManyIn(
              tx,
              caller,
              invoiceKind,
              rows.map((row, k) => ({
                row,
                data: {
                  ...row.data,
                  status: 'ISSUED',
                  issueDate: '2026-03-02',
                  invoiceNumber: `${year}-ORG000001-${String(first + k).padStart(6, '0')}`,
                },
                changes: {
                  status: { from: 'DRAFT', to: 'ISSUED' },
                  invoiceNumber: { from: null, to: `${year}-ORG000001-${String(first + k).padStart(6, '0')}` },
                },
              })),
              { action: 'ISSUE' },
            );
            const events = rows.map(
              (row): BusinessEvent => ({
                eventType: 'INVOICE_ISSUED',
                date: '2026-03-02',
                currency: String(row.data.currency ?? 'EUR'),
                pr: 'R',
                financialProduct: 'LEASE',
                amounts: {
                  amountExclTax: Number(row.data.amountExclTax),
                  tax: Math.round((Number(row.data.amountInclTax) - Number(row.data.amountExclTax)) * 100) / 100,
                  amountInclTax: Number(row.data.amountInclTax),
                  rent: Number(row.data.amountExclTax),
                  services: 0,
                },
                name: `Invoice ${row.registration}`,
                sourceEntity: 'Invoice',
                sourceRegistration: row.registration,
                invoiceRegistration: row.registration,
                contractRegistration: String(row.data.contractRegistration ?? ''),
                organizationRegistration: 'ORG000001',
                taxCode: 'VAT20',
              }),
            );
            const written = await recordPostingEvents(tx, caller, events, await postingContextOf(tx, tenant));
            return {
              n: rows.length,
              postings: written.reduce((s, w) => s + w.postings.length, 0),
              last: rows[rows.length - 1].registration,
            };
          },
          600_000,
        );
        if (!done.n) break;
        issued += done.n;
        postings += done.postings;
        after = done.last;
      }
      return { issued, postings };
    });

    // 3. The collection file.
    const collection = await step('collection file', async () => {
      const p = paymentFileParameters(
        { type: 'SEPA_DIRECT_DEBIT', version: 'pain.008.001.08', dueUntil: '2026-03-31', today: '2026-03-02' },
        caller,
      );
      const outcome = await inTenant(
        db,
        scope,
        (tx) => generatePaymentFiles(tx, caller, fileSystemStore(objects), p),
        3_600_000,
      );
      const file = outcome.files[0];
      if (file?.status !== 'GENERATED')
        throw new Error(`collection file failed: ${JSON.stringify(file?.errorMessage ?? outcome.skipped[0])}`);
      return { debits: Number(file.count), skipped: outcome.skipped.length };
    });

    const total = billing.figures.seconds + posting.figures.seconds + collection.figures.seconds;
    return {
      database: databaseUrl ? 'PostgreSQL' : 'PGlite',
      contracts: count,
      loadSeconds: Math.round(loadSeconds),
      billing: {
        ...billing.figures,
        invoices: billing.result,
        invoicesPerSecond: Math.round(billing.result / billing.figures.seconds),
      },
      issueAndPost: {
        ...posting.figures,
        ...posting.result,
        postingsPerSecond: Math.round(posting.result.postings / posting.figures.seconds),
      },
      collectionFile: {
        ...collection.figures,
        ...collection.result,
        debitsPerSecond: Math.round(collection.result.debits / collection.figures.seconds),
      },
      monthEndSeconds: Math.round(total),
      targetSeconds: 900,
    };
  } finally {
    await app.close();
    await database.dispose();
    fs.rmSync(objects, { recursive: true, force: true });
  }
}
