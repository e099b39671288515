import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { lifecycleClient } from '../testing/lifecycle-client.ts';

/**
 * End of life: at the end of its term a financial lease's purchase option is exercised (the residual
 * value stays to be invoiced, the asset is sold) and an operating lease's asset is returned (the
 * residual value line cancelled); the contract, its elements and its asset follow.
 */
let t: TestApp;
const client = lifecycleClient(() => t);
const { call, run, elementsOf, expectConsistent } = client;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function activeContract(financialProduct: string, startDate: string, over: Record<string, unknown> = {}) {
  const asset = (
    await call('POST', '/api/asset/assets', {
      name: 'Forklift',
      unitPrice: 24000,
      quantity: 1,
      taxCode: 'VAT20',
      supplierRegistration: 'SUP1',
    })
  ).json().registration as string;
  const contract = (
    await call('POST', '/api/financing/contracts', {
      name: `${financialProduct} of a forklift`,
      startDate,
      currency: 'EUR',
      persons: [
        { role: 'CLIENT', personRegistration: 'P1' },
        { role: 'ORGANIZATION', personRegistration: 'ORG1' },
      ],
      assets: [{ assetRegistration: asset }],
      quotations: [
        {
          financialProduct,
          financedAmountExclTax: 24000,
          rate: 0.05,
          duration: 12,
          frequency: '30',
          residualValue: 2400,
          taxCode: 'VAT20',
        },
      ],
      ...over,
    })
  ).json().registration as string;
  for (const code of ['SUBMIT', 'APPROVE', 'ACTIVATE'])
    expect((await run('contracts', contract, code)).statusCode).toBe(200);
  return { contract, asset };
}

describe('end of term', () => {
  it('financial lease: the purchase option is exercised, the asset sold', async () => {
    const { contract, asset } = await activeContract('FINANCIAL_LEASE', '2024-01-15');
    const res = await run('contracts', contract, 'END_TERM');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'TERMINATED', endOfTermOption: 'PURCHASE', outstandingPrincipal: 0 });
    const elements = await elementsOf(contract);
    expect(elements.every((e) => e.status === 'TERMINATED')).toBe(true);
    const option = elements.find((e) => e.type === 'RESIDUAL_VALUE')!;
    expect(option.lines).toEqual([
      expect.objectContaining({ status: 'PLANNED', amountExclTax: 2400, amountInclTax: 2880 }),
    ]);
    expect(option.totalPayment).toBe(2880);
    expectConsistent(elements);
    expect((await call('GET', `/api/asset/assets/${asset}`)).json().status).toBe('SOLD');
  });

  it('operating lease: the asset is returned and the purchase option cancelled', async () => {
    const { contract, asset } = await activeContract('OPERATING_LEASE', '2024-01-15');
    expect((await run('contracts', contract, 'END_TERM')).json()).toMatchObject({
      status: 'TERMINATED',
      endOfTermOption: 'RETURN',
    });
    const elements = await elementsOf(contract);
    const option = elements.find((e) => e.type === 'RESIDUAL_VALUE')!;
    expect(option).toMatchObject({ status: 'TERMINATED', totalPayment: 0, totalExclTax: 0 });
    expect(option.lines.map((l) => l.status)).toEqual(['CANCELLED']);
    expectConsistent(elements);
    expect((await call('GET', `/api/asset/assets/${asset}`)).json().status).toBe('RETURNED');
    const history = (await call('GET', `/api/core/histories?entityRegistration=${asset}&action=CONTRACT_END`)).json();
    expect(history[0]).toMatchObject({
      fromStatus: expect.any(String),
      toStatus: 'RETURNED',
      details: { contractRegistration: contract },
    });
  });

  it('a contract whose term is not reached cannot end it, and says so', async () => {
    const { contract } = await activeContract('FINANCIAL_LEASE', '2099-01-15');
    const res = await run('contracts', contract, 'END_TERM');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ rejection: 'TERM_NOT_REACHED', plannedLines: 12 });
    expect(res.json().rejectionReason).toMatch(
      /^The term is not reached: 12 instalment\(s\) fall due after \d{4}-\d{2}-\d{2}, the last on 2100-01-15; end it early with an early termination amendment$/,
    );
    expect((await call('GET', `/api/financing/contracts/${contract}`)).json().status).toBe('ACTIVE');
  });
});
