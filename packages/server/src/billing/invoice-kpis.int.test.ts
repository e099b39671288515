import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * The invoices list's KPIs: per status, the count and the sums of amount incl. tax and balance
 * per currency, exact to the cent, under the list's own filters and within the caller's tenant.
 */
let t: TestApp;
const kpis = (query = '', headers = t.alpha.headers) => t.call('GET', `/api/billing/invoices/kpis${query}`, headers);

beforeAll(async () => {
  t = await createTestApp();
  const create = async (body: Record<string, unknown>, headers = t.alpha.headers) => {
    const res = await t.call('POST', '/api/billing/invoices', headers, { pr: 'R', currency: 'EUR', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().registration as string;
  };
  // Sums a float would get wrong: 0.1 + 0.2 + 1,234,567.89.
  await create({ name: 'a', amountInclTax: 0.1, totalBalance: 0.1 });
  await create({ name: 'b', amountInclTax: 0.2 });
  await create({ name: 'c', amountInclTax: 1234567.89, totalBalance: 1000 });
  await create({ name: 'd', amountInclTax: 50, currency: 'USD', pr: 'P' });
  const cancelled = await create({ name: 'e', amountInclTax: 10.05, totalBalance: 10.05 });
  expect(
    (await t.call('GET', `/api/billing/invoices/${cancelled}/transitions/CANCEL`, t.alpha.headers)).statusCode,
  ).toBe(200);
  await create({ name: 'other tenant', amountInclTax: 999 }, t.beta.headers);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('invoice KPIs', () => {
  it('count and sum per status and currency, the balance falling back to the amount, exact to the cent', async () => {
    const res = await kpis();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      count: 5,
      amounts: {
        EUR: { amountInclTax: 1234578.24, totalBalance: 1000.3 },
        USD: { amountInclTax: 50, totalBalance: 50 },
      },
      statuses: {
        DRAFT: {
          count: 4,
          amounts: {
            EUR: { amountInclTax: 1234568.19, totalBalance: 1000.3 },
            USD: { amountInclTax: 50, totalBalance: 50 },
          },
        },
        // Cancelled, an invoice owes nothing.
        CANCELLED: { count: 1, amounts: { EUR: { amountInclTax: 10.05, totalBalance: 0 } } },
      },
    });
  });

  it("apply the list's filters and free text", async () => {
    expect((await kpis('?pr=P')).json()).toEqual({
      count: 1,
      amounts: { USD: { amountInclTax: 50, totalBalance: 50 } },
      statuses: { DRAFT: { count: 1, amounts: { USD: { amountInclTax: 50, totalBalance: 50 } } } },
    });
    expect((await kpis('?status=CANCELLED')).json().count).toBe(1);
    expect((await kpis('?minAmountExclTax=1')).json().count).toBe(0);
    expect((await kpis('?search=zzz-nothing')).json()).toEqual({ count: 0, amounts: {}, statuses: {} });
  });

  it("see only the caller's tenant", async () => {
    expect((await kpis('', t.beta.headers)).json()).toEqual({
      count: 1,
      amounts: { EUR: { amountInclTax: 999, totalBalance: 999 } },
      statuses: { DRAFT: { count: 1, amounts: { EUR: { amountInclTax: 999, totalBalance: 999 } } } },
    });
  });

  it('refuse a filter the list does not have, naming it, and a caller without a session', async () => {
    const bad = await kpis('?colour=red');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_FIELD_IN_QUERY');
    expect(bad.json().message).toContain('colour');
    const wrongType = await kpis('?minAmountExclTax=abc');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toContain('minAmountExclTax');
    expect((await kpis('', {})).statusCode).toBe(401);
  });
});
