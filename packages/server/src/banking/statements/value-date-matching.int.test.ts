import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { inTenant } from '../../db/database.ts';
import * as storage from '../../entities/storage.ts';
import { cents, lifecycleClient } from '../../testing/lifecycle-client.ts';
import { uploadFile } from '../../testing/multipart.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { camt053File } from './camt-generator.ts';

/**
 * An invoice paid from a bank statement is paid on the entry's value date — the invoice's payment
 * date, its cashflow, its allocation and the allocation's posting alike — not on the booking date
 * nor on the day of the import. The nightly matching leaves a transaction it cannot match (no
 * amount, no currency) waiting with its reason, and never fails.
 */
let t: TestApp;
const c = lifecycleClient(() => t);
type Invoice = {
  registration: string;
  status: string;
  invoiceNumber: string;
  totalBalance: number;
  paymentDate?: string;
  contractRegistration?: string;
  organizationRegistration?: string;
  persons: { role: string; personRegistration: string }[];
};
let invoices: Invoice[] = [];
/** The receivables billed, issued or not. */
let billed: Invoice[] = [];
const IBAN = 'FR7630006000011234567890189';
const invoice = async (registration: string) =>
  (await c.call('GET', `/api/billing/invoices/${registration}`)).json() as Invoice;

beforeAll(async () => {
  t = await createTestApp();
  const catalog = await c.catalogue();
  await c.activeContract(catalog);
  const res = await c.call('GET', '/api/script/runs/run-billing?date=2026-12-31');
  expect(res.statusCode, res.body).toBe(200);
  const receivables = (res.json() as (Invoice & { pr: string; dueDate: string })[])
    .filter((i) => i.pr === 'R')
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  billed = receivables;
  for (const i of receivables.slice(0, 2))
    expect((await c.call('GET', `/api/billing/invoices/${i.registration}/transitions/ISSUE`)).statusCode).toBe(200);
  invoices = await Promise.all(receivables.slice(0, 2).map((i) => invoice(i.registration)));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('the day the money arrived', () => {
  it('pays the invoice, its cashflow, allocation and posting on the value date', async () => {
    const [paid] = invoices;
    // A value date before the booking date, both unlike the day of the import.
    const valueDate = '2026-10-30';
    const bookingDate = '2026-11-03';
    const today = new Date().toISOString().slice(0, 10);
    expect([bookingDate, today]).not.toContain(valueDate);
    const res = await uploadFile(t, t.alpha, '/api/billing/camts/import', {
      name: 'value-date.xml',
      type: 'application/xml',
      content: camt053File({ messageId: 'MSG-VD-1', statementId: 'STMT-VD-1', iban: IBAN, opening: '0.00' }, [
        { amount: String(paid.totalBalance), bookingDate, valueDate, remittance: `Invoice ${paid.invoiceNumber}` },
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ matchedCount: 1 });
    const [entry] = (
      await c.call('GET', `/api/bank/bank-transactions?camtRegistration=${res.json().registration}`)
    ).json() as { valueDate: string; bookingDate: string; cashflowRegistration: string }[];
    expect(entry).toMatchObject({ valueDate, bookingDate });

    expect(await invoice(paid.registration)).toMatchObject({ status: 'PAID', paymentDate: valueDate });
    const cashflow = (await c.call('GET', `/api/billing/cashflows/${entry.cashflowRegistration}`)).json();
    expect(cashflow.valueDate).toBe(valueDate);
    const allocations = (
      await c.call('GET', `/api/billing/cashflow-allocations?cashflowRegistration=${entry.cashflowRegistration}`)
    ).json() as { date: string; registration: string }[];
    expect(allocations.map((a) => a.date)).toEqual([valueDate]);
    const events = (
      await c.call('GET', `/api/accounting/posting-events?sourceRegistration=${allocations[0].registration}`)
    ).json() as { eventType: string; date: string }[];
    expect(events.map((e) => [e.eventType, e.date])).toEqual([['PAYMENT_RECEIVED', valueDate]]);
  }, 60_000);
});

describe('a statement’s matches allocated together', () => {
  it('two entries paying one billed invoice: both allocated, the invoice PAID with its schedule lines, History and arrears', async () => {
    const target = billed[2];
    expect(target, 'a third receivable billed').toBeDefined();
    expect((await c.call('GET', `/api/billing/invoices/${target.registration}/transitions/ISSUE`)).statusCode).toBe(
      200,
    );
    const issued = await invoice(target.registration);
    const total = cents(issued.totalBalance);
    const first = Math.floor(total / 3);
    const res = await uploadFile(t, t.alpha, '/api/billing/camts/import', {
      name: 'two-parts.xml',
      type: 'application/xml',
      content: camt053File({ messageId: 'MSG-TWO-1', statementId: 'STMT-TWO-1', iban: IBAN, opening: '0.00' }, [
        { amount: (first / 100).toFixed(2), remittance: `Invoice ${issued.invoiceNumber} part 1` },
        { amount: ((total - first) / 100).toFixed(2), remittance: `Invoice ${issued.invoiceNumber} part 2` },
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ matchedCount: 2, unmatchedCount: 0 });
    const entries = (
      await c.call('GET', `/api/bank/bank-transactions?camtRegistration=${res.json().registration}&sort=registration`)
    ).json() as { status: string; matchMethod: string; cashflowRegistration: string; amount: number }[];
    expect(entries.map((e) => [e.status, e.matchMethod])).toEqual([
      ['MATCHED', 'REFERENCE'],
      ['MATCHED', 'REFERENCE'],
    ]);
    for (const e of entries) {
      const cashflow = (await c.call('GET', `/api/billing/cashflows/${e.cashflowRegistration}`)).json();
      expect(cashflow).toMatchObject({ status: 'ALLOCATED', unallocatedAmount: 0 });
      expect(cents(cashflow.allocatedAmount)).toBe(cents(e.amount));
      const [allocation] = (
        await c.call('GET', `/api/billing/cashflow-allocations?cashflowRegistration=${e.cashflowRegistration}`)
      ).json() as { status: string; invoiceRegistration: string; registration: string }[];
      expect(allocation).toMatchObject({ status: 'VALIDATED', invoiceRegistration: target.registration });
      const events = (
        await c.call('GET', `/api/accounting/posting-events?sourceRegistration=${allocation.registration}`)
      ).json() as Record<string, unknown>[];
      // Written with the other allocations' events, each as its own allocation would have written it.
      expect(events).toMatchObject([
        {
          eventType: 'PAYMENT_RECEIVED',
          status: 'PROCESSED',
          documentReference: issued.invoiceNumber,
          invoiceRegistration: target.registration,
          cashflowRegistration: e.cashflowRegistration,
          contractRegistration: issued.contractRegistration,
          organizationRegistration: issued.organizationRegistration,
          personRegistration: issued.persons.find((p) => p.role === 'PAYER')?.personRegistration,
        },
      ]);
      expect(cents(Number(events[0].amount))).toBe(cents(e.amount));
    }
    const paid = (await c.call('GET', `/api/billing/invoices/${target.registration}`)).json();
    expect(paid).toMatchObject({ status: 'PAID', totalBalance: 0 });
    // The schedule lines the invoice billed are paid.
    const lines = (
      await c.call('GET', `/api/billing/invoice-lines?invoiceRegistration=${target.registration}`)
    ).json() as { elementRegistration: string; lineNumber: number }[];
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      const element = (await c.call('GET', `/api/financing/contract-elements/${l.elementRegistration}`)).json();
      expect(
        (element.lines as { number: number; status: string }[]).find((s) => s.number === l.lineNumber)?.status,
      ).toBe('PAID');
    }
    // Its move through its workflow is in its History.
    const history = (
      await c.call(
        'GET',
        `/api/core/histories?entityName=Invoice&entityRegistration=${target.registration}&range=[0-49]`,
      )
    ).json() as { transition?: string }[];
    expect(history.map((h) => h.transition)).toContain('PAY');
    // The contract's arrears are its open receivables' balances due by today.
    const contract = String(paid.contractRegistration);
    const open = (
      (await c.call('GET', `/api/billing/invoices?contractRegistration=${contract}&range=[0-249]`)).json() as {
        pr: string;
        status: string;
        dueDate: string;
        totalBalance: number;
      }[]
    ).filter(
      (i) =>
        i.pr === 'R' &&
        ['ISSUED', 'PARTIALLY_PAID'].includes(i.status) &&
        i.dueDate <= new Date().toISOString().slice(0, 10),
    );
    const arrears = (await c.call('GET', `/api/financing/contracts/${contract}`)).json().arrears ?? 0;
    expect(cents(arrears)).toBe(open.reduce((sum, i) => sum + cents(i.totalBalance), 0));
  }, 90_000);
});

describe('the nightly matching', () => {
  it('leaves a transaction without an amount or a currency unmatched with its reason, and ends', async () => {
    const kind = entityByName('BankTransaction')!;
    // What a record written without its amount (or its currency) leaves for the matching.
    await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, async (tx) => {
      await storage.insertRow(tx, kind, 'alpha', 'test', {
        registration: 'BT990001',
        status: 'NEW',
        type: 'CREDIT',
        creditDebit: 'CRDT',
        currency: 'EUR',
        // Naming no invoice: it would be proposed open invoices of its amount, which it has not.
        remittanceInformation: 'SEPA DD collection',
      });
      await storage.insertRow(tx, kind, 'alpha', 'test', {
        registration: 'BT990002',
        status: 'NEW',
        type: 'CREDIT',
        creditDebit: 'CRDT',
        amount: 12.5,
        remittanceInformation: 'no currency',
      });
      await storage.insertRow(tx, kind, 'alpha', 'test', {
        registration: 'BT990003',
        status: 'NEW',
        type: 'CREDIT',
        creditDebit: 'CRDT',
        amount: invoices[1].totalBalance,
        currency: 'EUR',
        remittanceInformation: `Invoice ${invoices[1].invoiceNumber}`,
      });
    });
    const run = await t.call('POST', '/api/core/crons/nightly-bank-matching/run', t.alpha.headers);
    expect(run.statusCode, run.body).toBe(201);
    let batch = run.json() as { registration: string; status: string; log?: unknown; result?: unknown };
    for (let i = 0; i < 120 && !['SUCCESS', 'WARNING', 'ERROR'].includes(batch.status); i++) {
      await new Promise((r) => setTimeout(r, 250));
      batch = (await t.call('GET', `/api/script/batches/${batch.registration}`, t.alpha.headers)).json();
    }
    expect(batch.status, JSON.stringify(batch)).toBe('WARNING');
    // The run's log and result say what was left and why.
    expect(JSON.stringify(batch.log)).toMatch(/1 left unmatched: no amount/);
    expect(JSON.stringify(batch.log)).toMatch(/1 left unmatched: no currency/);
    expect(batch.result).toEqual({
      unmatched: { 'no amount (none given): nothing to match': 1, 'no currency: nothing to match': 1 },
    });

    const read = async (registration: string) =>
      (await c.call('GET', `/api/bank/bank-transactions?registration=${registration}`)).json()[0] as {
        status: string;
        unmatchedReason?: string;
        matchMethod?: string;
      };
    expect(await read('BT990001')).toMatchObject({
      status: 'NEW',
      unmatchedReason: expect.stringMatching(/^no amount/),
    });
    expect(await read('BT990002')).toMatchObject({
      status: 'NEW',
      unmatchedReason: expect.stringMatching(/^no currency/),
    });
    // Its screen asks for candidates: none, and no refusal of a query built from a missing amount.
    const candidates = await c.call('GET', '/api/bank/bank-transactions/BT990001/candidates');
    expect(candidates.statusCode, candidates.body).toBe(200);
    expect(candidates.json().candidates).toEqual([]);
    // The one beside them that can be matched is matched in the same run.
    expect(await read('BT990003')).toMatchObject({ status: 'MATCHED', matchMethod: 'REFERENCE' });
    expect((await invoice(invoices[1].registration)).status).toBe('PAID');
  }, 90_000);
});
