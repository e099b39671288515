import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { paymentPlan } from '@lbo/model/finance/payment-plan';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { cents, lifecycleClient, quotationA, quotationB, sum } from '../testing/lifecycle-client.ts';

/**
 * The lessor's core through the API: a deal quoted twice, won, its contract activated into
 * elements with stored schedules, a rate change applied, then an early termination; every sum
 * checked to the cent against the finance engine.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const client = lifecycleClient(() => t);
const { call, run, elementsOf } = client;
let product: string;
let supplier: string;
let asset: string;
beforeAll(async () => {
  ({ product, asset, supplier } = await client.catalogue());
});
const newDeal = (over: Record<string, unknown> = {}) => client.newDeal({ product, asset }, over);
const activeContract = (chosen = 1) => client.activeContract({ product, asset }, chosen);

describe('deals and quotations', () => {
  it('prices every quotation by the finance engine and every asset line by spec 002 §5', async () => {
    const deal = await newDeal();
    const planA = paymentPlan({
      amount: 27000,
      rate: 0.05,
      duration: 36,
      frequency: 30,
      timing: 'arrears',
      residualValueAmount: 2700,
      startDate: '2025-01-15',
      taxRate: '0.2',
      fees: 150,
    });
    const planB = paymentPlan({
      amount: 27000,
      rate: 0.045,
      duration: 48,
      frequency: 30,
      timing: 'advance',
      residualValueAmount: 1350,
      startDate: '2025-01-15',
      taxRate: '0.2',
    });
    const [a, b] = deal.quotations;
    expect(a).toMatchObject({
      registration: 'Q1',
      instalment: planA.instalment,
      totalInterest: planA.totals.interest,
      endDate: planA.endDate,
      apr: planA.apr,
    });
    expect(b).toMatchObject({
      registration: 'Q2',
      instalment: planB.instalment,
      totalInterest: planB.totals.interest,
      effectiveRate: planB.effectiveRate,
    });
    // Rent + services per line + fees + residual value, to the cent.
    expect(cents(a.totalPayment)).toBe(cents(planA.totals.instalmentExclTax) + 36 * (2550 + 4000) + 15000 + 270000);
    expect(a.pricingError).toBeUndefined();
    // 30,000 less 10 %, VAT 20 %; the supplier of the asset joins the persons.
    expect(deal.assets[0]).toMatchObject({
      assetRegistration: asset,
      quantity: 1,
      isFinanced: true,
      unitPrice: 30000,
      priceExclTax: 27000,
      priceInclTax: 32400,
      asset: { name: 'Delivery van' },
    });
    expect(deal.assetsTotals).toEqual({ grossAmount: 30000, priceExclTax: 27000, priceInclTax: 32400, discount: 0.1 });
    expect(deal.persons).toContainEqual({ role: 'SUPPLIER', personRegistration: supplier });
    // Removing the line removes its supplier.
    const bare = (await call('PATCH', `/api/financing/deals/${deal.registration}`, { assets: [] })).json();
    expect(bare.persons.map((p: { role: string }) => p.role)).toEqual(['CLIENT', 'ORGANIZATION']);
  });

  it('keeps a quotation that cannot be priced yet, saying what it lacks', async () => {
    const deal = await newDeal({ quotations: [{ name: 'Draft', duration: 24 }] });
    expect(deal.quotations[0].pricingError).toBe('Missing financedAmountExclTax, rate');
    const bad = await newDeal({ quotations: [{ ...quotationB, residualValue: 30000 }] });
    expect(bad.quotations[0].pricingError).toMatch(/residual/i);
  });

  it('refuses two chosen quotations and a deal won without a choice', async () => {
    const twice = await call('POST', '/api/financing/deals', {
      name: 'x',
      quotations: [
        { ...quotationB, isChosen: true },
        { ...quotationB, isChosen: true },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value true for field quotations[1].isChosen (one quotation is chosen)',
    );
    const deal = await newDeal();
    for (const code of ['SUBMIT', 'APPROVE']) await run('deals', deal.registration, code);
    const res = await run('deals', deal.registration, 'MARK_WON');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      rejection: 'INCONSISTENT',
      rejectionReason: 'The deal needs a chosen quotation (isChosen on one of the 2)',
    });
    expect((await call('GET', `/api/financing/deals/${deal.registration}`)).json().status).toBe('APPROVED');
  });
});

describe('won, activated', () => {
  it('creates the contract when the deal is won, each naming the other', async () => {
    const { deal, contract } = await activeContract(0);
    expect(deal).toMatchObject({ status: 'WON', contractRegistration: contract.registration });
    expect(deal.quotations.map((q: { isChosen: boolean }) => q.isChosen)).toEqual([true, false]);
    expect(contract).toMatchObject({
      status: 'ACTIVE',
      dealRegistration: deal.registration,
      financedAmountExclTax: 27000,
      duration: 36,
      startDate: '2025-01-15',
      persons: deal.persons,
      assets: deal.assets,
      scheduleRevision: 1,
      outstandingPrincipal: 27000,
    });
    expect(contract.quotations).toHaveLength(1);
    expect(contract.quotations[0]).toMatchObject({ ...quotationA, isChosen: true, registration: 'Q1' });
  });

  it('makes a prospect client a person when the deal is won: converted, or linked to the person holding its identifier', async () => {
    const won = async (clientRegistration: string) => {
      const deal = await newDeal({
        persons: [
          { role: 'CLIENT', personRegistration: clientRegistration },
          { role: 'ORGANIZATION', personRegistration: 'ORG000001' },
        ],
        quotations: [quotationB],
      });
      for (const code of ['SUBMIT', 'APPROVE', 'MARK_WON'])
        expect((await run('deals', deal.registration, code)).statusCode).toBe(200);
      const contract = (
        await call(
          'GET',
          `/api/financing/contracts/${(await call('GET', `/api/financing/deals/${deal.registration}`)).json().contractRegistration}`,
        )
      ).json();
      return {
        deal,
        contract,
        client: contract.persons.find((p: { role: string }) => p.role === 'CLIENT').personRegistration as string,
      };
    };
    const prospect = (
      await call('POST', '/api/person/prospects', {
        type: 'C',
        name: 'Boulangerie Morel',
        email: 'contact@morel.example',
        roles: [{ role: 'PARTNER' }],
      })
    ).json();
    const converted = await won(prospect.registration);
    // The deal keeps its prospect; the contract's client is the person it became, under the same registration.
    expect(converted.deal.persons[0].personRegistration).toBe(prospect.registration);
    expect(converted.client).toBe(prospect.registration);
    const person = (await call('GET', `/api/person/persons/${converted.client}`)).json();
    expect(person).toMatchObject({
      status: 'ACTIVE',
      type: 'C',
      name: 'Boulangerie Morel',
      email: 'contact@morel.example',
      roles: [{ role: 'PARTNER' }, { role: 'CLIENT' }],
    });
    expect((await call('GET', `/api/person/prospects/${prospect.registration}`)).json().status).toBe('CONVERTED');
    const history = (
      await call(
        'GET',
        `/api/core/histories?entityName=Prospect&entityRegistration=${prospect.registration}&range=[0-9]`,
      )
    ).json();
    expect(history.map((h: { action: string }) => h.action)).toContain('CONVERT');
    // A second deal of the same (now converted) prospect reaches the same person.
    expect((await won(prospect.registration)).client).toBe(prospect.registration);
    // A prospect whose identifier a person already holds is linked to that person, not copied.
    const held = (
      await call('POST', '/api/person/persons', {
        type: 'C',
        name: 'Valeo',
        registrations: [{ type: 'SIR', number: '552081317' }],
      })
    ).json();
    const twin = (
      await call('POST', '/api/person/prospects', {
        type: 'C',
        name: 'Valeo (prospect)',
        registrations: [{ type: 'SIR', number: '552081317' }],
      })
    ).json();
    expect(twin.registration).toBe(held.registration);
    const linked = await won(twin.registration);
    expect(linked.client).toBe(held.registration);
    expect((await call('GET', `/api/person/persons/${held.registration}`)).json().name).toBe('Valeo');
    expect((await call('GET', `/api/person/prospects/${twin.registration}`)).json().status).toBe('CONVERTED');
    // A client that is neither (an outside registration) is kept as given.
    expect((await won('EXT-42')).client).toBe('EXT-42');
  });

  it('writes the elements with stored schedules that sum exactly, line by line as the engine plans them', async () => {
    const { contract } = await activeContract(0);
    const plan = paymentPlan({
      amount: 27000,
      rate: 0.05,
      duration: 36,
      frequency: 30,
      timing: 'arrears',
      residualValueAmount: 2700,
      startDate: '2025-01-15',
    });
    const elements = await elementsOf(contract.registration);
    expect(elements.map((e) => [e.type, e.code, e.pr]).sort()).toEqual([
      ['ASSET_PURCHASE', 'ASSET_PURCHASE', 'P'],
      ['FEE', 'FILE', 'R'],
      ['INSURANCE', 'INSURANCE', 'R'],
      ['RENT', 'RENT', 'R'],
      ['RESIDUAL_VALUE', 'RESIDUAL_VALUE', 'R'],
      ['SERVICE', 'MAINTENANCE', 'R'],
    ]);
    for (const e of elements) expect(e).toMatchObject({ status: 'ACTIVE', currency: 'EUR' });
    client.expectConsistent(elements);
    const rent = elements.find((e) => e.type === 'RENT')!;
    expect(rent).toMatchObject({ payerRegistration: 'PRO000001', payeeRegistration: 'ORG000001' });
    expect(rent.lines).toHaveLength(36);
    // Principal parts = financed amount − residual value, to the cent; each line is the engine's.
    expect(cents(sum(rent.lines.map((l) => l.principal)))).toBe(2700000 - 270000);
    rent.lines.forEach((l, i) => {
      const p = plan.lines[i];
      expect(l).toMatchObject({
        number: i + 1,
        dueDate: p.dueDate,
        principal: p.principal,
        interest: p.interest,
        openingBalance: p.openingBalance,
        status: 'PLANNED',
        taxCode: 'VAT20',
      });
      expect(cents(l.amountExclTax)).toBe(cents(p.principal) + cents(p.interest));
      expect(l.tax).toBe(
        new Decimal(l.amountExclTax).times('0.2').toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber(),
      );
    });
    const insurance = elements.find((e) => e.code === 'INSURANCE')!;
    expect(insurance.lines.map((l) => l.dueDate)).toEqual(plan.lines.map((l) => l.dueDate));
    expect(insurance.totalPayment).toBe(918); // 36 × 25.50, no tax
    const maintenance = elements.find((e) => e.code === 'MAINTENANCE')!;
    expect(maintenance.totalPayment).toBe(1728); // 36 × 48.00
    expect(elements.find((e) => e.type === 'FEE')!.lines).toEqual([
      expect.objectContaining({ dueDate: '2025-01-15', amountExclTax: 150, tax: 30, amountInclTax: 180 }),
    ]);
    expect(elements.find((e) => e.type === 'RESIDUAL_VALUE')!.lines).toEqual([
      expect.objectContaining({ dueDate: plan.endDate, amountExclTax: 2700, tax: 540, principal: 2700 }),
    ]);
    expect(elements.find((e) => e.type === 'ASSET_PURCHASE')).toMatchObject({
      pr: 'P',
      payerRegistration: 'ORG000001',
      payeeRegistration: supplier,
      totalExclTax: 27000,
      totalPayment: 32400,
    });
    expect(contract).toMatchObject({ endDate: plan.endDate, nextDueDate: plan.lines[0].dueDate });
    // What the lifecycle writes is not a client's to change: the position, the revision, the schedule.
    const tampered = await call('PATCH', `/api/financing/contracts/${contract.registration}`, {
      outstandingPrincipal: 1,
      scheduleRevision: 9,
      name: 'Renamed',
    });
    expect(tampered.statusCode).toBe(200);
    expect(tampered.json()).toMatchObject({ name: 'Renamed', outstandingPrincipal: 27000, scheduleRevision: 1 });
    const edited = await call('PATCH', `/api/financing/contract-elements/${rent.registration}`, {
      lines: [],
      totalPayment: 1,
      name: 'Monthly rent',
    });
    expect(edited.json()).toMatchObject({ name: 'Monthly rent', totalPayment: rent.totalPayment });
    expect(edited.json().lines).toHaveLength(36);
  });

  it('refuses to activate a contract that is not consistent, saying what is missing, and writes nothing', async () => {
    const create = async (body: Record<string, unknown>) => {
      const c = (
        await call('POST', '/api/financing/contracts', {
          name: 'Incomplete',
          financialProduct: 'LEASE',
          financedAmountExclTax: 1000,
          duration: 12,
          ...body,
        })
      ).json();
      for (const code of ['SUBMIT', 'APPROVE'])
        expect((await run('contracts', c.registration, code)).statusCode).toBe(200);
      return c.registration as string;
    };
    const noClient = await create({
      persons: [{ role: 'PARTNER', personRegistration: 'P1' }],
      startDate: '2025-01-01',
    });
    const res = await run('contracts', noClient, 'ACTIVATE');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      rejection: 'INCONSISTENT',
      missing: [
        'a client (persons with role CLIENT)',
        'a lessor organization (persons with role ORGANIZATION)',
        'a chosen quotation',
      ],
      rejectionReason:
        'The contract cannot be activated: it needs a client (persons with role CLIENT), a lessor organization (persons with role ORGANIZATION), a chosen quotation',
    });
    const noStart = await create({ persons: [{ role: 'CLIENT', personRegistration: 'P1' }] });
    expect((await run('contracts', noStart, 'ACTIVATE')).json()).toMatchObject({
      rejection: 'REQUIRED_FIELDS',
      missingFields: ['startDate'],
    });
    const unpriced = await create({
      persons: [
        { role: 'CLIENT', personRegistration: 'P1' },
        { role: 'ORGANIZATION', personRegistration: 'ORG000001' },
      ],
      startDate: '2025-01-01',
      quotations: [{ financedAmountExclTax: 1000, duration: 12 }],
    });
    expect((await run('contracts', unpriced, 'ACTIVATE')).json().rejectionReason).toBe(
      'The contract cannot be activated: it needs a priced quotation (Missing rate)',
    );
    for (const registration of [noClient, noStart, unpriced]) {
      expect((await call('GET', `/api/financing/contracts/${registration}`)).json().status).toBe('APPROVED');
      expect(await elementsOf(registration)).toEqual([]);
    }
  });

  it('activates a selection through the bulk transition, each contract on its own', async () => {
    const approved = async (body: Record<string, unknown>) => {
      const c = (
        await call('POST', '/api/financing/contracts', {
          name: 'Bulk',
          startDate: '2025-03-01',
          persons: [
            { role: 'CLIENT', personRegistration: 'P1' },
            { role: 'ORGANIZATION', personRegistration: 'ORG000001' },
          ],
          quotations: [
            { financialProduct: 'LEASE', financedAmountExclTax: 12000, duration: 24, frequency: '30', rate: 0.04 },
          ],
          ...body,
        })
      ).json();
      for (const code of ['SUBMIT', 'APPROVE'])
        expect((await run('contracts', c.registration, code)).statusCode).toBe(200);
      return c.registration as string;
    };
    const [a, b, lacking] = [
      await approved({}),
      await approved({}),
      await approved({ persons: [{ role: 'PARTNER', personRegistration: 'P1' }] }),
    ];
    const res = await call('POST', '/api/financing/contracts/transitions/ACTIVATE', [a, b, lacking]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'ACTIVATE',
      done: 2,
      refused: 1,
      results: [
        { registration: a, statusCode: 200, status: 'ACTIVE' },
        { registration: b, statusCode: 200, status: 'ACTIVE' },
        {
          registration: lacking,
          statusCode: 409,
          rejectionReason:
            'The contract cannot be activated: it needs a client (persons with role CLIENT), a lessor organization (persons with role ORGANIZATION)',
        },
      ],
    });
    expect((await elementsOf(a)).map((e) => e.registration)).toEqual([`${a}-01`]);
    expect(await elementsOf(lacking)).toEqual([]);
    expect((await call('POST', '/api/financing/contracts/transitions/NOPE', [a])).json().error).toBe(
      '404|TRANSITION_NOT_FOUND|Transition NOPE not found in the Contract workflow',
    );
    expect((await call('POST', '/api/financing/contracts/transitions/ACTIVATE', [])).json().error).toBe(
      '400|EMPTY_BODY_ARRAY|Body array registrations must not be empty',
    );
    expect(
      (await call('POST', '/api/financing/contracts/transitions/ACTIVATE', [a], t.beta.headers)).json().results[0]
        .statusCode,
    ).toBe(404);
  });

  it('sums up a running contract: outstanding, next due date, paid, arrears and IRR', async () => {
    const { contract } = await activeContract(0);
    const summaryOf = async () =>
      (await call('GET', `/api/financing/contracts/${contract.registration}/summary`)).json();
    const plan = paymentPlan({
      amount: 27000,
      rate: 0.05,
      duration: 36,
      frequency: 30,
      timing: 'arrears',
      residualValueAmount: 2700,
      startDate: '2025-01-15',
    });
    const fresh = await summaryOf();
    expect(fresh).toMatchObject({
      registration: contract.registration,
      status: 'ACTIVE',
      currency: 'EUR',
      financedAmount: 27000,
      outstandingPrincipal: 27000,
      nextDueDate: plan.lines[0].dueDate,
      arrears: 0,
      paid: 0,
    });
    // 5 % a year, monthly: the IRR of the rent and residual value against the amount financed is its effective rate.
    expect(fresh.irr).toBeCloseTo((1 + 0.05 / 12) ** 12 - 1, 3);
    expect(fresh.elements.map((e: { code: string; lines: number }) => [e.code, e.lines])).toContainEqual(['RENT', 36]);
    // Two lines paid, the third invoiced and past due: paid, arrears and the position follow.
    const rent = (await elementsOf(contract.registration)).find((e) => e.type === 'RENT')!;
    await call('PATCH', `/api/financing/contract-elements/${rent.registration}/lines`, {
      numbers: [1, 2],
      status: 'PAID',
    });
    await call('PATCH', `/api/financing/contract-elements/${rent.registration}/lines`, {
      numbers: [3],
      status: 'INVOICED',
    });
    const later = await summaryOf();
    expect(cents(later.paid)).toBe(cents(rent.lines[0].amountInclTax) + cents(rent.lines[1].amountInclTax));
    expect(later.arrears).toBe(rent.lines[2].amountInclTax);
    expect(cents(later.outstandingPrincipal)).toBe(
      2700000 - cents(rent.lines[0].principal) - cents(rent.lines[1].principal),
    );
    expect(later.nextDueDate).toBe(plan.lines[3].dueDate);
    // Once billing keeps the contract's arrears (its unpaid receivable invoices due), the summary shows that figure.
    const invoice = (
      await call('POST', '/api/billing/invoices', {
        pr: 'R',
        currency: 'EUR',
        name: 'Rent March',
        contractRegistration: contract.registration,
        amountExclTax: 700,
        amountInclTax: 840,
        dueDate: '2025-03-15',
        persons: [
          { role: 'PAYER', personRegistration: 'PRO000001' },
          { role: 'PAYEE', personRegistration: 'ORG000001' },
        ],
      })
    ).json();
    const issued = await call('GET', `/api/billing/invoices/${invoice.registration}/transitions/ISSUE`);
    expect(issued.statusCode, issued.body).toBe(200);
    expect((await call('GET', `/api/financing/contracts/${contract.registration}`)).json().arrears).toBe(840);
    expect((await summaryOf()).arrears).toBe(840);
  });

  it('answers the contract with all six includes', async () => {
    const { contract } = await activeContract();
    const res = await call(
      'GET',
      `/api/financing/contracts/${contract.registration}?include=assets,persons,fundings,documents,collaterals,financingServices`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    expect(doc.assets[0].asset).toMatchObject({ registration: asset, name: 'Delivery van' });
    for (const name of ['fundings', 'documents', 'collaterals', 'financingServices']) expect(doc[name]).toEqual([]);
    const funding = (
      await call('POST', '/api/financing/fundings', {
        name: 'Bank refinancing',
        contractRegistration: contract.registration,
        amount: 20000,
        rate: 0.03,
      })
    ).json();
    const guarantee = (
      await call('POST', '/api/asset/collaterals', {
        name: 'Guarantee of the manager',
        contractRegistration: contract.registration,
        amount: 5000,
        personRegistration: 'P1',
      })
    ).json();
    const service = (
      await call('POST', '/api/financing/financing-services', {
        name: 'Tyres',
        contractRegistration: contract.registration,
        amount: 20,
      })
    ).json();
    const again = (
      await call(
        'GET',
        `/api/financing/contracts/${contract.registration}?include=fundings,collaterals,financingServices`,
      )
    ).json();
    expect(again.fundings.map((f: { registration: string }) => f.registration)).toEqual([funding.registration]);
    expect(again.collaterals.map((f: { registration: string }) => f.registration)).toEqual([guarantee.registration]);
    expect(again.financingServices.map((f: { registration: string }) => f.registration)).toEqual([
      service.registration,
    ]);
    const wrong = await call('GET', `/api/financing/contracts/${contract.registration}?include=invoicez`);
    expect(wrong.json().error).toBe(
      '400|INVALID_FIELD_IN_QUERY|Invalid field include in query: invoicez is not a linked field',
    );
    // Another tenant sees none of it.
    expect(
      (await call('GET', `/api/financing/contracts/${contract.registration}`, undefined, t.beta.headers)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/financing/contracts/${contract.registration}/summary`, undefined, t.beta.headers))
        .statusCode,
    ).toBe(404);
    expect(
      await (async () =>
        (
          await call(
            'GET',
            `/api/financing/contract-elements?contractRegistration=${contract.registration}`,
            undefined,
            t.beta.headers,
          )
        ).json())(),
    ).toEqual([]);
  });
});
