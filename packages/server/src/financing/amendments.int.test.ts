import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { paymentPlan } from '@lbo/model/finance/payment-plan';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { cents, lifecycleClient, sum, type Element } from '../testing/lifecycle-client.ts';

/**
 * Amendments of a running contract through the API: a rate change applied over the lines not yet
 * invoiced, two amendments applied at once, an early termination and its settlement; every sum
 * checked to the cent against the finance engine.
 */
let t: TestApp;
const client = lifecycleClient(() => t);
const { call, run, elementsOf, expectConsistent } = client;
let catalog: { product: string; asset: string };
beforeAll(async () => {
  t = await createTestApp();
  catalog = await client.catalogue();
});
afterAll(async () => {
  await t?.close();
});

const rentOf = (elements: Element[]) => elements.find((e) => e.type === 'RENT')!;

async function amendment(body: Record<string, unknown>) {
  const res = await call('POST', '/api/financing/amendments', { name: `${body.type}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().registration as string;
}
async function submitted(body: Record<string, unknown>) {
  const registration = await amendment(body);
  for (const code of ['SUBMIT', 'APPROVE']) {
    const res = await run('amendments', registration, code);
    expect(res.statusCode, res.body).toBe(200);
  }
  return registration;
}
const markLines = (element: string, numbers: number[], status: string) =>
  call('PATCH', `/api/financing/contract-elements/${element}/lines`, { numbers, status });

describe('a running contract amended', () => {
  it('rate change, two amendments at once, then early termination: every sum to the cent', async () => {
    // Quotation A: 27,000 over 36 months in arrears at 5 %, residual value 2,700, from 2025-01-15.
    const { contract } = await client.activeContract(catalog, 0);
    const registration = contract.registration as string;
    let elements = await elementsOf(registration);
    const rent = rentOf(elements);

    // Lines 1–3 are invoiced, line 1 paid: the capital still due follows the paid line.
    expect((await markLines(rent.registration, [1, 2, 3], 'INVOICED')).statusCode).toBe(200);
    expect((await markLines(rent.registration, [1], 'PAID')).statusCode).toBe(200);
    let current = (await call('GET', `/api/financing/contracts/${registration}`)).json();
    expect(cents(current.outstandingPrincipal)).toBe(2700000 - cents(rent.lines[0].principal));
    expect(current.nextDueDate).toBe(rent.lines[3].dueDate);
    const marked = rentOf(await elementsOf(registration));
    expect(marked.lines.slice(0, 4).map((l) => l.status)).toEqual(['PAID', 'INVOICED', 'INVOICED', 'PLANNED']);

    // Rate change dated on line 2: only the lines not yet invoiced (4 to 36) change.
    const rateChange = await amendment({
      type: 'RATE_CHANGE',
      contractRegistration: registration,
      date: rent.lines[1].dueDate,
      rate: 0.04,
    });
    expect((await run('amendments', rateChange, 'SUBMIT')).statusCode).toBe(200);
    const preview = (await call('GET', `/api/financing/amendments/${rateChange}/preview`)).json();
    const expected = paymentPlan({
      amount: rent.lines[3].openingBalance!,
      rate: 0.04,
      duration: 33,
      frequency: 30,
      timing: 'arrears',
      residualValueAmount: 2700,
      startDate: rent.lines[2].dueDate,
    });
    expect(preview).toMatchObject({
      type: 'RATE_CHANGE',
      cutNumber: 4,
      instalmentBefore: expect.any(Number),
      instalmentAfter: expect.any(Number),
    });
    const rentChange = preview.changes.find((c: { code: string }) => c.code === 'RENT');
    expect(rentChange.before).toEqual(rent.lines.slice(3));
    expect(
      rentChange.after.map((l: { principal: number; interest: number; dueDate: string }) => [
        l.dueDate,
        l.principal,
        l.interest,
      ]),
    ).toEqual(expected.lines.map((l) => [l.dueDate, l.principal, l.interest]));
    const stored = (await call('GET', `/api/financing/amendments/${rateChange}`)).json();
    expect(stored).toMatchObject({
      baseRevision: 1,
      preview: { cutNumber: 4 },
      persons: [{ role: 'CLIENT', personRegistration: 'PRO000001' }],
    });
    for (const code of ['APPROVE', 'APPLY']) expect((await run('amendments', rateChange, code)).statusCode).toBe(200);

    elements = await elementsOf(registration);
    expectConsistent(elements);
    const amended = rentOf(elements);
    expect(amended.lines.slice(0, 3)).toEqual(marked.lines.slice(0, 3));
    expect(amended.lines.slice(3).map((l) => [l.number, l.dueDate, l.principal, l.interest, l.status])).toEqual(
      expected.lines.map((l, i) => [i + 4, l.dueDate, l.principal, l.interest, 'PLANNED']),
    );
    // Principal parts still = financed amount − residual value, to the cent.
    expect(cents(sum(amended.lines.map((l) => l.principal)))).toBe(2700000 - 270000);
    current = (await call('GET', `/api/financing/contracts/${registration}`)).json();
    expect(current).toMatchObject({ scheduleRevision: 2, scheduleTerms: { rate: 0.04 } });
    const history = (
      await call('GET', `/api/core/histories?entityRegistration=${amended.registration}&action=AMENDMENT`)
    ).json();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ amendmentRegistration: rateChange, changes: { lines: expect.any(Object) } });

    // Two amendments of the same contract applied at once: one applies, the other is refused.
    const [lower, longer] = [
      await submitted({ type: 'RATE_CHANGE', contractRegistration: registration, date: '2025-06-01', rate: 0.035 }),
      await submitted({
        type: 'DURATION_CHANGE',
        contractRegistration: registration,
        date: '2025-06-01',
        duration: 40,
      }),
    ];
    const results = await Promise.all([run('amendments', lower, 'APPLY'), run('amendments', longer, 'APPLY')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409)!.json();
    expect(refused).toMatchObject({
      code: 'TRANSITION_REJECTED',
      rejection: 'STALE',
      baseRevision: 2,
      currentRevision: 3,
    });
    expect(refused.rejectionReason).toMatch(/was changed by another amendment since this one was submitted/);
    const statuses = await Promise.all(
      [lower, longer].map(async (r) => (await call('GET', `/api/financing/amendments/${r}`)).json().status),
    );
    expect(statuses.sort()).toEqual(['APPLIED', 'APPROVED']);
    elements = await elementsOf(registration);
    expectConsistent(elements);
    expect(cents(sum(rentOf(elements).lines.map((l) => l.principal)))).toBe(2700000 - 270000);

    // Early termination on 2025-08-20: lines due after it are cancelled and the contract settled.
    const before = rentOf(elements);
    const cut = before.lines.findIndex((l) => l.dueDate > '2025-08-20');
    current = (await call('GET', `/api/financing/contracts/${registration}`)).json();
    const rate = current.scheduleTerms.rate as number;
    const termination = await submitted({
      type: 'EARLY_TERMINATION',
      contractRegistration: registration,
      date: '2025-08-20',
    });
    expect((await run('amendments', termination, 'APPLY')).statusCode).toBe(200);
    const outstanding = new Decimal(before.lines[cut].openingBalance!);
    // 30/360 days from the last due date (the 15th) to the 20th: 5.
    const accrued = outstanding.times(rate).times(5).div(360).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const indemnity = outstanding.times('0.03').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const applied = (await call('GET', `/api/financing/amendments/${termination}`)).json();
    expect(applied.preview.settlement).toEqual({
      date: '2025-08-20',
      outstandingPrincipal: outstanding.toNumber(),
      accruedInterest: accrued.toNumber(),
      indemnity: indemnity.toNumber(),
      total: outstanding.plus(accrued).plus(indemnity).toNumber(),
    });
    elements = await elementsOf(registration);
    expectConsistent(elements);
    const settlement = elements.find((e) => e.type === 'SETTLEMENT')!;
    expect(settlement.lines).toEqual([
      expect.objectContaining({
        dueDate: '2025-08-20',
        principal: outstanding.toNumber(),
        interest: accrued.toNumber(),
        indemnity: indemnity.toNumber(),
        amountExclTax: outstanding.plus(accrued).plus(indemnity).toNumber(),
        status: 'PLANNED',
      }),
    ]);
    const ended = rentOf(elements);
    expect(ended.lines.slice(cut).every((l) => l.status === 'CANCELLED')).toBe(true);
    expect(ended.lines.slice(0, cut).every((l) => l.status !== 'CANCELLED')).toBe(true);
    // What was billed or still owed before the date, plus the settlement, repays the financed amount.
    const repaid = sum(ended.lines.slice(0, cut).map((l) => l.principal));
    expect(cents(repaid) + cents(outstanding.toNumber())).toBe(2700000);
    expect(elements.filter((e) => e.type !== 'SETTLEMENT').every((e) => e.status === 'TERMINATED')).toBe(true);
    current = (await call('GET', `/api/financing/contracts/${registration}`)).json();
    expect(current).toMatchObject({
      status: 'TERMINATED',
      terminationDate: '2025-08-20',
      outstandingPrincipal: 0,
      terminationAmendment: termination,
    });
    const asset = (await call('GET', `/api/asset/assets/${current.assets[0].assetRegistration}`)).json();
    expect(asset.status).toBe('RETURNED');
    // The books: one TERMINATION, at the settlement's date, takes the net investment carried out (nothing was billed here: the financed amount).
    const events = (await call('GET', `/api/accounting/posting-events?sourceRegistration=${termination}`)).json() as {
      registration: string;
      eventType: string;
      date: string;
      amounts: Record<string, number>;
    }[];
    expect(events.map((e) => [e.eventType, e.date])).toEqual([['TERMINATION', '2025-08-20']]);
    const financed = (
      await call(
        'GET',
        `/api/accounting/posting-events?sourceRegistration=${registration}&eventType=CONTRACT_ACTIVATION`,
      )
    ).json()[0].amounts.financedAmount as number;
    expect(events[0].amounts).toEqual({ outstanding: financed, indemnity: indemnity.toNumber() });
    const postings = (
      await call('GET', `/api/accounting/postings?postingEventRegistration=${events[0].registration}`)
    ).json() as { account: string; dc: string; amount: number }[];
    expect(postings.map((p) => [p.account, p.dc, p.amount]).sort()).toEqual([
      ['274000', 'C', financed],
      ['675000', 'D', financed],
    ]);
  });
});

describe('invalid amendments', () => {
  let registration: string;
  beforeAll(async () => {
    registration = (await client.activeContract(catalog, 0)).contract.registration;
  });

  it('refuses missing and out-of-range terms with messages naming the field', async () => {
    const missing = await call('POST', '/api/financing/amendments', {
      name: 'x',
      type: 'RATE_CHANGE',
      contractRegistration: registration,
      date: '2025-06-01',
    });
    expect(missing.json().error).toBe('400|MISSING_FIELD_IN_BODY|Missing field rate in body');
    const tooHigh = await call('POST', '/api/financing/amendments', {
      name: 'x',
      type: 'RATE_CHANGE',
      contractRegistration: registration,
      date: '2025-06-01',
      rate: 12,
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().error).toMatch(/rate/);
    const shorter = await amendment({
      type: 'DURATION_CHANGE',
      contractRegistration: registration,
      date: '2025-06-01',
      duration: 3,
    });
    expect((await run('amendments', shorter, 'SUBMIT')).json().error).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value 3 for field duration (Argument duration is out of range: the new duration must be a whole number of periods above the 4 already run)',
    );
    const prepaid = await amendment({
      type: 'PARTIAL_PREPAYMENT',
      contractRegistration: registration,
      date: '2025-06-01',
      prepaymentAmount: 90000,
    });
    expect((await run('amendments', prepaid, 'SUBMIT')).json().error).toMatch(
      /^400\|INVALID_FIELD_VALUE\|Invalid value 90000 for field prepaymentAmount \(.*must be less than the capital still due/,
    );
    const preview = await call('POST', '/api/financing/amendments/preview', {
      contractRegistration: registration,
      type: 'RATE_CHANGE',
      date: 'soon',
      rate: 0.04,
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().error).toMatch(/date/);
    const nowhere = await call('POST', '/api/financing/amendments/preview', {
      contractRegistration: 'CT999999',
      type: 'RATE_CHANGE',
      date: '2025-06-01',
      rate: 0.04,
    });
    expect(nowhere.json().error).toBe(
      '404|ENTITY_REGISTRATION_NOT_FOUND|Entity Contract with identifier CT999999 not found',
    );
    // Another tenant cannot amend or preview this contract.
    const foreign = await t.call('POST', '/api/financing/amendments/preview', t.beta.headers, {
      contractRegistration: registration,
      type: 'RATE_CHANGE',
      date: '2025-06-01',
      rate: 0.04,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses an amendment of a contract that is not running', async () => {
    const draft = (await call('POST', '/api/financing/contracts', { name: 'Draft' })).json().registration;
    const registrationOfAmendment = await amendment({
      type: 'RATE_CHANGE',
      contractRegistration: draft,
      date: '2025-06-01',
      rate: 0.04,
    });
    const res = await run('amendments', registrationOfAmendment, 'SUBMIT');
    expect(res.json().error).toBe(
      `400|INVALID_FIELD_VALUE|Invalid value "${draft}" for field contractRegistration (the contract is DRAFT, not ACTIVE)`,
    );
    expect((await call('GET', `/api/financing/amendments/${registrationOfAmendment}`)).json().status).toBe('DRAFT');
  });

  it('previews a partial prepayment with its indemnity and a shorter instalment', async () => {
    const res = await call('POST', '/api/financing/amendments/preview', {
      contractRegistration: registration,
      type: 'PARTIAL_PREPAYMENT',
      date: '2025-06-01',
      prepaymentAmount: 5000,
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.settlement).toMatchObject({ prepayment: 5000, indemnity: 50, total: 5050 });
    expect(preview.instalmentAfter).toBeLessThan(preview.instalmentBefore);
    const rent = preview.changes.find((c: { code: string }) => c.code === 'RENT') as {
      before: { principal: number; openingBalance: number }[];
      after: { principal: number }[];
    };
    // The capital due at the cut, less the prepayment, is repaid down to the residual value.
    expect(cents(sum(rent.after.map((l) => l.principal)))).toBe(cents(rent.before[0].openingBalance) - 500000 - 270000);
    // The services keep their lines: they are no change.
    expect(preview.changes.map((c: { code: string }) => c.code)).toEqual(['RENT']);
  });
});
