import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenant, scopeOf } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { cents, lifecycleClient } from '../../testing/lifecycle-client.ts';
import { refreshDueArrears } from './arrears.ts';

/**
 * Payments through the API on invoices billed from a contract activated through its lifecycle:
 * cashflows allocated by hand (partial, full), oldest-first, over the open invoices; reversed;
 * refused with the catalogue's errors; at once; across tenants. After every step the contract's
 * arrears are the sum of its open receivable invoices due by today, to the cent.
 */
let t: TestApp;
const c = lifecycleClient(() => t);
let contract = '';
let payer = '';
let open: Invoice[] = [];

type Invoice = {
  registration: string;
  status: string;
  pr: string;
  dueDate: string;
  amountInclTax: number;
  totalBalance: number;
  contractRegistration: string;
  paymentDate?: string;
  invoiceNumber?: string;
  type?: string;
  name?: string;
  lineCount?: number;
};
type Cashflow = {
  registration: string;
  status: string;
  amount: number;
  allocatedAmount: number;
  unallocatedAmount: number;
  _version: number;
};
type Allocation = {
  registration: string;
  status: string;
  invoiceRegistration: string;
  cashflowRegistration: string;
  amount: number;
  currency: string;
  contractRegistration: string;
  date: string;
  validationDate?: string;
  reversalDate?: string;
};
type ScheduleLine = { number: number; status: string; invoiceRegistration?: string };

const today = () => new Date().toISOString().slice(0, 10);
const invoice = async (registration: string) =>
  (await c.call('GET', `/api/billing/invoices/${registration}`)).json() as Invoice;
const cashflow = async (registration: string) =>
  (await c.call('GET', `/api/billing/cashflows/${registration}`)).json() as Cashflow;
const allocate = (registration: string, body: unknown, headers = t.alpha.headers) =>
  c.call('POST', `/api/billing/cashflows/${registration}/allocate`, body, headers);
const reverse = (registration: string, headers = t.alpha.headers) =>
  c.call('POST', `/api/billing/cashflow-allocations/${registration}/reverse`, undefined, headers);

async function newCashflow(
  amount: number,
  over: Record<string, unknown> = {},
  headers = t.alpha.headers,
  validate = true,
): Promise<Cashflow> {
  const res = await c.call(
    'POST',
    '/api/billing/cashflows',
    {
      name: 'Transfer from Durand',
      type: 'RECEIPT',
      pr: 'R',
      paymentMode: 'TRANSFER',
      amount,
      currency: 'EUR',
      valueDate: '2026-01-10',
      bankReference: 'REF-1',
      persons: [{ role: 'PAYER', personRegistration: payer }],
      ...over,
    },
    headers,
  );
  expect(res.statusCode, res.body).toBe(201);
  if (validate)
    expect(
      (
        await c.call(
          'GET',
          `/api/billing/cashflows/${res.json().registration}/transitions/VALIDATE`,
          undefined,
          headers,
        )
      ).statusCode,
    ).toBe(200);
  return (await c.call('GET', `/api/billing/cashflows/${res.json().registration}`, undefined, headers)).json();
}

/** The schedule lines an invoice billed, by element and number. */
async function billedLines(registration: string): Promise<ScheduleLine[]> {
  const lines = (await c.call('GET', `/api/billing/invoice-lines?invoiceRegistration=${registration}`)).json() as {
    elementRegistration: string;
    lineNumber: number;
  }[];
  const out: ScheduleLine[] = [];
  for (const l of lines) {
    const element = (await c.call('GET', `/api/financing/contract-elements/${l.elementRegistration}`)).json();
    out.push((element.lines as ScheduleLine[]).find((s) => s.number === l.lineNumber)!);
  }
  expect(out.length).toBeGreaterThan(0);
  return out;
}

/** The contract's arrears are its open receivable invoices' balances due by today. */
async function expectArrears() {
  const invoices = (
    await c.call('GET', `/api/billing/invoices?contractRegistration=${contract}&range=[0-249]`)
  ).json() as Invoice[];
  const due = invoices.filter(
    (i) => i.pr === 'R' && ['ISSUED', 'PARTIALLY_PAID'].includes(i.status) && i.dueDate <= today(),
  );
  const stored = (await c.call('GET', `/api/financing/contracts/${contract}`)).json().arrears ?? 0;
  expect(cents(stored)).toBe(due.reduce((s, i) => s + cents(i.totalBalance), 0));
  return stored as number;
}

beforeAll(async () => {
  t = await createTestApp();
  const catalog = await c.catalogue();
  contract = (await c.activeContract(catalog)).contract.registration;
  const res = await c.call('GET', '/api/script/runs/run-billing?date=2026-12-31');
  expect(res.statusCode, res.body).toBe(200);
  const receivables = (res.json() as Invoice[])
    .filter((i) => i.pr === 'R')
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  // The last few stay drafts: a draft is not paid.
  for (const i of receivables.slice(0, 8))
    expect((await c.call('GET', `/api/billing/invoices/${i.registration}/transitions/ISSUE`)).statusCode).toBe(200);
  open = await Promise.all(receivables.slice(0, 8).map((i) => invoice(i.registration)));
  payer = (
    (await c.call('GET', `/api/billing/invoices/${open[0].registration}`)).json().persons as {
      role: string;
      personRegistration: string;
    }[]
  ).find((p) => p.role === 'PAYER')!.personRegistration;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('a cashflow', () => {
  it('starts unallocated; a draft is not allocated', async () => {
    const draft = await newCashflow(100, {}, t.alpha.headers, false);
    expect(draft).toMatchObject({ status: 'DRAFT', amount: 100, allocatedAmount: 0, unallocatedAmount: 100 });
    const res = await allocate(draft.registration, { allocations: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TRANSITION_REJECTED');
    expect(res.json().message).toContain('DRAFT');
    await expectArrears();
  });

  it('pays an invoice partially, then fully: PARTIALLY_PAID, then PAID with its schedule lines', async () => {
    const target = open[0];
    const cf = await newCashflow(1000);
    const partial = await allocate(cf.registration, {
      allocations: [{ invoiceRegistration: target.registration, amount: 100.1 }],
    });
    expect(partial.statusCode, partial.body).toBe(200);
    const [a] = partial.json().allocations as Allocation[];
    expect(a).toMatchObject({
      status: 'VALIDATED',
      invoiceRegistration: target.registration,
      cashflowRegistration: cf.registration,
      amount: 100.1,
      currency: 'EUR',
      contractRegistration: contract,
      date: today(),
      validationDate: today(),
    });
    expect(partial.json().cashflow).toMatchObject({
      status: 'PARTIALLY_ALLOCATED',
      allocatedAmount: 100.1,
      unallocatedAmount: 899.9,
    });
    const afterPartial = await invoice(target.registration);
    expect(afterPartial.status).toBe('PARTIALLY_PAID');
    expect(cents(afterPartial.totalBalance)).toBe(cents(target.amountInclTax) - 10010);
    expect(new Set((await billedLines(target.registration)).map((l) => l.status))).toEqual(new Set(['INVOICED']));
    await expectArrears();

    const rest = afterPartial.totalBalance;
    const full = await allocate(cf.registration, {
      allocations: [{ invoiceRegistration: target.registration, amount: rest }],
    });
    expect(full.statusCode, full.body).toBe(200);
    const paid = await invoice(target.registration);
    expect(paid).toMatchObject({ status: 'PAID', totalBalance: 0, paymentDate: today() });
    expect(new Set((await billedLines(target.registration)).map((l) => l.status))).toEqual(new Set(['PAID']));
    const after = await cashflow(cf.registration);
    expect(cents(after.allocatedAmount)).toBe(cents(target.amountInclTax));
    expect(cents(after.unallocatedAmount)).toBe(100000 - cents(target.amountInclTax));
    // The invoice's moves went through its workflow, with History.
    const history = (
      await c.call(
        'GET',
        `/api/core/histories?entityName=Invoice&entityRegistration=${target.registration}&range=[0-49]`,
      )
    ).json() as { action: string; transition?: string }[];
    expect(history.map((h) => h.transition).filter(Boolean)).toEqual(
      expect.arrayContaining(['ISSUE', 'PAY_PARTIALLY', 'PAY']),
    );
    await expectArrears();
  });

  it('oldest-first pays the earliest due invoices first, by due date before registration', async () => {
    // An invoice entered by hand later, but due before all the billed ones.
    const early = await c.call('POST', '/api/billing/invoices', {
      name: 'Late fee',
      type: 'INVOICE',
      pr: 'R',
      contractRegistration: contract,
      currency: 'EUR',
      dueDate: '2024-12-01',
      amountExclTax: 40,
      amountInclTax: 48,
      totalBalance: 48,
      persons: [
        { role: 'PAYER', personRegistration: payer },
        { role: 'PAYEE', personRegistration: 'ORG000001' },
      ],
    });
    expect(early.statusCode, early.body).toBe(201);
    expect(
      (await c.call('GET', `/api/billing/invoices/${early.json().registration}/transitions/ISSUE`)).statusCode,
    ).toBe(200);
    const [second, third, fourth] = [open[1], open[2], open[3]];
    const amount = (4800 + cents(second.amountInclTax) + 5000) / 100;
    const cf = await newCashflow(amount);
    const res = await allocate(cf.registration, { allocations: [] });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().allocations as Allocation[];
    expect(made.map((a) => a.invoiceRegistration)).toEqual([
      early.json().registration,
      second.registration,
      third.registration,
    ]);
    expect(made.map((a) => cents(a.amount))).toEqual([4800, cents(second.amountInclTax), 5000]);
    expect(res.json().cashflow).toMatchObject({ status: 'ALLOCATED', unallocatedAmount: 0 });
    expect((await invoice(early.json().registration)).status).toBe('PAID');
    expect((await invoice(second.registration)).status).toBe('PAID');
    expect(await invoice(third.registration)).toMatchObject({
      status: 'PARTIALLY_PAID',
      totalBalance: (cents(third.amountInclTax) - 5000) / 100,
    });
    expect(await invoice(fourth.registration)).toMatchObject({ status: 'ISSUED', totalBalance: fourth.amountInclTax });
    // Nothing left: a second call allocates nothing.
    expect((await allocate(cf.registration, { allocations: [] })).statusCode).toBe(409);
    await expectArrears();
  });
});

describe('refusals', () => {
  it('answer the catalogue naming the field, and change nothing', async () => {
    const target = open[3];
    const cf = await newCashflow(50);
    const before = await cashflow(cf.registration);
    const cases: [unknown, number, string, string][] = [
      [
        { allocations: [{ invoiceRegistration: target.registration, amount: 60 }] },
        400,
        'INVALID_FIELD_VALUE',
        'allocations[0].amount',
      ],
      [
        { allocations: [{ invoiceRegistration: target.registration, amount: target.amountInclTax + 1 }] },
        400,
        'INVALID_FIELD_VALUE',
        'allocations[0].amount',
      ],
      [
        { allocations: [{ invoiceRegistration: target.registration, amount: -5 }] },
        400,
        'INVALID_POSITIVE_NUMBER_FIELD',
        'allocations[0].amount',
      ],
      [
        { allocations: [{ invoiceRegistration: target.registration, amount: 0 }] },
        400,
        'INVALID_POSITIVE_NUMBER_FIELD',
        'allocations[0].amount',
      ],
      [
        { allocations: [{ invoiceRegistration: target.registration, amount: 1.234 }] },
        400,
        'INVALID_FIELD_VALUE',
        'allocations[0].amount',
      ],
      [
        { allocations: [{ invoiceRegistration: target.registration, amount: '10' }] },
        400,
        'INVALID_NUMBER_FIELD',
        'allocations[0].amount',
      ],
      [{ allocations: [{ amount: 10 }] }, 400, 'MISSING_FIELD_IN_BODY', 'allocations[0].invoiceRegistration'],
      [
        {
          allocations: [
            { invoiceRegistration: target.registration, amount: 10 },
            { invoiceRegistration: target.registration, amount: 10 },
          ],
        },
        400,
        'INVALID_FIELD_VALUE',
        'allocations[1].invoiceRegistration',
      ],
      [
        { allocations: [{ invoiceRegistration: 'INV999999', amount: 10 }] },
        404,
        'ENTITY_REGISTRATION_NOT_FOUND',
        'INV999999',
      ],
      [
        { allocations: [{ invoiceRegistration: open[0].registration, amount: 10 }] },
        400,
        'INVALID_FIELD_VALUE',
        'allocations[0].invoiceRegistration',
      ],
      [{ date: '2026-02-30' }, 400, 'INVALID_DATE_FIELD', 'date'],
      [{}, 400, 'MISSING_BODY_PAYLOAD', ''],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await allocate(cf.registration, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(status);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
      expect(res.json().message).toContain(field);
    }
    expect((await allocate('CF999999', { allocations: [] })).statusCode).toBe(404);
    // A cashflow in another currency does not pay a euro invoice.
    const dollars = await newCashflow(50, { currency: 'USD' });
    const usd = await allocate(dollars.registration, {
      allocations: [{ invoiceRegistration: target.registration, amount: 10 }],
    });
    expect(usd.statusCode).toBe(400);
    expect(usd.json().message).toContain('USD');
    // A draft invoice is not paid.
    const drafts = (
      await c.call('GET', `/api/billing/invoices?contractRegistration=${contract}&status=DRAFT&pr=R&range=[0-0]`)
    ).json() as Invoice[];
    const draft = await allocate(cf.registration, {
      allocations: [{ invoiceRegistration: drafts[0].registration, amount: 10 }],
    });
    expect(draft.statusCode).toBe(400);
    expect(draft.json().message).toContain('DRAFT');
    expect(await cashflow(cf.registration)).toEqual(before);
    expect(await invoice(target.registration)).toMatchObject({ status: 'ISSUED', totalBalance: target.amountInclTax });
  });

  it('keep what allocations write: a validated allocation is frozen, an allocated cashflow keeps its amount and is not deleted', async () => {
    const cf = await newCashflow(10);
    const res = await allocate(cf.registration, {
      allocations: [{ invoiceRegistration: open[4].registration, amount: 10 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [a] = res.json().allocations as Allocation[];
    expect(
      (await c.call('PATCH', `/api/billing/cashflow-allocations/${a.registration}`, { amount: 1 })).json().code,
    ).toBe('RECORD_FROZEN');
    expect((await c.call('DELETE', `/api/billing/cashflow-allocations/${a.registration}`)).json().code).toBe(
      'RECORD_FROZEN',
    );
    const stored = await cashflow(cf.registration);
    const patch = await c.call('PATCH', `/api/billing/cashflows/${cf.registration}`, {
      amount: 5,
      _version: stored._version,
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().message).toContain('amount');
    const typed = await c.call('PATCH', `/api/billing/cashflows/${cf.registration}`, {
      bankReference: 'REF-2',
      allocatedAmount: 0,
      _version: stored._version,
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({ bankReference: 'REF-2', allocatedAmount: 10, unallocatedAmount: 0 });
    expect((await c.call('DELETE', `/api/billing/cashflows/${cf.registration}`)).json().code).toBe('RECORD_FROZEN');
    expect((await reverse(a.registration)).statusCode).toBe(200);
  });

  it("another tenant's invoice, cashflow or allocation is not found", async () => {
    const beta = await c.call(
      'POST',
      '/api/billing/cashflows',
      {
        name: 'Beta',
        type: 'RECEIPT',
        pr: 'R',
        amount: 100,
        currency: 'EUR',
        valueDate: '2026-01-10',
        persons: [{ role: 'PAYER', personRegistration: payer }],
      },
      t.beta.headers,
    );
    expect(beta.statusCode, beta.body).toBe(201);
    expect(
      (
        await c.call(
          'GET',
          `/api/billing/cashflows/${beta.json().registration}/transitions/VALIDATE`,
          undefined,
          t.beta.headers,
        )
      ).statusCode,
    ).toBe(200);
    const res = await allocate(
      beta.json().registration,
      { allocations: [{ invoiceRegistration: open[4].registration, amount: 10 }] },
      t.beta.headers,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ENTITY_REGISTRATION_NOT_FOUND');
    // Oldest-first finds none of alpha's invoices for the same payer.
    const oldest = await allocate(beta.json().registration, { allocations: [] }, t.beta.headers);
    expect(oldest.statusCode, oldest.body).toBe(200);
    expect(oldest.json().allocations).toEqual([]);
    const cf = await newCashflow(10);
    const mine = (
      await allocate(cf.registration, { allocations: [{ invoiceRegistration: open[4].registration, amount: 10 }] })
    ).json().allocations[0] as Allocation;
    expect((await reverse(mine.registration, t.beta.headers)).statusCode).toBe(404);
    expect((await allocate(cf.registration, { allocations: [] }, t.beta.headers)).statusCode).toBe(404);
    expect((await reverse(mine.registration)).statusCode).toBe(200);
    expect(await invoice(open[4].registration)).toMatchObject({
      status: 'ISSUED',
      totalBalance: open[4].amountInclTax,
    });
  });
});

describe('at once', () => {
  it('two cashflows paying one invoice never pay it twice; one cashflow paying two invoices never goes over', async () => {
    const target = open[5];
    const [a, b] = [await newCashflow(target.amountInclTax), await newCashflow(target.amountInclTax)];
    const body = { allocations: [{ invoiceRegistration: target.registration, amount: target.amountInclTax }] };
    const results = await Promise.all([allocate(a.registration, body), allocate(b.registration, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().message).toContain('allocations[0]');
    expect(await invoice(target.registration)).toMatchObject({ status: 'PAID', totalBalance: 0 });

    const one = await newCashflow(open[6].amountInclTax);
    const twice = await Promise.all(
      [open[6], open[7]].map((i) =>
        allocate(one.registration, {
          allocations: [{ invoiceRegistration: i.registration, amount: open[6].amountInclTax }],
        }),
      ),
    );
    // The second waits for the cashflow, then finds nothing left on it.
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await cashflow(one.registration)).toMatchObject({ status: 'ALLOCATED', unallocatedAmount: 0 });

    // Two oldest-first allocations of two cashflows of the same payer at once: every invoice paid at most once.
    const [x, y] = [await newCashflow(150), await newCashflow(150)];
    const both = await Promise.all([
      allocate(x.registration, { allocations: [] }),
      allocate(y.registration, { allocations: [] }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const paidTo = new Map<string, number>();
    for (const r of both)
      for (const al of r.json().allocations as Allocation[])
        paidTo.set(al.invoiceRegistration, (paidTo.get(al.invoiceRegistration) ?? 0) + cents(al.amount));
    for (const [registration, paid] of paidTo) {
      const i = await invoice(registration);
      expect(cents(i.totalBalance)).toBeGreaterThanOrEqual(0);
      expect(paid).toBeLessThanOrEqual(cents(i.amountInclTax));
    }
    await expectArrears();
  });
});

describe('overpayment and reversal', () => {
  it('an overpayment pays every open invoice and leaves the rest unallocated; reversing every allocation puts everything back', async () => {
    const invoices = (
      await c.call('GET', `/api/billing/invoices?contractRegistration=${contract}&pr=R&range=[0-249]`)
    ).json() as Invoice[];
    const before = new Map(
      await Promise.all(
        invoices.map(
          async (i) =>
            [
              i.registration,
              {
                status: i.status,
                totalBalance: i.totalBalance,
                lines:
                  i.type === 'INVOICE' && i.status !== 'DRAFT' && i.name !== 'Late fee'
                    ? await billedLines(i.registration).catch(() => [])
                    : [],
              },
            ] as const,
        ),
      ),
    );
    const arrearsBefore = await expectArrears();
    const openTotal = invoices
      .filter((i) => ['ISSUED', 'PARTIALLY_PAID'].includes(i.status))
      .reduce((s, i) => s + cents(i.totalBalance), 0);
    expect(openTotal).toBeGreaterThan(0);
    const cf = await newCashflow((openTotal + 12345) / 100);
    const res = await allocate(cf.registration, { allocations: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cashflow).toMatchObject({ status: 'PARTIALLY_ALLOCATED', unallocatedAmount: 123.45 });
    for (const i of invoices.filter((i) => ['ISSUED', 'PARTIALLY_PAID'].includes(i.status)))
      expect(await invoice(i.registration)).toMatchObject({ status: 'PAID', totalBalance: 0 });
    expect(await expectArrears()).toBe(0);

    for (const a of res.json().allocations as Allocation[]) {
      const r = await reverse(a.registration);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ status: 'REVERSED', reversalDate: today() });
    }
    for (const i of invoices) {
      const now = await invoice(i.registration);
      const was = before.get(i.registration)!;
      expect({ status: now.status, totalBalance: now.totalBalance }, i.registration).toEqual({
        status: was.status,
        totalBalance: was.totalBalance,
      });
      if (was.status !== 'PAID') expect(now.paymentDate).toBeUndefined();
      if (was.lines.length) expect(await billedLines(i.registration)).toEqual(was.lines);
    }
    expect(await cashflow(cf.registration)).toMatchObject({
      status: 'PENDING',
      allocatedAmount: 0,
      unallocatedAmount: cf.amount,
    });
    expect(await expectArrears()).toBe(arrearsBefore);
    // Reversed once only.
    const again = await reverse((res.json().allocations as Allocation[])[0].registration);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TRANSITION_REJECTED');
  });

  it('reversing one payment of a paid invoice makes it partially paid again', async () => {
    const [target] = (
      await c.call(
        'GET',
        `/api/billing/invoices?contractRegistration=${contract}&pr=R&status=ISSUED&type=INVOICE&range=[0-0]`,
      )
    ).json() as Invoice[];
    expect(target.lineCount).toBeGreaterThan(0);
    const cf = await newCashflow(target.amountInclTax);
    const made: Allocation[] = [];
    for (const amount of [10, target.amountInclTax - 10]) {
      const res = await allocate(cf.registration, {
        allocations: [{ invoiceRegistration: target.registration, amount: Math.round(amount * 100) / 100 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json().allocations[0]);
    }
    expect((await invoice(target.registration)).status).toBe('PAID');
    expect((await cashflow(cf.registration)).status).toBe('ALLOCATED');
    expect((await reverse(made[0].registration)).statusCode).toBe(200);
    expect(await invoice(target.registration)).toMatchObject({ status: 'PARTIALLY_PAID', totalBalance: 10 });
    expect(new Set((await billedLines(target.registration)).map((l) => l.status))).toEqual(new Set(['INVOICED']));
    expect(await cashflow(cf.registration)).toMatchObject({ status: 'PARTIALLY_ALLOCATED', unallocatedAmount: 10 });
    await expectArrears();
  });
});

describe('arrears', () => {
  it('follow the days: invoices falling due count from their due date (the daily refresh)', async () => {
    const arrears = await expectArrears();
    const caller = { tenant: 'alpha', username: t.alpha.username };
    const later = '2099-12-31';
    const invoices = (
      await c.call('GET', `/api/billing/invoices?contractRegistration=${contract}&pr=R&range=[0-249]`)
    ).json() as Invoice[];
    const allOpen = invoices
      .filter((i) => ['ISSUED', 'PARTIALLY_PAID'].includes(i.status))
      .reduce((s, i) => s + cents(i.totalBalance), 0);
    expect(await inTenant(t.db.database.db, scopeOf(caller), (tx) => refreshDueArrears(tx, caller, later))).toBe(
      allOpen === cents(arrears) ? 0 : 1,
    );
    expect(cents((await c.call('GET', `/api/financing/contracts/${contract}`)).json().arrears)).toBe(allOpen);
    expect(await inTenant(t.db.database.db, scopeOf(caller), (tx) => refreshDueArrears(tx, caller, later))).toBe(0);
    await inTenant(t.db.database.db, scopeOf(caller), (tx) => refreshDueArrears(tx, caller, today()));
    expect(await expectArrears()).toBe(arrears);
  });
});
