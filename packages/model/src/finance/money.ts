/**
 * Money in integer minor units (cents): exact in a JS number up to 2^53, so sums and differences
 * of rounded amounts never drift, and fast. Products with a rate are rounded half away from zero
 * (spec 000 §9) from the 34-digit decimal product: the floating-point product decides unless it
 * lies so close to a half that its rounding error could matter, and then the decimal one does.
 */
import type { Decimal } from 'decimal.js';
import { Dec } from './decimal.ts';

/** A multiplier held both ways: a float for the fast path, a decimal for the exact one. */
export interface Factor {
  readonly num: number;
  readonly dec: Decimal;
}

export function factor(value: Decimal): Factor {
  return { num: value.toNumber(), dec: value };
}

export const NO_FACTOR: Factor = factor(new Dec(0));

/** Amounts above this many minor units are refused, so that every sum stays exact. */
export const MAX_MINOR_UNITS = 1e13;

/** Rounds half away from zero to an integer, unless `x` may be a half misread by `error`. */
function roundFast(x: number, error: number): number | undefined {
  const a = Math.abs(x),
    whole = Math.floor(a),
    fraction = a - whole;
  if (Math.abs(fraction - 0.5) <= error) return undefined;
  const rounded = fraction > 0.5 ? whole + 1 : whole;
  return (x < 0 ? -rounded : rounded) + 0; // + 0: no -0
}

/** minor × factor rounded to minor units, exactly as the decimal product would round. */
export function roundTimes(minor: number, f: Factor): number {
  const x = minor * f.num;
  return roundFast(x, Math.abs(x) * 1e-14 + 1e-300) ?? new Dec(minor).times(f.dec).round().toNumber() + 0;
}

/**
 * A value computed in floating point with a bounded relative error, rounded to minor units; when
 * that error could change the rounding, `exact` computes it in decimals.
 */
export function roundComputed(x: number, relativeError: number, exact: () => Decimal): number {
  return roundFast(x, Math.abs(x) * relativeError + 1e-9) ?? exact().round().toNumber() + 0;
}

/** A decimal amount in minor units (rounded half away from zero). */
export function toMinor(value: Decimal, scale: number): number {
  return value.times(scale).round().toNumber() + 0;
}
