/**
 * A residual-value curve read at a term (docs/residual-values.md): the catalogue gives, for a
 * model, a year and a usage, the value of the vehicle after so many months as a percentage of its
 * price. The percentage at a term between two points is read on the straight line between them;
 * before the first point the first one's, after the last the last one's (the answer says which).
 * Exact: decimal arithmetic throughout, the percentage kept to PERCENT_DECIMALS places and the
 * amount rounded to the currency's minor unit, both half away from zero (spec 000 §9).
 */
import type { Decimal } from 'decimal.js';
import { ApiError } from '../errors.ts';
import { Dec } from './decimal.ts';

/** One point of a curve: after `months`, `percent` (0–100, a decimal string) of the price is left. */
export interface CurvePoint {
  months: number;
  percent: string;
}

/** Decimal places of a percentage read on a curve (0–100 scale): 60.123456 %. */
export const PERCENT_DECIMALS = 6;

/** A curve read at a quotation's term, as shown before it is applied and stored once it is. */
export interface ResidualValueReading {
  quotation: string;
  assetRegistration?: string;
  catalogue: string;
  modelName: string;
  manufacturerName: string;
  year: number;
  usage: string;
  points: CurvePoint[];
  /** The quotation's term in months (its periods times their months). */
  term: number;
  /** Percentage of the price left at the term (0–100, six places). */
  percent: string;
  outside?: 'before' | 'after';
  /** The price the percentage applies to, and the residual value it gives. */
  base: number;
  /** Where the price came from: the asset line, the catalogue's price new, the financed amount. */
  baseFrom: 'assetLine' | 'catalogue' | 'financedAmount';
  residualValue: number;
  currency?: string;
  /** When the curve was read (ISO date-time). */
  readAt: string;
  /** The record's version the reading was made on. */
  version: number;
}

export interface CurveReading {
  /** The percentage of the price left at the term, 0–100, to PERCENT_DECIMALS places. */
  percent: string;
  /** Set when the term lies outside the curve's months: the nearest end's value was taken. */
  outside?: 'before' | 'after';
}

const decimalOf = (value: unknown, field: string): Decimal => {
  try {
    const d = new Dec(value as string);
    if (d.isFinite()) return d;
  } catch {
    // refused below
  }
  throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(value), field]);
};

/**
 * The curve's points checked and in order of months: whole months ≥ 0, once each, percentages
 * from 0 to 100. A provider's curve that breaks these is refused rather than read.
 */
export function curvePoints(points: readonly { months: unknown; percent: unknown }[]): CurvePoint[] {
  if (!points.length) throw new ApiError('INVALID_FIELD_VALUE', ['[]', 'residualValueCurve.points']);
  const checked = points.map((p, i) => {
    if (!Number.isInteger(p.months) || (p.months as number) < 0)
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(p.months), `residualValueCurve.points[${i}].months`]);
    const percent = decimalOf(p.percent, `residualValueCurve.points[${i}].percent`);
    if (percent.isNegative() || percent.gt(100))
      throw new ApiError('INVALID_FIELD_VALUE', [percent.toString(), `residualValueCurve.points[${i}].percent`]);
    return { months: p.months as number, percent: percent.toString() };
  });
  checked.sort((a, b) => a.months - b.months);
  for (let i = 1; i < checked.length; i++)
    if (checked[i].months === checked[i - 1].months)
      throw new ApiError('INVALID_FIELD_VALUE', [
        String(checked[i].months),
        'residualValueCurve.points.months (twice)',
      ]);
  return checked;
}

/** The percentage of the price left after `term` months, read on the curve (see the file's comment). */
export function percentAt(points: readonly CurvePoint[], term: number): CurveReading {
  if (!Number.isInteger(term) || term < 0) throw new ApiError('INVALID_FIELD_VALUE', [String(term), 'duration']);
  const sorted = curvePoints(points);
  const first = sorted[0],
    last = sorted[sorted.length - 1];
  const rounded = (d: Decimal) => d.toDecimalPlaces(PERCENT_DECIMALS, Dec.ROUND_HALF_UP).toString();
  if (term < first.months) return { percent: rounded(new Dec(first.percent)), outside: 'before' };
  if (term > last.months) return { percent: rounded(new Dec(last.percent)), outside: 'after' };
  const upper = sorted.findIndex((p) => p.months >= term);
  const high = sorted[upper];
  if (high.months === term) return { percent: rounded(new Dec(high.percent)) };
  const low = sorted[upper - 1];
  // p = p0 + (p1 − p0) · (t − m0) / (m1 − m0), multiplied before dividing so that it stays exact
  // until the one rounding.
  const p0 = new Dec(low.percent),
    p1 = new Dec(high.percent);
  return {
    percent: rounded(
      p0.plus(
        p1
          .minus(p0)
          .times(term - low.months)
          .div(high.months - low.months),
      ),
    ),
  };
}

/** The residual value: `percent` (0–100) of `base`, rounded to `decimals` places. */
export function residualAmount(base: string | number, percent: string, decimals: number): string {
  return decimalOf(base, 'residualValueBase')
    .times(new Dec(percent))
    .div(100)
    .toDecimalPlaces(decimals, Dec.ROUND_HALF_UP)
    .toFixed(decimals);
}

/** A 0–100 percentage as the fraction a `percentage` field stores (60.5 → 0.605). */
export const percentFraction = (percent: string): number => new Dec(percent).div(100).toNumber();

type QuotationDoc = Record<string, unknown>;

const monthsPerPeriod: Record<number, number> = { 30: 1, 90: 3, 180: 6, 360: 12, 365: 12 };

/**
 * A quotation's term in months, which curves are read in: its number of periods times the
 * months of one (monthly 1, quarterly 3, half-yearly 6, yearly 12); weekly and daily periods
 * count their days at 365/12 a month, rounded to the nearest whole month.
 */
export function termMonths(duration: number, frequency: unknown): number {
  const days = Number(frequency ?? 30);
  const months = monthsPerPeriod[days];
  if (months !== undefined) return duration * months;
  if (days === 7 || days === 1)
    return new Dec(duration).times(days).times(12).div(365).toDecimalPlaces(0, Dec.ROUND_HALF_UP).toNumber();
  throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(frequency), 'frequency']);
}

/**
 * A saved quotation whose residual value came from a curve keeps to it (the financed records'
 * write hook, before the finance engine prices): a new term is read again from the stored curve
 * and base; a residual value typed over the curve's makes the source MANUAL. A new reading (its
 * date changed) is taken as it is. `before` is the stored quotation of the same registration.
 */
export function followCurve(q: QuotationDoc, before: QuotationDoc | undefined, decimals: number): QuotationDoc {
  if (q.residualValueSource !== 'CATALOGUE') return q;
  if (before && before.residualValueDate === q.residualValueDate && before.residualValue !== q.residualValue)
    return { ...q, residualValueSource: 'MANUAL' };
  const curve = q.residualValueCurve as { points?: { months: unknown; percent: unknown }[] } | undefined;
  const term = q.duration;
  if (!Array.isArray(curve?.points) || !curve.points.length || typeof term !== 'number' || !Number.isInteger(term))
    return q;
  if (q.residualValueBase === undefined || q.residualValueBase === null) return q;
  const { percent } = percentAt(curvePoints(curve.points), termMonths(term, q.frequency));
  return {
    ...q,
    residualValuePercent: percentFraction(percent),
    residualValue: Number(residualAmount(q.residualValueBase as number, percent, decimals)),
  };
}
