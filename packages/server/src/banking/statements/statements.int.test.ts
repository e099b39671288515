import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../db/database.ts';
import { lifecycleClient } from '../../testing/lifecycle-client.ts';
import * as storage from '../../entities/storage.ts';
import { entityByName } from '@lbo/model/entity-registry';
import { uploadFile } from '../../testing/multipart.ts';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { camt053File, type GeneratedEntry } from './camt-generator.ts';
import { creditorReference } from '@lbo/model/values/creditor-reference';

/**
 * Bank statements through the API: every ISO 20022 sample imports (versions .02, .04, .08 of
 * camt.053 and camt.054), balances checked, a re-import adds nothing, broken files write nothing;
 * statements generated against invoices billed from a contract are matched by EndToEndId, mandate,
 * invoice number, creditor reference and IBAN; the rest proposed and matched by hand; across tenants.
 */
const iso = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../iso20022');
const filesOf = (dir: string) =>
  fs
    .readdirSync(path.join(iso, dir))
    .filter((d) => d.startsWith('camt.05'))
    .flatMap((v) => fs.readdirSync(path.join(iso, dir, v)).map((f) => path.join(iso, dir, v, f)));

let t: TestApp;
const c = lifecycleClient(() => t);
type Invoice = {
  registration: string;
  status: string;
  invoiceNumber: string;
  totalBalance: number;
  amountInclTax: number;
  currency: string;
  persons: { role: string; personRegistration: string }[];
};
type Transaction = Record<string, unknown> & {
  registration: string;
  status: string;
  matchMethod?: string;
  cashflowRegistration?: string;
  candidates?: { invoiceRegistration: string; score: number }[];
};
let invoices: Invoice[] = [];
const IBAN = 'FR7630006000011234567890189';
const PAYER_IBAN = 'DE89370400440532013000';

const upload = (name: string, content: Buffer, user: TestUser = t.alpha) =>
  uploadFile(t, user, '/api/billing/camts/import', { name, content, type: 'application/xml' });
const counts = async (tenant = 'alpha') =>
  inTenant(t.db.database.db, { tenant, user: 'test' }, async (tx) => {
    const n = async (kind: string) =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM ${sql.table(entityByName(kind)!.table)} WHERE tenant = ${tenant}`.execute(tx)
        ).rows[0].n,
      );
    return {
      camts: await n('Camt'),
      statements: await n('BankStatement'),
      transactions: await n('BankTransaction'),
      cashflows: await n('Cashflow'),
    };
  });
const transactionsOf = async (camt: string, user = t.alpha) =>
  (
    await c.call(
      'GET',
      `/api/bank/bank-transactions?camtRegistration=${camt}&range=[0-99]&sort=registration`,
      undefined,
      user.headers,
    )
  ).json() as Transaction[];
const invoice = async (registration: string) =>
  (await c.call('GET', `/api/billing/invoices/${registration}`)).json() as Invoice;
let statementNumber = 0;
const statement = (entries: GeneratedEntry[]) =>
  camt053File(
    { messageId: `MSG-${++statementNumber}`, statementId: `STMT-${statementNumber}`, iban: IBAN, opening: '1000.00' },
    entries,
  );

/** Writes into an invoice what a payment file and the payer's bank account would have (fixtures). */
async function setInvoice(registration: string, fields: Record<string, unknown>) {
  await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, async (tx) => {
    const kind = entityByName('Invoice')!;
    const row = (await storage.findOne(tx, kind, 'alpha', registration))!;
    await storage.updateRow(tx, kind, 'alpha', 'test', row._id, {
      ...row.data,
      registration,
      status: row.status,
      ...fields,
    });
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const catalog = await c.catalogue();
  await c.activeContract(catalog);
  const res = await c.call('GET', '/api/script/runs/run-billing?date=2026-12-31');
  expect(res.statusCode, res.body).toBe(200);
  const receivables = (res.json() as (Invoice & { pr: string; dueDate: string })[])
    .filter((i) => i.pr === 'R')
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  for (const i of receivables.slice(0, 13))
    expect((await c.call('GET', `/api/billing/invoices/${i.registration}/transitions/ISSUE`)).statusCode).toBe(200);
  invoices = await Promise.all(receivables.slice(0, 13).map((i) => invoice(i.registration)));
  expect(invoices.every((i) => i.status === 'ISSUED' && i.invoiceNumber)).toBe(true);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('importing camt files', () => {
  it('imports every sample of camt.053 and camt.054 (.02, .04, .08), batch entries expanded', async () => {
    const samples = filesOf('samples');
    expect(samples.length).toBe(27);
    for (const file of samples) {
      const res = await upload(path.basename(file), fs.readFileSync(file));
      expect(res.statusCode, `${file}: ${res.body}`).toBe(201);
      const camt = res.json();
      expect(camt).toMatchObject({ status: 'PROCESSED', version: path.basename(path.dirname(file)) });
      expect(camt.statementCount).toBeGreaterThan(0);
      expect(camt.transactionCount).toBeGreaterThanOrEqual(camt.entryCount);
      expect(camt.matchedCount + camt.returnedCount + camt.unmatchedCount).toBeLessThanOrEqual(camt.transactionCount);
    }
    // The batches of a Dutch sample: one entry, its transaction details each a transaction.
    const batch = (await c.call('GET', '/api/billing/camts?name=moiristo-camt__camt.xml&range=[0-9]')).json()[0];
    expect(batch.transactionCount).toBeGreaterThan(batch.entryCount);
  }, 120_000);

  it('keeps amounts exact and checks opening + entries = closing to the cent', async () => {
    const res = await upload(
      'generated.xml',
      statement([
        { amount: '0.10', remittance: 'first' },
        { amount: '0.20', remittance: 'second' },
        { amount: '1234.57', creditDebit: 'DBIT', remittance: 'rent' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [bs] = (await c.call('GET', `/api/bank/bank-statements?camtRegistration=${res.json().registration}`)).json();
    expect(bs).toMatchObject({
      openingBalance: 1000,
      closingBalance: -234.27,
      entriesTotal: -1234.27,
      balanced: true,
      balanceDifference: 0,
      accountIban: IBAN,
      transactionCount: 3,
    });
    // The sample whose closing balance is not its opening plus its entries is imported and flagged.
    const minimal = (await c.call('GET', '/api/bank/bank-statements?range=[0-99]'))
      .json()
      .filter((s: { balanced?: boolean }) => s.balanced === false);
    expect(minimal.length).toBeGreaterThan(0);
    const five = (await c.call('GET', '/api/billing/camts?name=five.decimals')).json()[0];
    const [tx] = await transactionsOf(five.registration);
    expect(tx.amount).toBe(8.85);
  });

  it('adds nothing when the same statement comes again', async () => {
    const file = filesOf('samples').find((f) => f.endsWith('camt053.v2.multi.statement.xml'))!;
    const before = await counts();
    const again = await upload('again.xml', fs.readFileSync(file));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().name).toBe(path.basename(file));
    expect(await counts()).toEqual(before);
  });

  it('refuses a file not valid against its schema, or not well-formed, and writes nothing', async () => {
    const before = await counts();
    const invalid = filesOf('samples-invalid');
    expect(invalid.length).toBe(5);
    for (const file of invalid) {
      const res = await upload(path.basename(file), fs.readFileSync(file));
      expect(res.statusCode, file).toBe(400);
      expect(res.json().code ?? res.body).toMatch(/INVALID_XML/);
    }
    const good = statement([{ amount: '5.00' }]);
    for (const broken of [
      good.subarray(0, good.length - 40),
      Buffer.from('<Document>not a camt</Document>'),
      Buffer.from(''),
    ]) {
      const res = await upload('broken.xml', broken);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('matching', () => {
  it('matches by EndToEndId, mandate, invoice number, creditor reference and IBAN; the cashflow allocated', async () => {
    const [byE2e, byMandate, byNumber, byRf, byIban] = invoices;
    // What a payment file and the payer's bank account leave behind (fixtures): a line, a mandate, an IBAN.
    await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, async (tx) => {
      await storage.insertRow(tx, entityByName('PaymentFileLine')!, 'alpha', 'test', {
        registration: 'PFL900001',
        status: 'SENT',
        endToEndId: 'E2E-900001',
        invoiceRegistration: byE2e.registration,
        amount: byE2e.totalBalance,
        currency: 'EUR',
        pr: 'R',
      });
    });
    await setInvoice(byMandate.registration, { mandateReference: 'RUM-TEST-1' });
    await setInvoice(byIban.registration, { iban: PAYER_IBAN });
    const before = await counts();
    const res = await upload(
      'month-end.xml',
      statement([
        { amount: String(byE2e.totalBalance), endToEndId: 'E2E-900001', mandateReference: 'RUM-OTHER' },
        { amount: String(byMandate.totalBalance), mandateReference: 'RUM-TEST-1' },
        { amount: String(byNumber.totalBalance), remittance: `Payment of invoice ${byNumber.invoiceNumber} thanks` },
        { amount: '10.00', creditorReference: creditorReference(byRf.invoiceNumber) },
        { amount: String(byIban.totalBalance), counterpartyIban: PAYER_IBAN, counterpartyName: 'Durand' },
        { amount: '77.77', remittance: 'nothing we know' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ transactionCount: 6, matchedCount: 5, unmatchedCount: 1 });
    const txs = await transactionsOf(res.json().registration);
    expect(txs.map((x) => [x.status, x.matchMethod ?? null])).toEqual([
      ['MATCHED', 'END_TO_END_ID'],
      ['MATCHED', 'MANDATE'],
      ['MATCHED', 'REFERENCE'],
      ['MATCHED', 'REFERENCE'],
      ['MATCHED', 'IBAN_AMOUNT'],
      ['NEW', null],
    ]);
    expect(txs[0].paymentFileLineRegistration).toBe('PFL900001');
    expect((await counts()).cashflows).toBe(before.cashflows + 5);
    for (const i of [byE2e, byMandate, byNumber, byIban]) expect((await invoice(i.registration)).status).toBe('PAID');
    expect(await invoice(byRf.registration)).toMatchObject({
      status: 'PARTIALLY_PAID',
      totalBalance: Number((byRf.totalBalance - 10).toFixed(2)),
    });
    const cashflow = (await c.call('GET', `/api/billing/cashflows/${txs[2].cashflowRegistration}`)).json();
    expect(cashflow).toMatchObject({
      status: 'ALLOCATED',
      pr: 'R',
      amount: byNumber.totalBalance,
      allocatedAmount: byNumber.totalBalance,
    });
    const history = (
      await c.call('GET', `/api/core/histories?entityRegistration=${txs[2].registration}&range=[0-9]`)
    ).json() as { action: string }[];
    expect(history.map((h) => h.action)).toContain('MATCH');
    // The import is recorded once on the statement, naming its transactions.
    const imported = (
      await c.call(
        'GET',
        `/api/core/histories?entityRegistration=${String(txs[2].bankStatementRegistration)}&entityName=BankStatement`,
      )
    ).json() as { action: string; transactions: string[] }[];
    expect(imported.find((h) => h.action === 'IMPORT')!.transactions).toEqual([
      `${txs[0].registration}-${txs[5].registration}`,
    ]);
  }, 60_000);

  it('proposes ranked candidates, and a person matches an entry to two invoices, amounts split', async () => {
    const [a, b] = [invoices[5], invoices[6]];
    const total = Number((a.totalBalance + b.totalBalance).toFixed(2));
    const res = await upload(
      'split.xml',
      statement([{ amount: String(total), remittance: `Invoices ${a.invoiceNumber} and ${b.invoiceNumber}` }]),
    );
    const [entry] = await transactionsOf(res.json().registration);
    expect(entry.status).toBe('NEW');
    expect(entry.candidates!.map((x) => x.invoiceRegistration).sort()).toEqual([a.registration, b.registration].sort());
    const live = (await c.call('GET', `/api/bank/bank-transactions/${entry.registration}/candidates`)).json();
    expect(live.candidates[0].score).toBeGreaterThanOrEqual(90);
    // Above the transaction: refused, naming the field.
    const over = await c.call('POST', `/api/bank/bank-transactions/${entry.registration}/match`, {
      allocations: [{ invoiceRegistration: a.registration, amount: total + 1 }],
    });
    expect(over.statusCode).toBe(400);
    const missing = await c.call('POST', `/api/bank/bank-transactions/${entry.registration}/match`, {
      allocations: [{ invoiceRegistration: 'INV999999', amount: 1 }],
    });
    expect(missing.statusCode).toBe(404);
    const ok = await c.call('POST', `/api/bank/bank-transactions/${entry.registration}/match`, {
      allocations: [
        { invoiceRegistration: a.registration, amount: a.totalBalance },
        { invoiceRegistration: b.registration, amount: b.totalBalance },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'MATCHED',
      matchMethod: 'MANUAL',
      invoices: [{ invoiceRegistration: a.registration }, { invoiceRegistration: b.registration }],
    });
    expect((await invoice(a.registration)).status).toBe('PAID');
    expect((await invoice(b.registration)).status).toBe('PAID');
    const again = await c.call('POST', `/api/bank/bank-transactions/${entry.registration}/match`, {
      allocations: [{ invoiceRegistration: a.registration, amount: 1 }],
    });
    expect(again.statusCode).toBe(409);
  }, 60_000);

  it('an entry left alone is ignored with History; matching runs again when an invoice appears', async () => {
    const later = invoices[7];
    await setInvoice(later.registration, { invoiceNumber: 'LATER-0001' });
    const res = await upload(
      'later.xml',
      statement([
        { amount: String(later.totalBalance), remittance: 'Invoice LATER-0002' },
        { amount: '3.00', remittance: 'unknown' },
      ]),
    );
    const [waiting, other] = await transactionsOf(res.json().registration);
    expect(waiting.status).toBe('NEW');
    expect(
      (await c.call('GET', `/api/bank/bank-transactions/${other.registration}/transitions/IGNORE`)).statusCode,
    ).toBe(200);
    // The invoice number the payer wrote is now known: rematch matches it.
    await setInvoice(later.registration, { invoiceNumber: 'LATER-0002' });
    const rematch = await c.call('POST', '/api/bank/bank-transactions/rematch');
    expect(rematch.statusCode, rematch.body).toBe(200);
    expect(rematch.json().matched).toBeGreaterThanOrEqual(1);
    const [now, ignored] = await transactionsOf(res.json().registration);
    expect(now).toMatchObject({ status: 'MATCHED', matchMethod: 'REFERENCE' });
    expect(ignored.status).toBe('IGNORED');
  }, 60_000);
});

describe('returned debits', () => {
  it('hands a returned debit (RtrInf AM04) to the returns: the invoice reopened, a fee and a case', async () => {
    const collected = invoices[9];
    await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, async (tx) => {
      await storage.insertRow(tx, entityByName('PaymentFileLine')!, 'alpha', 'test', {
        registration: 'PFL900002',
        status: 'SENT',
        type: 'DEBIT',
        endToEndId: 'E2E-900002',
        invoiceRegistration: collected.registration,
        amount: collected.totalBalance,
        currency: 'EUR',
        pr: 'R',
        mandateReference: 'RUM-RET-1',
      });
    });
    const paid = await upload(
      'collection.xml',
      statement([{ amount: String(collected.totalBalance), endToEndId: 'E2E-900002', mandateReference: 'RUM-RET-1' }]),
    );
    expect(paid.json()).toMatchObject({ matchedCount: 1 });
    expect((await invoice(collected.registration)).status).toBe('PAID');
    const returned = await upload(
      'return.xml',
      statement([
        {
          amount: String(collected.totalBalance),
          creditDebit: 'DBIT',
          endToEndId: 'E2E-900002',
          mandateReference: 'RUM-RET-1',
          returnReason: 'AM04',
        },
      ]),
    );
    expect(returned.statusCode, returned.body).toBe(201);
    expect(returned.json()).toMatchObject({ transactionCount: 1, returnedCount: 1, unmatchedCount: 0 });
    const [entry] = await transactionsOf(returned.json().registration);
    expect(entry).toMatchObject({
      status: 'MATCHED',
      matchMethod: 'RETURN',
      type: 'DIRECT_DEBIT_RETURN',
      returnReason: 'AM04',
      paymentFileLineRegistration: 'PFL900002',
    });
    expect(entry.caseRegistration).toBeTruthy();
    expect((await invoice(collected.registration)).status).toBe('ISSUED');
  }, 60_000);
});

describe('a statement holding a collection and its return', () => {
  it('settles each credit before the debit that takes it back, whatever their order: the invoices stay unpaid', async () => {
    const collected = invoices.slice(10, 13);
    expect(collected).toHaveLength(3);
    await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, async (tx) => {
      for (const [n, i] of collected.entries())
        await storage.insertRow(tx, entityByName('PaymentFileLine')!, 'alpha', 'test', {
          registration: `PFL90001${n}`,
          status: 'SENT',
          type: 'DEBIT',
          endToEndId: `E2E-90001${n}`,
          invoiceRegistration: i.registration,
          amount: i.totalBalance,
          currency: 'EUR',
          pr: 'R',
          mandateReference: `RUM-RET-1${n}`,
        });
    });
    // The returns written first: the transactions are read in no order of the file's.
    const entries = collected.flatMap((i, n) => [
      {
        amount: String(i.totalBalance),
        creditDebit: 'DBIT' as const,
        endToEndId: `E2E-90001${n}`,
        mandateReference: `RUM-RET-1${n}`,
        returnReason: 'AM04',
      },
      { amount: String(i.totalBalance), endToEndId: `E2E-90001${n}`, mandateReference: `RUM-RET-1${n}` },
    ]);
    const res = await upload('collection-and-returns.xml', statement(entries));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ transactionCount: 6, returnedCount: 3, unmatchedCount: 0 });
    for (const i of collected) {
      const after = await invoice(i.registration);
      expect(after.status, i.registration).toBe('ISSUED');
      expect(after.totalBalance).toBe(i.totalBalance);
    }
  }, 60_000);
});

describe('tenants', () => {
  it('keeps each tenant to its own statements, transactions and invoices', async () => {
    const file = statement([
      { amount: String(invoices[8].totalBalance), remittance: `Invoice ${invoices[8].invoiceNumber}` },
    ]);
    const beta = await upload('beta.xml', file, t.beta);
    expect(beta.statusCode, beta.body).toBe(201);
    // Beta knows no invoice of alpha: nothing matched, no candidate from alpha.
    const [entry] = await transactionsOf(beta.json().registration, t.beta);
    expect(entry.status).toBe('NEW');
    expect(entry.candidates ?? []).toEqual([]);
    expect((await c.call('GET', `/api/bank/bank-transactions/${String(entry._id)}`)).statusCode).toBe(404);
    expect((await c.call('GET', `/api/bank/bank-transactions/${String(entry._id)}/candidates`)).statusCode).toBe(404);
    expect(
      (
        await c.call('POST', `/api/bank/bank-transactions/${String(entry._id)}/match`, {
          allocations: [{ invoiceRegistration: invoices[8].registration, amount: 1 }],
        })
      ).statusCode,
    ).toBe(404);
    const steal = await c.call(
      'POST',
      `/api/bank/bank-transactions/${entry.registration}/match`,
      { allocations: [{ invoiceRegistration: invoices[8].registration, amount: 1 }] },
      t.beta.headers,
    );
    expect(steal.statusCode).toBe(404);
    // The same file in alpha is alpha's own first import of it.
    const alpha = await upload('alpha.xml', file);
    expect(alpha.statusCode).toBe(201);
  }, 60_000);
});
