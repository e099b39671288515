import { entityByName } from '@lbo/model/entity-registry';
import { buildApp } from '@lbo/server/app';
import { inTenant } from '@lbo/server/db/database';
import { createTenant } from '@lbo/server/product';
import { bulkInsert } from '@lbo/server/seed/bulk-insert';
import { createTestDatabase, signIn } from '@lbo/server/testing/test-app';
import { BOUNDARY, multipartBody } from '@lbo/server/testing/multipart';
import { camt053, type GeneratedEntry } from '@lbo/server/banking/statements/camt-generator';

/**
 * Statement import (issue 17 "Benchmark"): a camt.053 of BENCH_CAMT_ENTRIES entries (100,000 by
 * default) uploaded through the API, checked against its schema, read as a stream, written and
 * matched (a background batch past 2,000 transactions) against a book of issued invoices, of which
 * BENCH_CAMT_MATCHED (1,000) are paid by an entry naming their number; the others name nothing
 * known. Targets: imported and matched in under 60 s, memory growth under 200 MB.
 */
export async function runCamtBench(): Promise<Record<string, unknown>> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const entries = Number(process.env.BENCH_CAMT_ENTRIES ?? 100_000);
  const matched = Math.min(entries, Number(process.env.BENCH_CAMT_MATCHED ?? 1_000));
  const database = await createTestDatabase({ databaseUrl });
  const tenant = 'camt';
  const app = await buildApp({ database: database.database });
  try {
    await createTenant(database.database.db, tenant, { username: `admin@${tenant}`, password: 'Bench-Camt-1' });
    const headers = { authorization: `Bearer ${await signIn(app, `admin@${tenant}`, 'Bench-Camt-1')}` };
    const invoices = Array.from({ length: matched }, (_, i) => ({
      registration: `INV9${String(i).padStart(6, '0')}`,
      status: 'ISSUED',
      name: `Rent ${i}`,
      type: 'INVOICE',
      pr: 'R',
      currency: 'EUR',
      invoiceNumber: `2026-BENCH-${String(i).padStart(6, '0')}`,
      amountExclTax: 100,
      amountInclTax: 120 + (i % 100) / 100,
      totalBalance: 120 + (i % 100) / 100,
      dueDate: '2026-11-05',
      issueDate: '2026-10-25',
      persons: [{ role: 'PAYER', personRegistration: `PER${String(i % 500).padStart(6, '0')}` }],
    }));
    await inTenant(
      database.database.db,
      { tenant, user: 'bench' },
      (tx) => bulkInsert(tx, entityByName('Invoice')!, tenant, 'bench', invoices),
      600_000,
    );
    const lines: GeneratedEntry[] = Array.from({ length: entries }, (_, i) =>
      i < matched
        ? {
            amount: String(invoices[i].totalBalance),
            remittance: `Invoice ${invoices[i].invoiceNumber}`,
            counterpartyName: `Client ${i}`,
          }
        : {
            amount: String(10 + (i % 5000) / 100),
            remittance: `Transfer ref ${i} order ${(i * 7919) % 100_000}`,
            counterpartyName: `Payer ${i % 997}`,
            endToEndId: `BENCH-${i}`,
          },
    );
    const body = multipartBody({
      name: 'bench-camt053.xml',
      content: Buffer.from(
        [
          ...camt053(
            { messageId: 'BENCH-1', statementId: 'BENCH-STMT-1', iban: 'FR7630006000011234567890189', opening: '0' },
            lines,
          ),
        ].join(''),
        'utf8',
      ),
      type: 'application/xml',
    });
    lines.length = 0;
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    const memory: number[] = [baseline];
    const sampler = setInterval(() => memory.push(process.memoryUsage().rss), 250);
    const started = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/billing/camts/import',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: body,
    });
    // A large file answers 202 and is imported by a CAMT_IMPORT batch (IMPORTING), then matched (PROCESSING).
    if (res.statusCode !== 201 && res.statusCode !== 202)
      throw new Error(`camt import refused: ${res.statusCode} ${res.body.slice(0, 500)}`);
    let importSeconds = (Date.now() - started) / 1000;
    let camt = res.json() as Record<string, unknown>;
    for (;;) {
      if (camt.status === 'IMPORTING') importSeconds = (Date.now() - started) / 1000;
      if (camt.status !== 'PROCESSING' && camt.status !== 'IMPORTING') break;
      await new Promise((r) => setTimeout(r, 500));
      camt = (
        await app.inject({ method: 'GET', url: `/api/billing/camts/${String(camt.registration)}`, headers })
      ).json();
    }
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    return {
      database: databaseUrl ? 'PostgreSQL' : 'PGlite',
      entries,
      fileMB: mb(body.length),
      invoices: matched,
      transactions: camt.transactionCount,
      matched: camt.matchedCount,
      unmatched: camt.unmatchedCount,
      status: camt.status,
      importSeconds: Math.round(importSeconds * 10) / 10,
      seconds: Math.round(seconds * 10) / 10,
      target: 'under 60 s',
      rssBaselineMB: mb(baseline),
      rssPeakMB: mb(Math.max(...memory)),
      memoryGrowthMB: mb(Math.max(...memory) - baseline),
      memoryTarget: 'under 200 MB',
    };
  } finally {
    await app.close();
    await database.dispose();
  }
}
