import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rate } from './calculators.ts';
import type { FinanceError } from './finance-errors.ts';
import { paymentPlan } from './payment-plan.ts';
import {
  checkProductTable,
  lookupTable,
  periodsPerYear,
  readGrid,
  tableTerms,
  type ProductTableInput,
} from './product-table.ts';

/** Monthly coefficients by amount (rows) and months (columns); 36 months is not offered below 5,000. */
const coefficients: ProductTableInput = {
  registration: 'PTB000001',
  type: 'coefficientsTable',
  periodicity: 30,
  maxAmount: 100000,
  rows: [
    [null, 24, 36, 48],
    [1000, 0.0462, null, 0.0241],
    [5000, 0.0455, 0.0312, 0.0236],
    [20000, 0.0449, 0.0306, 0.0231],
  ],
};

const rates: ProductTableInput = {
  registration: 'PTB000002',
  type: 'ratesTable',
  rows: [
    [0, 12, 37],
    [0, 0.06, 0.055],
    [10000, 0.05, 0.045],
  ],
};

const failure = (work: () => unknown) => {
  try {
    work();
    return 'none';
  } catch (error) {
    return (error as FinanceError).reference;
  }
};

describe('band selection', () => {
  it('takes the band whose lower bound is the largest not above the amount and the duration', () => {
    expect(lookupTable(coefficients, { amount: 5000, duration: 36 }).value.toNumber()).toBe(0.0312);
    expect(lookupTable(coefficients, { amount: 4999.99, duration: 48 }).value.toNumber()).toBe(0.0241);
    expect(lookupTable(coefficients, { amount: 19999.99, duration: 47 }).value.toNumber()).toBe(0.0312);
    expect(lookupTable(coefficients, { amount: 20000, duration: 60 })).toMatchObject({
      row: 3,
      column: 3,
      amountBand: { from: 20000, to: 100000 },
      durationBand: { from: 48, to: null },
    });
    expect(lookupTable(coefficients, { amount: 100000, duration: 24 }).value.toNumber()).toBe(0.0449);
    expect(lookupTable(rates, { amount: 9999, duration: 36 }).value.toNumber()).toBe(0.06);
  });

  it('answers TABLE_VALUE_NOT_FOUND naming the amount or the duration', () => {
    expect(failure(() => lookupTable(coefficients, { amount: 999, duration: 36 }))).toBe(
      '400|TABLE_VALUE_NOT_FOUND|No value in table PTB000001 for amount: 999 is below the first band (1000)',
    );
    expect(failure(() => lookupTable(coefficients, { amount: 100000.01, duration: 36 }))).toBe(
      '400|TABLE_VALUE_NOT_FOUND|No value in table PTB000001 for amount: 100000.01 is above the maximum (100000)',
    );
    expect(failure(() => lookupTable(coefficients, { amount: 2000, duration: 12 }))).toBe(
      '400|TABLE_VALUE_NOT_FOUND|No value in table PTB000001 for duration: 12 periods of 30 days is below the first band (24)',
    );
    expect(failure(() => lookupTable(coefficients, { amount: 2000, duration: 36 }))).toBe(
      '400|TABLE_VALUE_NOT_FOUND|No value in table PTB000001 for amount and duration: the cell for amount 2000 and duration 36 is empty',
    );
    expect(failure(() => lookupTable({ ...coefficients, maxDuration: 60 }, { amount: 2000, duration: 61 }))).toMatch(
      /for duration: 61 periods of 30 days is above the maximum \(60\)$/,
    );
  });

  it('agrees with a linear scan of the bounds (property)', () => {
    const amounts = [1000, 5000, 20000];
    const months = [24, 36, 48];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 120 }), (cents, duration) => {
        const amount = cents / 100;
        const i = amounts.findLastIndex((bound) => bound <= amount);
        const j = months.findLastIndex((bound) => bound <= duration);
        const expected =
          i < 0 || j < 0 || amount > 100000 ? undefined : (coefficients.rows as (number | null)[][])[i + 1][j + 1];
        let found: number | undefined | null;
        try {
          found = lookupTable(coefficients, { amount, duration }).value.toNumber();
        } catch (error) {
          expect((error as FinanceError).code).toBe('TABLE_VALUE_NOT_FOUND');
          found = expected === null ? null : undefined;
        }
        expect(found).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('periodicity', () => {
  it('converts as spec 002 §9 says: 30 days is 12 periods a year, 90 is 4, 180 is 2, otherwise 1', () => {
    expect([30, 90, 180, 360, 365, 7].map(periodsPerYear)).toEqual([12, 4, 2, 1, 1, 1]);
  });

  it('reads a quarterly plan in months and scales a monthly coefficient to the quarter', () => {
    const terms = tableTerms(coefficients, { amount: 6000, duration: 12, frequency: 90 });
    expect(terms.match.duration.toNumber()).toBe(36);
    expect(terms.coefficient!.toNumber()).toBeCloseTo(0.0936, 12);
    expect(tableTerms(coefficients, { amount: 6000, duration: 36, frequency: 30 }).coefficient!.toNumber()).toBe(
      0.0312,
    );
  });

  it('keeps rates annual, and gives a cost per plan period', () => {
    expect(tableTerms(rates, { amount: 12000, duration: 4, frequency: 90 }).rate!.toNumber()).toBe(0.05);
    const cost: ProductTableInput = {
      type: 'costTable',
      periodicity: 360,
      format: 'percentage',
      rows: [
        [0, 1],
        [0, 0.012],
      ],
    };
    expect(tableTerms(cost, { amount: 10000, duration: 36, frequency: 30 }).cost!.toNumber()).toBe(10);
    expect(
      tableTerms(
        {
          ...cost,
          format: 'currency',
          periodicity: 30,
          rows: [
            [0, 1],
            [0, 9.5],
          ],
        },
        { amount: 10000, duration: 12, frequency: 90 },
      ).cost!.toNumber(),
    ).toBe(28.5);
  });

  it('refuses to convert between weekly or daily and monthly periods', () => {
    expect(failure(() => tableTerms(coefficients, { amount: 6000, duration: 52, frequency: 7 }))).toBe(
      '400|ARGUMENT_OUT_OF_RANGE|Argument frequency is out of range: a table of 30-day periods serves only 30-day plans',
    );
  });
});

describe('grid checks', () => {
  it('names the cell that is wrong', () => {
    expect(failure(() => readGrid([[0, 12]], 'T'))).toBe(
      '400|INVALID_TABLE|Invalid table T at rows: a header row and at least one amount row are required',
    );
    expect(
      failure(() =>
        readGrid(
          [
            [0, 24, 12],
            [0, 1, 2],
          ],
          'T',
        ),
      ),
    ).toBe('400|INVALID_TABLE|Invalid table T at rows[0][2]: band bounds must be strictly ascending');
    expect(
      failure(() =>
        readGrid(
          [
            [0, 12],
            [100, 1],
            [50, 2],
          ],
          'T',
        ),
      ),
    ).toBe('400|INVALID_TABLE|Invalid table T at rows[2][0]: band bounds must be strictly ascending');
    expect(
      failure(() =>
        readGrid(
          [
            [0, 12],
            [0, 'x'],
          ],
          'T',
        ),
      ),
    ).toBe('400|INVALID_TABLE|Invalid table T at rows[1][1]: not a number');
    expect(
      failure(() =>
        readGrid(
          [
            [0, 12],
            [0, 1, 2],
          ],
          'T',
        ),
      ),
    ).toBe('400|INVALID_TABLE|Invalid table T at rows[1]: must have 2 cells like the header row');
    expect(
      failure(() =>
        readGrid(
          [
            [0, null],
            [0, 1],
          ],
          'T',
        ),
      ),
    ).toBe('400|INVALID_TABLE|Invalid table T at rows[0][1]: a duration bound is required');
    expect(failure(() => checkProductTable({ ...coefficients, maxAmount: 10 }))).toMatch(
      /at maxAmount: must not be below the last amount band$/,
    );
    expect(failure(() => checkProductTable({ type: 'priceTable' }))).toMatch(
      /at type: must be one of ratesTable, coefficientsTable, costTable$/,
    );
    expect(failure(() => checkProductTable({ periodicity: 45 }))).toMatch(/at periodicity/);
    expect(failure(() => checkProductTable(coefficients))).toBe('none');
  });
});

describe('in the payment plan', () => {
  it('a coefficient fixes the instalment at amount × coefficient and the rate is solved', () => {
    const { coefficient } = tableTerms(coefficients, { amount: 10000, duration: 36, frequency: 30 });
    const plan = paymentPlan({
      amount: 10000,
      instalment: coefficient!.times(10000).toString(),
      duration: 36,
      frequency: 30,
      startDate: '2024-01-01',
    });
    expect(plan.instalment).toBe(312);
    expect(plan.lines.slice(0, 35).every((line) => line.instalmentExclTax === 312)).toBe(true);
    expect(Math.abs(plan.lines[35].instalmentExclTax - 312)).toBeLessThanOrEqual(0.05);
    expect(plan.totals.principal).toBe(10000);
    // 30/360 makes every period a twelfth of a year: the rate is Excel's RATE(36, -312, 10000) × 12.
    expect(plan.rate).toBeCloseTo(rate(36, -312, 10000).times(12).toNumber(), 12);
    // The same rate given back gives the same instalment.
    expect(
      paymentPlan({ amount: 10000, rate: plan.rate, duration: 36, frequency: 30, startDate: '2024-01-01' }).instalment,
    ).toBe(312);
  });

  it('refuses an instalment that cannot repay the amount', () => {
    expect(
      failure(() =>
        paymentPlan({ amount: 10000, instalment: 100, duration: 36, frequency: 30, startDate: '2024-01-01' }),
      ),
    ).toBe(
      '400|ARGUMENT_OUT_OF_RANGE|Argument instalment is out of range: does not repay the amount even at a 0 % rate',
    );
  });
});
