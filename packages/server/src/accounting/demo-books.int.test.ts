import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSystemStore } from '../db/object-store.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { bootstrap } from '../product.ts';
import { createTestDatabase, signIn, type TestDatabase } from '../testing/test-app.ts';
import { cents } from '../testing/lifecycle-client.ts';

/**
 * A fresh start shows the demo's history posted: its activations, invoices and payments each
 * posted once and balanced, a trial balance that sums to zero, each client's sub-ledger equal to
 * its unpaid invoices, closed months and two open ones.
 */
let db: TestDatabase;
/** The demo's history writes its payment files and statements as documents. */
const objects = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-demo-'));
const objectStore = fileSystemStore(objects);
let app: FastifyInstance;
let headers: Record<string, string>;
beforeAll(async () => {
  db = await createTestDatabase();
  await bootstrap(db.database.db, { demoData: true, adminPassword: 'Demo-Books-Pass-1', objectStore });
  app = await buildApp({ database: db.database });
  headers = { authorization: `Bearer ${await signIn(app, 'admin@demo', 'Demo-Books-Pass-1')}` };
}, 1_200_000);
afterAll(async () => {
  await app?.close();
  await db?.dispose();
  fs.rmSync(objects, { recursive: true, force: true });
});

type Doc = Record<string, unknown> & { registration: string };
const get = async (url: string) => {
  const res = await app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** Every page of a list. */
async function all(url: string): Promise<Doc[]> {
  const out: Doc[] = [];
  for (let from = 0; ; from += 250) {
    const page = (await get(`${url}${url.includes('?') ? '&' : '?'}range=[${from}-${from + 249}]`)) as Doc[];
    out.push(...page);
    if (page.length < 250) return out;
  }
}

describe('the demo’s books', () => {
  it('post every issued invoice and every payment once, balanced', async () => {
    const issued = (await all('/api/billing/invoices?status=ISSUED,PARTIALLY_PAID,PAID')).filter(
      (i) => i.invoiceNumber,
    );
    const events = await all('/api/accounting/posting-events?eventType=INVOICE_ISSUED,CREDIT_NOTE,PAYMENT_RECEIVED');
    const bySource = new Map<string, Doc[]>();
    for (const e of events)
      bySource.set(String(e.sourceRegistration), [...(bySource.get(String(e.sourceRegistration)) ?? []), e]);
    const billed = issued.filter((i) => bySource.has(i.registration));
    expect(billed.length).toBeGreaterThan(10);
    for (const invoice of billed) expect(bySource.get(invoice.registration), invoice.registration).toHaveLength(1);
    const payments = events.filter((e) => e.eventType === 'PAYMENT_RECEIVED');
    expect(payments.length).toBeGreaterThan(5);
    const postings = await all(
      '/api/accounting/postings?eventType=INVOICE_ISSUED,PAYMENT_RECEIVED,CONTRACT_ACTIVATION',
    );
    const balance = new Map<string, number>();
    for (const p of postings)
      balance.set(
        String(p.postingEventRegistration),
        (balance.get(String(p.postingEventRegistration)) ?? 0) + (p.dc === 'D' ? 1 : -1) * cents(Number(p.amount)),
      );
    for (const [event, difference] of balance) expect(difference, event).toBe(0);
  });

  it('post each month end of the history once: the leases’ interest or rental income, their assets’ depreciation', async () => {
    const accruals = await all('/api/accounting/posting-events?eventType=INTEREST_ACCRUAL');
    const income = await all('/api/accounting/posting-events?eventType=RENTAL_INCOME');
    expect(accruals.length + income.length).toBeGreaterThan(5);
    const sources = [...accruals, ...income].map((e) => String(e.sourceRegistration));
    expect(new Set(sources).size).toBe(sources.length);
    expect(sources.some((s) => s.endsWith('@2025-06'))).toBe(true);
  });

  it('have a trial balance summing to zero, closed months and the last two open', async () => {
    const trial = await get('/api/accounting/trial-balance');
    expect(trial.totals.EUR.balance).toBe(0);
    const { closed } = await get('/api/accounting/periods');
    expect(closed['*']).toContain('2025-04');
    expect(closed['*']).not.toContain('2025-05');
    expect(closed['*']).not.toContain('2025-06');
  });

  it('keep each client’s sub-ledger equal to its unpaid invoices', async () => {
    const open = (await all('/api/billing/invoices?status=ISSUED,PARTIALLY_PAID&pr=R')).filter((i) => i.invoiceNumber);
    const events = new Set(
      // A returned debit's fee invoice is posted as a REJECTION_FEE, on the client's sub-ledger as any invoice.
      (await all('/api/accounting/posting-events?eventType=INVOICE_ISSUED,REJECTION_FEE,LATE_INTEREST')).map((e) =>
        String(e.sourceRegistration),
      ),
    );
    const posted = open.filter((i) => events.has(i.registration));
    expect(posted.length).toBeGreaterThan(0);
    const payers = new Set(
      posted.map(
        (i) =>
          (i.persons as { role: string; personRegistration: string }[]).find((p) => p.role === 'PAYER')!
            .personRegistration,
      ),
    );
    for (const payer of payers) {
      const unpaid = posted.filter((i) =>
        (i.persons as { role: string; personRegistration: string }[]).some(
          (p) => p.role === 'PAYER' && p.personRegistration === payer,
        ),
      );
      const statement = await get(`/api/accounting/account-statement?person=${payer}`);
      expect(cents(statement.closingBalance), payer).toBe(
        unpaid.reduce((s, i) => s + cents(Number(i.totalBalance ?? i.amountInclTax)), 0),
      );
    }
  });
});
