import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { cents, lifecycleClient, quotationA, quotationB } from '../testing/lifecycle-client.ts';
import { returnDebit } from '../banking/returns/return-debit.ts';
import { fireDueCrons } from '../jobs/crons.ts';
import { accountingModule } from './accounting.module.ts';

/**
 * A month end on a book: a finance lease and an operating lease activated, their rents and asset
 * purchases billed, payments, one direct debit returned with its rejection fee, late interest
 * charged by dunning, a receivable written off, a depreciation schedule, the month-end job run by
 * the tenant's default cron (twice), a termination. Every business event is posted once and
 * balanced, the trial balance sums to zero and the client's sub-ledger equals its unpaid invoices.
 */
let t: TestApp;
const c = lifecycleClient(() => t);
type Doc = Record<string, unknown> & { registration: string };
type Invoice = Doc & {
  pr: string;
  status: string;
  dueDate: string;
  amountInclTax: number;
  amountExclTax: number;
  totalBalance: number;
  contractRegistration: string;
  persons: { role: string; personRegistration: string }[];
};
type Posting = Doc & { dc: 'D' | 'C'; amount: number; account: string; postingEventRegistration: string };
type Event = Doc & {
  eventType: string;
  sourceRegistration: string;
  reversedEventRegistration?: string;
  amounts: Record<string, number>;
  status: string;
};

const list = async <T = Doc>(url: string) => {
  const res = await c.call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T[];
};
/** Every row of a list, page by page (a page holds at most 250). */
async function listAll<T = Doc>(url: string): Promise<T[]> {
  const out: T[] = [];
  for (let from = 0; ; from += 250) {
    const page = await list<T>(`${url}${url.includes('?') ? '&' : '?'}range=[${from}-${from + 249}]`);
    out.push(...page);
    if (page.length < 250) return out;
  }
}
const eventsOf = (source: string) =>
  list<Event>(`/api/accounting/posting-events?sourceRegistration=${source}&range=[0-99]`);
const postingsOf = (event: string) =>
  list<Posting>(`/api/accounting/postings?postingEventRegistration=${event}&range=[0-99]`);
const lines = (postings: Posting[]) => postings.map((p) => [p.account, p.dc, cents(p.amount)]).sort();
const invoice = async (registration: string) =>
  (await c.call('GET', `/api/billing/invoices/${registration}`)).json() as Invoice;
const issue = async (registration: string) =>
  expect((await c.call('GET', `/api/billing/invoices/${registration}/transitions/ISSUE`)).statusCode).toBe(200);
const days = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

async function waitBatch(registration: string): Promise<string> {
  let status = '';
  for (let i = 0; i < 300 && !['SUCCESS', 'ERROR', 'WARNING'].includes(status); i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = (await c.call('GET', `/api/script/batches/${registration}`)).json().status;
  }
  return status;
}

async function pay(inv: Invoice, date: string): Promise<string> {
  const payer = inv.persons.find((p) => p.role === 'PAYER')!.personRegistration;
  const cf = await c.call('POST', '/api/billing/cashflows', {
    name: `Debit ${inv.registration}`,
    type: 'RECEIPT',
    pr: 'R',
    paymentMode: 'SEPA_DIRECT_DEBIT',
    amount: inv.amountInclTax,
    currency: 'EUR',
    valueDate: date,
    bankReference: `E2E-${inv.registration}`,
    persons: [{ role: 'PAYER', personRegistration: payer }],
  });
  expect(cf.statusCode, cf.body).toBe(201);
  expect(
    (await c.call('GET', `/api/billing/cashflows/${cf.json().registration}/transitions/VALIDATE`)).statusCode,
  ).toBe(200);
  const allocated = await c.call('POST', `/api/billing/cashflows/${cf.json().registration}/allocate`, {
    allocations: [{ invoiceRegistration: inv.registration, amount: inv.amountInclTax }],
    date,
  });
  expect(allocated.statusCode, allocated.body).toBe(200);
  return (await list(`/api/billing/cashflow-allocations?invoiceRegistration=${inv.registration}`))[0].registration;
}

let finance: Doc,
  operating: Doc,
  payer = '';
let receivables: Invoice[] = [];
let payables: Invoice[] = [];
let returnedAllocation = '',
  feeInvoice = '',
  schedule = '';
const interestInvoices: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const catalog = await c.catalogue();
  finance = (await c.activeContract(catalog)).contract;
  operating = (
    await c.activeContract(catalog, 1, {
      quotations: [
        { ...quotationA, productRegistration: catalog.product },
        { ...quotationB, financialProduct: 'OPERATING_LEASE' },
      ],
    })
  ).contract;
  const billed = await c.call('GET', '/api/script/runs/run-billing?date=2025-03-31');
  expect(billed.statusCode, billed.body).toBe(200);
  const all = (billed.json() as Invoice[]).sort(
    (a, b) => a.dueDate.localeCompare(b.dueDate) || a.registration.localeCompare(b.registration),
  );
  for (const i of all) await issue(i.registration);
  receivables = await Promise.all(all.filter((i) => i.pr === 'R').map((i) => invoice(i.registration)));
  payables = await Promise.all(all.filter((i) => i.pr === 'P').map((i) => invoice(i.registration)));
  payer = receivables[0].persons.find((p) => p.role === 'PAYER')!.personRegistration;
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const ofContract = (contract: Doc) => receivables.filter((i) => i.contractRegistration === contract.registration);

describe('a month end on a book', () => {
  it('bills both leases: a finance lease’s rents reduce its net investment, an operating lease’s are deferred', async () => {
    expect(ofContract(finance).length).toBeGreaterThanOrEqual(3);
    expect(ofContract(operating).length).toBeGreaterThanOrEqual(3);
    const [financeRent] = await eventsOf(ofContract(finance)[0].registration);
    expect(financeRent.eventType).toBe('INVOICE_ISSUED');
    expect((await postingsOf(financeRent.registration)).map((p) => p.account)).toContain('274000');
    const [operatingRent] = await eventsOf(ofContract(operating)[0].registration);
    const postings = await postingsOf(operatingRent.registration);
    const inv = ofContract(operating)[0];
    expect(lines(postings)).toEqual(
      [
        ['411000', 'D', cents(inv.amountInclTax)],
        ['445710', 'C', cents(inv.amountInclTax) - cents(inv.amountExclTax)],
        ['487000', 'C', cents(inv.amountExclTax)],
      ].sort(),
    );
  });

  it('posts the supplier’s asset purchase as ASSET_PURCHASE, not also as a payable invoice', async () => {
    expect(payables).toHaveLength(2);
    for (const purchase of payables) {
      const events = await eventsOf(purchase.registration);
      expect(events.map((e) => e.eventType)).toEqual(['ASSET_PURCHASE']);
      const tax = cents(purchase.amountInclTax) - cents(purchase.amountExclTax);
      expect(lines(await postingsOf(events[0].registration))).toEqual(
        [
          ['238000', 'D', cents(purchase.amountExclTax)],
          ['401000', 'C', cents(purchase.amountInclTax)],
          ...(tax ? [['445620', 'D', tax]] : []),
        ].sort(),
      );
    }
  });

  it('a returned direct debit posts PAYMENT_RETURNED once, and its fee REJECTION_FEE only', async () => {
    const [first, second] = ofContract(finance);
    await pay(first, '2025-01-15');
    returnedAllocation = await pay(second, '2025-02-15');
    const result = await inTenant(t.db.database.db, { tenant: 'alpha', user: t.alpha.username }, (tx) =>
      returnDebit(
        tx,
        { tenant: 'alpha', username: t.alpha.username, isAdmin: true },
        {
          invoiceRegistration: second.registration,
          amount: second.amountInclTax,
          currency: 'EUR',
          reasonCode: 'AM04',
          date: '2025-02-20',
        },
      ),
    );
    feeInvoice = String(result.feeInvoice!.registration);
    const events = await eventsOf(returnedAllocation);
    expect(events.map((e) => e.eventType).sort()).toEqual(['PAYMENT_RECEIVED', 'PAYMENT_RETURNED']);
    const returned = events.find((e) => e.eventType === 'PAYMENT_RETURNED')!;
    expect(returned).toMatchObject({
      date: '2025-02-20',
      invoiceRegistration: second.registration,
      personRegistration: payer,
    });
    expect(returned.reversedEventRegistration).toBeUndefined();
    expect(lines(await postingsOf(returned.registration))).toEqual(
      [
        ['411000', 'D', cents(second.amountInclTax)],
        ['512000', 'C', cents(second.amountInclTax)],
      ].sort(),
    );
    // The default fee, 15.00 excluding tax at 20 %.
    const fee = await eventsOf(feeInvoice);
    expect(fee.map((e) => e.eventType)).toEqual(['REJECTION_FEE']);
    expect(lines(await postingsOf(fee[0].registration))).toEqual([
      ['411000', 'D', 1800],
      ['445710', 'C', 300],
      ['708800', 'C', 1500],
    ]);
  });

  it('dunning charges late interest as an invoice posted LATE_INTEREST once, however often it runs', async () => {
    const level = {
      code: 'FORMAL_NOTICE',
      days: 30,
      fee: 0,
      chargeInterest: true,
      channel: 'LETTER',
      texts: { en: { subject: 'Formal notice {invoiceNumber}', body: 'Pay {amount} and {interest}.' } },
    };
    const refused = await c.call('PUT', '/api/core/tenant-configuration/dunning', {
      levels: [{ ...level, chargeInterest: 'yes' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('levels[0].chargeInterest');
    const saved = await c.call('PUT', '/api/core/tenant-configuration/dunning', {
      levels: [level],
      interestRate: 0.12,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (let run = 0; run < 2; run++) {
      const res = await c.call('POST', '/api/billing/dunning/run', { date: '2025-03-31' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await waitBatch(res.json().batchRegistration)).toBe('SUCCESS');
    }
    const second = await invoice(ofContract(finance)[1].registration);
    const charged = (
      await list<Invoice>(`/api/billing/invoices?internalReference=${second.registration}&range=[0-20]`)
    ).filter((i) => i.registration !== feeInvoice);
    expect(charged).toHaveLength(1);
    // By hand: balance × 12 % × 44 days (15 February to 31 March) / 365, to the cent.
    const interest = new Decimal(second.totalBalance)
      .times(0.12)
      .times(days(second.dueDate, '2025-03-31'))
      .dividedBy(365)
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
      .toNumber();
    expect(days(second.dueDate, '2025-03-31')).toBe(44);
    expect(charged[0]).toMatchObject({ amountExclTax: interest, amountInclTax: interest, status: 'ISSUED' });
    const events = await eventsOf(charged[0].registration);
    expect(events.map((e) => e.eventType)).toEqual(['LATE_INTEREST']);
    expect(lines(await postingsOf(events[0].registration))).toEqual([
      ['411000', 'D', cents(interest)],
      ['763000', 'C', cents(interest)],
    ]);
    interestInvoices.push(charged[0].registration);
  });

  it('a receivable written off leaves the client’s account as a loss, its VAT recovered', async () => {
    const before = await invoice(feeInvoice);
    const res = await c.call('GET', `/api/billing/invoices/${feeInvoice}/transitions/WRITE_OFF`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'WRITTEN_OFF', writeOffAmount: before.totalBalance });
    const events = (await eventsOf(feeInvoice)).filter((e) => e.eventType === 'WRITE_OFF');
    expect(events).toHaveLength(1);
    // 18.00 lost: 15.00 to the loss, its 3.00 of VAT back.
    expect(lines(await postingsOf(events[0].registration))).toEqual([
      ['411000', 'C', 1800],
      ['445710', 'D', 300],
      ['654000', 'D', 1500],
    ]);
    const again = await c.call('GET', `/api/billing/invoices/${feeInvoice}/transitions/WRITE_OFF`);
    expect(again.statusCode).toBe(409);
    const payable = await c.call('GET', `/api/billing/invoices/${payables[0].registration}/transitions/WRITE_OFF`);
    expect(payable.statusCode, payable.body).toBe(409);
    expect(payable.json().message).toContain('only a receivable invoice is written off');
    expect((await eventsOf(payables[0].registration)).map((e) => e.eventType)).toEqual(['ASSET_PURCHASE']);
  });

  it('the default cron runs the month end for the month just ended: interest, rental income and depreciation, once', async () => {
    const created = await c.call('POST', '/api/asset/depreciation-schedules', {
      assetRegistration: (operating.assets as { assetRegistration: string }[])[0].assetRegistration,
      method: 'LINEAR',
      startDate: '2025-01-01',
      duration: 5,
      acquisitionValue: 36500,
    });
    expect(created.statusCode, created.body).toBe(201);
    schedule = created.json().registration;
    expect((await c.call('GET', `/api/asset/depreciation-schedules/${schedule}/transitions/ACTIVATE`)).statusCode).toBe(
      200,
    );

    const cron = accountingModule.crons!.find((e) => e.job === 'INTEREST_ACCRUAL')!;
    expect(cron).toMatchObject({ cron: '0 2 1 * *', enabled: true });
    expect((await c.call('GET', '/api/core/crons')).json().map((e: { name: string }) => e.name)).toContain(cron.name);
    // Only that cron, so that the others (dunning, arrears) do not run on the days looked at.
    expect((await c.call('PUT', '/api/core/tenant-configuration/cron-list', [cron])).statusCode).toBe(200);
    expect(await fireDueCrons(t.db.database, t.app.jobs, 'alpha', new Date('2025-03-20T12:00:00Z'))).toEqual([]);
    const [batch] = await fireDueCrons(t.db.database, t.app.jobs, 'alpha', new Date('2025-04-01T00:30:00Z'));
    expect(batch).toMatch(/^BAT/);
    expect(await waitBatch(batch)).toBe('SUCCESS');
    expect(await fireDueCrons(t.db.database, t.app.jobs, 'alpha', new Date('2025-04-01T05:00:00Z'))).toEqual([]);
    const rerun = await c.call('POST', '/api/accounting/month-end', { month: '2025-03' });
    expect(await waitBatch(rerun.json().batchRegistration)).toBe('SUCCESS');

    const [accrual, ...moreAccruals] = await eventsOf(`${finance.registration}@2025-03`);
    expect(moreAccruals).toEqual([]);
    expect(accrual).toMatchObject({ eventType: 'INTEREST_ACCRUAL', date: '2025-03-31' });

    // The operating lease's rents straight-line over its term, by hand: March's share is what the
    // term's days to 1 April earn less what its days to 1 March earn, each rounded to the cent.
    const [income, ...moreIncome] = await eventsOf(`${operating.registration}@2025-03`);
    expect(moreIncome).toEqual([]);
    const rent = (
      await list<Doc & { type: string; lines: { amountExclTax: number }[] }>(
        `/api/financing/contract-elements?contractRegistration=${operating.registration}`,
      )
    ).find((e) => e.type === 'RENT')!;
    const total = rent.lines.reduce((s, l) => s.plus(l.amountExclTax), new Decimal(0));
    const term = days(String(operating.startDate), String(operating.endDate));
    const earned = (to: string) =>
      total
        .times(days(String(operating.startDate), to))
        .dividedBy(term)
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const march = earned('2025-04-01').minus(earned('2025-03-01')).toNumber();
    expect(march).toBeGreaterThan(0);
    expect(income).toMatchObject({ eventType: 'RENTAL_INCOME', date: '2025-03-31', amount: march });
    expect(lines(await postingsOf(income.registration))).toEqual([
      ['487000', 'D', cents(march)],
      ['706000', 'C', cents(march)],
    ]);

    // 36,500.00 over five years, straight line from 1 January: 7,300.00 in 2025, 31 days of 365 in March.
    const [depreciation, ...moreDepreciation] = await eventsOf(`${schedule}@2025-03`);
    expect(moreDepreciation).toEqual([]);
    expect(lines(await postingsOf(depreciation.registration))).toEqual([
      ['281820', 'C', 62000],
      ['681120', 'D', 62000],
    ]);
  });

  it('a termination takes the finance lease’s net investment out of the books', async () => {
    const res = await c.call('GET', `/api/financing/contracts/${finance.registration}/transitions/TERMINATE`);
    expect(res.statusCode, res.body).toBe(200);
    const events = await list<Event>(`/api/accounting/posting-events?contract=${finance.registration}&range=[0-199]`);
    const termination = events.filter((e) => e.eventType === 'TERMINATION');
    expect(termination).toHaveLength(1);
    // By hand: financed amount + interest accrued − rents billed.
    const financed = events.find((e) => e.eventType === 'CONTRACT_ACTIVATION')!.amounts.financedAmount;
    const interest = events
      .filter((e) => e.eventType === 'INTEREST_ACCRUAL')
      .reduce((s, e) => s + cents(e.amounts.interest), 0);
    const billed = ofContract(finance).reduce((s, i) => s + cents(i.amountExclTax), 0);
    const outstanding = cents(financed) + interest - billed;
    expect(outstanding).toBeGreaterThan(0);
    expect(cents(termination[0].amounts.outstanding)).toBe(outstanding);
    expect(lines(await postingsOf(termination[0].registration))).toEqual([
      ['274000', 'C', outstanding],
      ['675000', 'D', outstanding],
    ]);
    const carried = await listAll<Posting>(`/api/accounting/postings?contract=${finance.registration}&account=274000`);
    expect(carried.reduce((s, p) => s + (p.dc === 'D' ? cents(p.amount) : -cents(p.amount)), 0)).toBe(0);
  });

  it('every event is posted once and balanced; the trial balance sums to zero; the sub-ledger equals the unpaid invoices', async () => {
    const events = await listAll<Event>('/api/accounting/posting-events');
    const postings = await listAll<Posting>('/api/accounting/postings');
    const types = new Set(events.map((e) => e.eventType));
    for (const type of [
      'CONTRACT_ACTIVATION',
      'INVOICE_ISSUED',
      'ASSET_PURCHASE',
      'PAYMENT_RECEIVED',
      'PAYMENT_RETURNED',
      'REJECTION_FEE',
      'LATE_INTEREST',
      'WRITE_OFF',
      'INTEREST_ACCRUAL',
      'RENTAL_INCOME',
      'DEPRECIATION',
      'TERMINATION',
    ])
      expect(types, type).toContain(type);
    const once = new Map<string, number>();
    for (const e of events)
      if (!e.reversedEventRegistration)
        once.set(
          `${e.eventType} ${e.sourceRegistration}`,
          (once.get(`${e.eventType} ${e.sourceRegistration}`) ?? 0) + 1,
        );
    expect([...once].filter(([, n]) => n > 1)).toEqual([]);
    // Each invoice is one event of one type (a write-off aside).
    for (const i of [...receivables, ...payables])
      expect(
        (await eventsOf(i.registration)).filter((e) => e.eventType !== 'WRITE_OFF'),
        i.registration,
      ).toHaveLength(1);
    const balance = new Map<string, number>();
    for (const p of postings)
      balance.set(
        p.postingEventRegistration,
        (balance.get(p.postingEventRegistration) ?? 0) + (p.dc === 'D' ? cents(p.amount) : -cents(p.amount)),
      );
    for (const e of events.filter((x) => x.status === 'PROCESSED'))
      expect(balance.get(e.registration), e.registration).toBe(0);

    const trial = (await c.call('GET', '/api/accounting/trial-balance')).json();
    expect(trial.totals.EUR.balance).toBe(0);
    const statement = (await c.call('GET', `/api/accounting/account-statement?person=${payer}`)).json();
    const unpaid = (await listAll<Invoice>('/api/billing/invoices?pr=R')).filter(
      (i) =>
        ['ISSUED', 'PARTIALLY_PAID'].includes(i.status) &&
        i.persons.some((p) => p.role === 'PAYER' && p.personRegistration === payer),
    );
    expect(unpaid.some((i) => interestInvoices.includes(i.registration))).toBe(true);
    expect(unpaid.some((i) => i.registration === feeInvoice)).toBe(false);
    expect(cents(statement.closingBalance)).toBe(
      unpaid.reduce((s, i) => s + cents(Number(i.totalBalance ?? i.amountInclTax)), 0),
    );
  });
});
