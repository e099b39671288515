import { describe, expect, it } from 'vitest';
import type { Decimal } from 'decimal.js';
import { irr, xirr, xirrNumber } from './cashflows.ts';
import { FinanceError } from './finance-errors.ts';

/** Within `tolerance` of a root computed independently with mpmath at 40 digits. */
function near(actual: Decimal, reference: string, tolerance = 1e-12) {
  expect(actual.minus(reference).abs().toNumber(), `${actual} vs ${reference}`).toBeLessThanOrEqual(tolerance);
}

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FinanceError);
    return (error as FinanceError).code;
  }
  throw new Error('no error thrown');
}

const xirrExample = {
  values: [-10000, 2750, 4250, 3250, 2750],
  dates: ['2008-01-01', '2008-03-01', '2008-10-30', '2009-02-15', '2009-04-01'],
};

describe("Microsoft's Excel documentation examples", () => {
  it('IRR', () => {
    const flows = [-70000, 12000, 15000, 18000, 21000, 26000];
    expect(irr(flows.slice(0, 5)).toDecimalPlaces(3).toNumber()).toBe(-0.021);
    expect(irr(flows).toDecimalPlaces(3).toNumber()).toBe(0.087);
    expect(irr(flows.slice(0, 3), -0.1).toDecimalPlaces(3).toNumber()).toBe(-0.444);
    near(irr(flows.slice(0, 5)), '-0.02124484827341099103105022483857289747004', 1e-25);
    near(irr(flows), '0.08663094803653161429309420250847771946562', 1e-25);
    near(irr(flows.slice(0, 3), -0.1), '-0.4435069413347405395025859847968233869686', 1e-25);
  });

  it('XIRR', () => {
    const result = xirr(xirrExample.values, xirrExample.dates);
    expect(result.toDecimalPlaces(9).toNumber()).toBe(0.373362534);
    near(result, '0.3733625335188315103084554119145548241713', 1e-15);
  });
});

describe('IRR edge cases', () => {
  it('leading and middle zero flows', () => {
    near(irr([0, 0, -1000, 300, 400, 500]), '0.08896339469334993531776567968686894276083', 1e-25);
    near(irr([-1000, 0, 0, 600, 0, 700]), '0.06701801030227637621033168572715014237593', 1e-25);
    near(irr(['-1000', '0', '0', '600', '0', '700']), '0.06701801030227637621033168572715014237593', 1e-25);
  });

  it('two sign changes: the guess picks the root, as in Excel', () => {
    // -1000 + 2500/(1+r) - 1540/(1+r)² = 0 at 10 % and 40 %
    near(irr([-1000, 2500, -1540], 0.05), '0.1', 1e-25);
    near(irr([-1000, 2500, -1540], 0.5), '0.4', 1e-25);
  });

  it('finds rates close to -100 % where spreadsheets answer #NUM!', () => {
    near(irr([-100, 1e-6]), '-0.99999999', 1e-25);
    near(irr([-1000, 0.001, 0.001, 0.001]), '-0.9899663323378600207946192273609387597103', 1e-25);
    // 1e-30 back for 1: r = -1 + 1e-30, beyond what a double can tell from -1
    expect(irr([-1, 1e-30]).plus(1).div(1e-30).toNumber()).toBeCloseTo(1, 12);
  });
});

describe('XIRR edge cases', () => {
  it('unsorted dates give the same rate', () => {
    const result = xirr(
      [2750, -10000, 3250, 4250, 2750],
      ['2008-03-01', '2008-01-01', '2009-02-15', '2008-10-30', '2009-04-01'],
    );
    near(result, '0.3733625335188315103084554119145548241713', 1e-15);
  });

  it('discounts over 365-day years, 366-day years included', () => {
    near(xirr([-1000, 1100], ['2023-01-01', '2024-01-01']), '0.1', 1e-15);
    near(xirr([-1000, 1100], ['2024-01-01', '2025-01-01']), '0.09971358593414124128721692035238702707053', 1e-15);
  });

  it('two sign changes, leading and middle zero flows', () => {
    const dates = ['2020-01-01', '2021-01-01', '2022-01-01'];
    near(xirr([-1000, 2500, -1540], dates, 0.05), '0.1010699701149532996168695894143091131922', 1e-14);
    near(xirr([-1000, 2500, -1540], dates, 0.5), '0.3939820103004804536004257160895695710849', 1e-14);
    near(
      xirr([0, -1000, 600, 600], ['2019-06-01', '2020-01-01', '2020-07-01', '2021-01-01']),
      '0.278158944317214099277383821998828878506',
      1e-14,
    );
    near(
      xirr([-1000, 0, 600, 0, 600], ['2020-01-01', '2020-03-01', '2020-07-01', '2020-09-01', '2021-01-01']),
      '0.278158944317214099277383821998828878506',
      1e-14,
    );
  });

  it('finds a rate close to -100 %', () => {
    near(xirr([-1000, 1], ['2020-01-01', '2021-01-01']), '-0.9989809471185780636346361667790286775186', 1e-15);
    // 1e-9 back for 1e6 after ten 365-day years: 1 + r = (1e-15)^(1/10)
    expect((xirrNumber([-1e6, 1e-9], [0, 3650]) + 1) / 1e-15 ** 0.1).toBeCloseTo(1, 12);
  });
});

describe('errors', () => {
  it('INVALID_CASHFLOWS', () => {
    expect(code(() => irr([]))).toBe('INVALID_CASHFLOWS');
    expect(code(() => irr([-100, 'x', 50]))).toBe('INVALID_CASHFLOWS');
    expect(code(() => irr([-100, '', 50]))).toBe('INVALID_CASHFLOWS');
    expect(code(() => irr([0, 0]))).toBe('INVALID_CASHFLOWS');
    expect(code(() => xirr([-100, Number.POSITIVE_INFINITY], ['2020-01-01', '2020-02-01']))).toBe('INVALID_CASHFLOWS');
  });

  it('INVALID_DATES', () => {
    expect(code(() => xirr([-100, 110], []))).toBe('INVALID_DATES');
    expect(code(() => xirr([-100, 110], ['2020-01-01']))).toBe('INVALID_DATES');
    expect(code(() => xirr([-100, 110], ['2020-01-01', '2020-02-30']))).toBe('INVALID_DATES');
    expect(code(() => xirr([-100, 110], ['2020-01-01', '01/02/2020']))).toBe('INVALID_DATES');
  });

  it('SAME_DAY_TRANSACTIONS, ALL_POSITIVE_CASHFLOWS, ALL_NEGATIVE_CASHFLOWS', () => {
    expect(code(() => xirr([-100, 110], ['2020-01-01', '2020-01-01']))).toBe('SAME_DAY_TRANSACTIONS');
    expect(code(() => irr([100, 110]))).toBe('ALL_POSITIVE_CASHFLOWS');
    expect(code(() => irr([-100, -110, 0]))).toBe('ALL_NEGATIVE_CASHFLOWS');
    expect(code(() => xirr([100, 110], ['2020-01-01', '2021-01-01']))).toBe('ALL_POSITIVE_CASHFLOWS');
    expect(code(() => xirr([-100, -110], ['2020-01-01', '2021-01-01']))).toBe('ALL_NEGATIVE_CASHFLOWS');
  });

  it('NO_ACCEPTABLE_RESULT when no rate above -100 % exists', () => {
    // -1000 + 2500x - 1600x² is negative for every x = 1/(1+r)
    expect(code(() => irr([-1000, 2500, -1600]))).toBe('NO_ACCEPTABLE_RESULT');
  });

  it('ARGUMENT_OUT_OF_RANGE for a guess at or below -100 %', () => {
    expect(code(() => irr([-100, 110], -1))).toBe('ARGUMENT_OUT_OF_RANGE');
    expect(code(() => xirr([-100, 110], ['2020-01-01', '2021-01-01'], -2))).toBe('ARGUMENT_OUT_OF_RANGE');
  });
});
