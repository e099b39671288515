/** IRR and XIRR: the rate at which a series of cashflows has a net present value of zero. */
import type { Decimal } from 'decimal.js';
import { Dec, dec, finite, type Num } from './decimal.ts';
import { parseIsoDate } from './dates.ts';
import { financeFail } from './finance-errors.ts';
import { XIRR_NEWTON_ITERATIONS, solveRate, solveRateNumber, type RateEquation } from './solver.ts';

/** Excel's IRR: periodic cashflows, the first at period 0. Leading and middle zeros are flows of 0. */
export function irr(values: readonly Num[], guess: Num = 0.1): Decimal {
  const flows = cashflows(values);
  const exact = values.map((v) => new Dec(v));
  const eq = flowEquation(
    'IRR',
    flows,
    flows.map((_, i) => i),
  );
  eq.exact = (r) => {
    // Horner's scheme in x = 1/(1 + r): v0 + x·(v1 + x·(v2 + …))
    const x = new Dec(1).div(r.plus(1));
    let sum = exact[exact.length - 1];
    for (let i = exact.length - 2; i >= 0; i--) sum = sum.times(x).plus(exact[i]);
    return sum;
  };
  return finite(solveRate(eq, dec(guess, 'guess', 0.1).toNumber()), 'IRR');
}

/**
 * Excel's XIRR: cashflows on `YYYY-MM-DD` dates, discounted over 365-day years from the first
 * date. Dates may come in any order (a date before the first gives a negative exponent: the
 * root is the same as with the dates sorted). 20 Newton iterations, then the bracketing fallback.
 * The root is not polished in decimals: with fractional powers that costs about 1.5 ms per
 * thousand flows and evaluation, for digits beyond the double the caller gets (see README.md).
 */
export function xirr(values: readonly Num[], dates: readonly string[], guess: Num = 0.1): Decimal {
  const flows = cashflows(values);
  return finite(new Dec(xirrNumber(flows, flowDays(dates, flows.length), dec(guess, 'guess', 0.1).toNumber())), 'XIRR');
}

/** XIRR in floating point: values in any unit, days as day numbers. */
export function xirrNumber(values: readonly number[], days: readonly number[], guess = 0.1): number {
  checkSigns(values);
  if (days.every((d) => d === days[0])) financeFail('SAME_DAY_TRANSACTIONS');
  const eq = flowEquation(
    'XIRR',
    values,
    days.map((d) => (d - days[0]) / 365),
  );
  return solveRateNumber(eq, guess, { newtonIterations: XIRR_NEWTON_ITERATIONS });
}

/** The cashflows as numbers, checked: a list of finite numbers, some positive and some negative. */
function cashflows(values: readonly Num[]): number[] {
  if (!Array.isArray(values) || values.length === 0) financeFail('INVALID_CASHFLOWS', 'at least one value is required');
  const flows = values.map((v, i) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() === '' ? NaN : Number(v.toString());
    if (!Number.isFinite(n)) return financeFail('INVALID_CASHFLOWS', `value ${i + 1} (${String(v)}) is not a number`);
    return n;
  });
  checkSigns(flows);
  return flows;
}

function checkSigns(values: readonly number[]): void {
  const positive = values.some((v) => v > 0),
    negative = values.some((v) => v < 0);
  if (!positive && !negative) financeFail('INVALID_CASHFLOWS', 'all values are zero');
  if (!negative) financeFail('ALL_POSITIVE_CASHFLOWS');
  if (!positive) financeFail('ALL_NEGATIVE_CASHFLOWS');
}

function flowDays(dates: readonly string[], count: number): number[] {
  if (!Array.isArray(dates) || dates.length === 0) financeFail('INVALID_DATES', 'at least one date is required');
  if (dates.length !== count) financeFail('INVALID_DATES', `${dates.length} dates for ${count} cashflows`);
  const days = dates.map((text, i) => {
    const day = parseIsoDate(text);
    if (day === undefined)
      return financeFail('INVALID_DATES', `date ${i + 1} (${String(text)}) is not a YYYY-MM-DD date`);
    return day;
  });
  if (days.every((d) => d === days[0])) financeFail('SAME_DAY_TRANSACTIONS');
  return days;
}

/**
 * Σ v·e^(-e·t) for exponents e (periods or years), t = ln(1 + r). Where that overflows, the
 * bracketing uses it multiplied by e^(c·t), c the largest exponent of a non-zero flow below
 * the zero rate and the smallest above it: the dominant term stays 1·v and nothing overflows.
 */
function flowEquation(name: string, values: readonly number[], exponents: readonly number[]): RateEquation {
  let low = -Infinity,
    high = Infinity;
  exponents.forEach((e, i) => {
    if (values[i] !== 0) {
      low = Math.max(low, e);
      high = Math.min(high, e);
    }
  });
  return {
    name,
    at(t) {
      let f = 0,
        df = 0;
      for (let i = 0; i < values.length; i++) {
        const term = values[i] * Math.exp(-exponents[i] * t);
        f += term;
        df -= exponents[i] * term;
      }
      return [f, df];
    },
    scaled(t) {
      const c = t < 0 ? low : high;
      let f = 0;
      for (let i = 0; i < values.length; i++) f += values[i] * Math.exp((c - exponents[i]) * t);
      return f;
    },
  };
}
