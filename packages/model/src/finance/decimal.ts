import { Decimal } from 'decimal.js';
import { financeFail } from './finance-errors.ts';

/**
 * The decimal type of the finance code: 34 significant digits (IEEE decimal128), rounding half
 * away from zero (spec 000 §9). A clone, so the global `Decimal` settings of other code do not
 * change these results and these settings do not leak out.
 */
export const Dec = Decimal.clone({ precision: 34, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });

/** What the finance functions accept for a number: a JS number, a numeric string or a Decimal. */
export type Num = Decimal.Value;

export const ZERO = new Dec(0);
export const ONE = new Dec(1);

/** Converts an argument, throwing ARGUMENT_OUT_OF_RANGE (naming it) when it is not a finite number. */
export function dec(value: Num | undefined, name: string, fallback?: Num): Decimal {
  if (value === undefined || value === null || value === '') {
    if (fallback === undefined) financeFail('ARGUMENT_OUT_OF_RANGE', name, 'a number is required');
    return new Dec(fallback);
  }
  let d: Decimal;
  try {
    d = new Dec(value);
  } catch {
    return financeFail('ARGUMENT_OUT_OF_RANGE', name, `${String(value)} is not a number`);
  }
  if (!d.isFinite()) financeFail('ARGUMENT_OUT_OF_RANGE', name, `${String(value)} is not a finite number`);
  return d;
}

/** Excel's `type` argument: 0 (end of period, the default) or 1 (beginning). */
export function paymentType(value: Num | undefined): 0 | 1 {
  const t = dec(value, 'type', 0);
  if (t.eq(0)) return 0;
  if (t.eq(1)) return 1;
  return financeFail('ARGUMENT_OUT_OF_RANGE', 'type', 'must be 0 or 1');
}

/** A result that must be finite (a division by zero or a root of a negative number is not); -0 becomes 0. */
export function finite(result: Decimal, fn: string): Decimal {
  if (!result.isFinite()) financeFail('NO_ACCEPTABLE_RESULT', fn);
  return result.isZero() ? ZERO : result;
}
