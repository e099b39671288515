import { expect } from 'vitest';
import { Decimal } from 'decimal.js';
import type { TestApp } from './test-app.ts';

/** Test support of the contract lifecycle API tests: a deal quoted twice, won and activated. */
export type Line = {
  number: number;
  dueDate: string;
  amountExclTax: number;
  tax: number;
  amountInclTax: number;
  interest: number;
  principal: number;
  openingBalance?: number;
  status: string;
  indemnity?: number;
  formula?: string;
};
export type Element = {
  registration: string;
  type: string;
  code: string;
  pr: string;
  payerRegistration?: string;
  payeeRegistration?: string;
  totalPayment: number;
  totalExclTax: number;
  totalTax: number;
  lines: Line[];
  status: string;
  groupKey: string;
  currency: string;
};

export const sum = (values: number[]) => values.reduce((s, v) => s.plus(v), new Decimal(0)).toNumber();
export const cents = (v: number) => new Decimal(v).times(100).round().toNumber();

export const quotationA = {
  name: '36 months in arrears',
  financialProduct: 'LEASE',
  rate: 0.05,
  duration: 36,
  frequency: '30',
  timing: 'arrears',
  financedAmountExclTax: 27000,
  residualValue: 2700,
  taxCode: 'VAT20',
  services: [
    { code: 'INSURANCE', label: 'Insurance', type: 'INSURANCE', amount: 25.5, taxCode: 'VAT0' },
    { code: 'MAINTENANCE', label: 'Maintenance', type: 'SERVICE', amount: 40, taxCode: 'VAT20' },
  ],
  fees: [{ code: 'FILE', label: 'File fee', amount: 150, taxCode: 'VAT20' }],
};
export const quotationB = {
  name: '48 months in advance',
  financialProduct: 'FINANCIAL_LEASE',
  rate: 0.045,
  duration: 48,
  frequency: '30',
  timing: 'advance',
  financedAmountExclTax: 27000,
  residualValue: 1350,
  taxCode: 'VAT20',
};

export function lifecycleClient(t: () => TestApp) {
  const call = (method: string, url: string, body?: unknown, headers = t().alpha.headers) =>
    t().call(method, url, headers, body);
  const run = (route: string, registration: string, code: string, headers = t().alpha.headers) =>
    call('GET', `/api/financing/${route}/${registration}/transitions/${code}`, undefined, headers);

  async function elementsOf(contract: string): Promise<Element[]> {
    const res = await call('GET', `/api/financing/contract-elements?contractRegistration=${contract}&range=[0-99]`);
    expect(res.statusCode).toBe(200);
    return res.json() as Element[];
  }

  /** A product with its indemnity rules, an asset from a supplier. */
  async function catalogue() {
    const product = (
      await call('POST', '/api/financing/products', {
        name: 'Vehicle lease',
        code: 'LEASE',
        earlyTerminationIndemnityRate: 0.03,
        prepaymentIndemnityRate: 0.01,
      })
    ).json().registration as string;
    const created = await call('POST', '/api/asset/assets', {
      name: 'Delivery van',
      unitPrice: 30000,
      quantity: 1,
      taxCode: 'VAT20',
      currency: 'EUR',
      supplierRegistration: 'SUPPLIER-1',
    });
    expect(created.statusCode).toBe(201);
    return { product, asset: created.json().registration as string, supplier: 'SUPPLIER-1' };
  }

  async function newDeal(catalog: { product: string; asset: string }, over: Record<string, unknown> = {}) {
    const res = await call('POST', '/api/financing/deals', {
      name: 'Van for Durand',
      currency: 'EUR',
      startDate: '2025-01-15',
      persons: [
        { role: 'CLIENT', personRegistration: 'PRO000001' },
        { role: 'ORGANIZATION', personRegistration: 'ORG000001' },
      ],
      assets: [{ assetRegistration: catalog.asset, discount: 0.1 }],
      quotations: [{ ...quotationA, productRegistration: catalog.product }, quotationB],
      ...over,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  /** Deal → chosen quotation → won → contract → approved → activated. */
  async function activeContract(
    catalog: { product: string; asset: string },
    chosen = 1,
    over: Record<string, unknown> = {},
  ) {
    const deal = await newDeal(catalog, over);
    const quotations = deal.quotations.map((q: Record<string, unknown>, i: number) => ({
      ...q,
      isChosen: i === chosen,
    }));
    expect(
      (await call('PATCH', `/api/financing/deals/${deal.registration}`, { quotations, _version: deal._version }))
        .statusCode,
    ).toBe(200);
    for (const code of ['SUBMIT', 'APPROVE', 'MARK_WON'])
      expect((await run('deals', deal.registration, code)).statusCode).toBe(200);
    const won = (await call('GET', `/api/financing/deals/${deal.registration}`)).json();
    for (const code of ['SUBMIT', 'APPROVE', 'ACTIVATE']) {
      const res = await run('contracts', won.contractRegistration, code);
      expect(res.statusCode, res.body).toBe(200);
    }
    return { deal: won, contract: (await call('GET', `/api/financing/contracts/${won.contractRegistration}`)).json() };
  }

  /** Every element's lines add up to its totals. */
  function expectConsistent(elements: Element[]) {
    for (const e of elements) {
      const due = e.lines.filter((l) => l.status !== 'CANCELLED');
      expect(cents(e.totalPayment), e.code).toBe(cents(sum(due.map((l) => l.amountInclTax))));
      expect(cents(e.totalExclTax), e.code).toBe(cents(sum(due.map((l) => l.amountExclTax))));
      expect(cents(e.totalTax), e.code).toBe(cents(sum(due.map((l) => l.tax))));
      for (const l of e.lines) expect(cents(l.amountExclTax) + cents(l.tax)).toBe(cents(l.amountInclTax));
    }
  }

  return { call, run, elementsOf, catalogue, newDeal, activeContract, expectConsistent };
}
