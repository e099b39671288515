import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
const created: Record<string, string> = {};

/** Monthly coefficients by amount (rows) and months (columns). */
const coefficientRows = [
  [null, 24, 36],
  [1000, 0.0462, null],
  [5000, 0.0455, 0.0312],
];
const rateRows = [
  [0, 12, 37],
  [0, 0.06, 0.055],
  [10000, 0.05, 0.045],
];

beforeAll(async () => {
  t = await createTestApp();
  const post = async (url: string, body: object) => {
    const res = await t.call('POST', url, t.alpha.headers, body);
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().registration as string;
  };
  created.coefficients = await post('/api/financing/product-tables', {
    name: 'Lease coefficients',
    type: 'coefficientsTable',
    format: 'number',
    periodicity: '30',
    maxAmount: 50000,
    rows: coefficientRows,
  });
  created.rates = await post('/api/financing/product-tables', {
    name: 'Loan rates',
    type: 'ratesTable',
    format: 'percentage',
    rows: rateRows,
  });
  created.cost = await post('/api/financing/product-tables', {
    name: 'Insurance',
    type: 'costTable',
    format: 'percentage',
    periodicity: '360',
    rows: [
      [0, 1],
      [0, 0.012],
    ],
  });
  created.lease = await post('/api/financing/products', {
    name: 'Lease',
    coefficientsTableRegistration: created.coefficients,
    costTableRegistration: created.cost,
  });
  created.loan = await post('/api/financing/products', { name: 'Loan', ratesTableRegistration: created.rates });
  created.fixed = await post('/api/financing/products', { name: 'Fixed', rate: 0.04 });
});
afterAll(async () => {
  await t?.close();
});

const plan = (query: string, headers = t.alpha.headers) =>
  t.call(
    'GET',
    `/api/financing/calculator/payment-plan?startDate=2024-01-01&${query.includes('frequency=') ? '' : 'frequency=30&'}${query}`,
    headers,
  );

describe('payment plan from a product or a table', () => {
  it('a coefficients table fixes the instalment at amount × coefficient, a cost table adds its cost', async () => {
    const res = await plan(`product=${created.lease}&amount=10000&duration=36`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.instalment).toBe(312);
    expect(body.lines[0]).toMatchObject({ services: 10, instalmentExclTax: 322 });
    expect(body.totals.principal).toBe(10000);
    expect(body.product).toBe(created.lease);
    expect(body.tables).toEqual([
      {
        registration: created.coefficients,
        kind: 'coefficientsTable',
        row: 2,
        column: 2,
        value: 0.0312,
        amountBand: { from: 5000, to: 50000 },
        durationBand: { from: 36, to: null },
      },
      {
        registration: created.cost,
        kind: 'costTable',
        row: 1,
        column: 1,
        value: 0.012,
        amountBand: { from: 0, to: null },
        durationBand: { from: 1, to: null },
      },
    ]);
  });

  it('a rates table gives the rate by band, the same as giving that rate', async () => {
    const fromTable = (await plan(`product=${created.loan}&amount=12000&duration=48`)).json();
    expect(fromTable.rate).toBe(0.045);
    const given = (await plan('rate=0.045&amount=12000&duration=48')).json();
    expect(fromTable.instalment).toBe(given.instalment);
    expect((await plan(`table=${created.rates}&amount=9999.99&duration=36`)).json().rate).toBe(0.06);
    // a product's fixed rate
    expect((await plan(`product=${created.fixed}&amount=1000&duration=12`)).json().rate).toBe(0.04);
    // quarterly: 12 quarters are 36 months, and the monthly coefficient is tripled
    expect((await plan(`table=${created.coefficients}&amount=10000&duration=12&frequency=90`)).json().instalment).toBe(
      936,
    );
  });

  it('answers TABLE_VALUE_NOT_FOUND naming the amount or the duration when no band matches', async () => {
    const error = async (query: string) => (await plan(query)).json().error;
    expect(await error(`product=${created.lease}&amount=500&duration=36`)).toBe(
      `400|TABLE_VALUE_NOT_FOUND|No value in table ${created.coefficients} for amount: 500 is below the first band (1000)`,
    );
    expect(await error(`product=${created.lease}&amount=60000&duration=36`)).toBe(
      `400|TABLE_VALUE_NOT_FOUND|No value in table ${created.coefficients} for amount: 60000 is above the maximum (50000)`,
    );
    expect(await error(`product=${created.lease}&amount=2000&duration=12`)).toBe(
      `400|TABLE_VALUE_NOT_FOUND|No value in table ${created.coefficients} for duration: 12 periods of 30 days is below the first band (24)`,
    );
    expect(await error(`product=${created.lease}&amount=2000&duration=36`)).toBe(
      `400|TABLE_VALUE_NOT_FOUND|No value in table ${created.coefficients} for amount and duration: the cell for amount 2000 and duration 36 is empty`,
    );
  });

  it('refuses a rate given twice, a missing rate, unknown records and a mismatched link', async () => {
    const error = async (query: string) => (await plan(query)).json().error;
    expect(await error(`product=${created.loan}&rate=0.05&amount=12000&duration=48`)).toBe(
      `400|INVALID_FIELD_IN_QUERY|Invalid field rate in query: comes from rates table ${created.rates}`,
    );
    expect(await error(`table=${created.cost}&amount=12000&duration=48`)).toBe(
      '400|MISSING_FIELD_IN_QUERY|Missing field rate in query',
    );
    expect(await error('product=PRD999999&amount=12000&duration=48')).toBe(
      '404|ENTITY_REGISTRATION_NOT_FOUND|Entity Product with identifier PRD999999 not found',
    );
    expect(await error(`table=${created.rates};${created.rates}&amount=12000&duration=48`)).toMatch(
      /^400\|INVALID_FIELD_IN_QUERY\|Invalid field table in query: a second ratesTable/,
    );
    const wrong = (
      await t.call('POST', '/api/financing/products', t.alpha.headers, {
        name: 'Wrong',
        ratesTableRegistration: created.coefficients,
      })
    ).json().registration;
    expect(await error(`product=${wrong}&amount=12000&duration=36`)).toBe(
      `400|INVALID_FIELD_VALUE|Invalid value "${created.coefficients}" for field ratesTableRegistration (a coefficientsTable, not a ratesTable)`,
    );
  });

  it('keeps tenants apart: another tenant cannot price with these products or tables', async () => {
    expect((await plan(`product=${created.lease}&amount=10000&duration=36`, t.beta.headers)).json().error).toBe(
      `404|ENTITY_REGISTRATION_NOT_FOUND|Entity Product with identifier ${created.lease} not found`,
    );
    expect((await plan(`table=${created.rates}&amount=10000&duration=36`, t.beta.headers)).json().code).toBe(
      'ENTITY_REGISTRATION_NOT_FOUND',
    );
  });
});

describe('product table and product declarations', () => {
  it('refuse a malformed grid naming the cell, and a product with both a rate and a coefficient', async () => {
    const post = async (body: object) =>
      (
        await t.call('POST', '/api/financing/product-tables', t.alpha.headers, {
          name: 'Bad',
          type: 'ratesTable',
          ...body,
        })
      ).json().error;
    expect(
      await post({
        rows: [
          [0, 24, 12],
          [0, 0.05, 0.05],
        ],
      }),
    ).toBe('400|INVALID_TABLE|Invalid table table at rows[0][2]: band bounds must be strictly ascending');
    expect(
      await post({
        rows: [
          [0, 12],
          [0, '5 %'],
        ],
      }),
    ).toBe('400|INVALID_TABLE|Invalid table table at rows[1][1]: not a number');
    // Type and periodicity are selects: their lists refuse an unknown code before the table is read.
    expect(await post({ type: 'priceTable', rows: rateRows })).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value "priceTable" for field type',
    );
    expect(await post({ periodicity: '45', rows: rateRows })).toBe(
      '400|INVALID_FIELD_VALUE|Invalid value "45" for field periodicity',
    );
    const patched = await t.call('PATCH', `/api/financing/product-tables/${created.rates}`, t.alpha.headers, {
      rows: [[0, 12]],
    });
    expect(patched.json().error).toBe(
      `400|INVALID_TABLE|Invalid table ${created.rates} at rows: a header row and at least one amount row are required`,
    );
    const both = await t.call('POST', '/api/financing/products', t.alpha.headers, {
      name: 'Both',
      rate: 0.05,
      coefficientsTableRegistration: created.coefficients,
    });
    expect(both.json().error).toBe(
      `400|INVALID_FIELD_VALUE|Invalid value "${created.coefficients}" for field coefficientsTableRegistration`,
    );
  });
});
