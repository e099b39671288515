/**
 * Rents and services linked to a published index (Index / Indice): on each anniversary of the
 * contract's start, the lines still planned and due from that day are revalued from their base
 * amount by the index of the anniversary over the index of the start, each value being the last
 * one published on or before that day. Revaluing always starts from the base amount, so rounding
 * never compounds; the formula is written on the line. Lines invoiced or paid keep their amounts.
 */
import { Dec } from './decimal.ts';
import { parseIsoDate, formatIsoDate, toYmd, monthDate } from './dates.ts';
import { financeFail } from './finance-errors.ts';
import { factor, roundTimes } from './money.ts';
import { toMinorUnits, fromMinorUnits, type ScheduleLine } from './contract-schedule.ts';
import { taxRateOf, type Tax } from './pricing.ts';

export interface IndexValue {
  date: string;
  value: number;
}

export interface IndexationInput {
  /** The contract's start date: the base of the index and of the anniversaries. */
  startDate: string;
  /** Revalue anniversaries up to this day, included. */
  asOf: string;
  /** The last anniversary already applied, if any. */
  indexedUntil?: string;
  values: readonly IndexValue[];
  lines: readonly (ScheduleLine & { baseAmountExclTax?: number; indexation?: number })[];
  taxes: readonly Tax[];
  decimals: number;
}

export interface IndexationResult {
  lines: (ScheduleLine & { baseAmountExclTax?: number; indexation?: number })[];
  indexedUntil?: string;
  applied: { anniversary: string; index: number; base: number; lines: number }[];
}

/** The last value published on or before `day`. */
function valueAt(values: readonly IndexValue[], day: string): IndexValue | undefined {
  let found: IndexValue | undefined;
  for (const v of values) if (v.date <= day && (!found || v.date > found.date)) found = v;
  return found;
}

/** Anniversaries of `start` after `after` and up to `until` (a 29 February falls on the 28th). */
export function anniversaries(start: string, until: string, after?: string): string[] {
  const { y, m, d } = toYmd(parseIsoDate(start)!);
  const out: string[] = [];
  for (let k = 1; k < 200; k++) {
    const day = formatIsoDate(monthDate(y, m, 12 * k, d));
    if (day > until) break;
    if (!after || day > after) out.push(day);
  }
  return out;
}

export function indexLines(input: IndexationInput): IndexationResult {
  const { decimals, taxes } = input;
  if (!parseIsoDate(input.asOf)) financeFail('ARGUMENT_OUT_OF_RANGE', 'date', 'a YYYY-MM-DD date is required');
  const base = valueAt(input.values, input.startDate);
  if (!base || !(base.value > 0))
    financeFail(
      'ARGUMENT_OUT_OF_RANGE',
      'indexValues',
      `no index value published on or before the start date ${input.startDate}`,
    );
  let lines = input.lines.map((l) => ({ ...l }));
  const applied: IndexationResult['applied'] = [];
  let indexedUntil = input.indexedUntil;
  for (const anniversary of anniversaries(input.startDate, input.asOf, input.indexedUntil)) {
    const index = valueAt(input.values, anniversary)!;
    let count = 0;
    lines = lines.map((l) => {
      if (l.status !== 'PLANNED' || l.dueDate < anniversary) return l;
      count++;
      const baseAmount = l.baseAmountExclTax ?? l.amountExclTax;
      const amount =
        new Dec(toMinorUnits(baseAmount, decimals)).times(index.value).div(base!.value).round().toNumber() + 0;
      const tax = roundTimes(amount, factor(taxRateOf(l.taxCode, taxes)));
      const money = (m: number) => fromMinorUnits(m, decimals);
      const capital = toMinorUnits(l.principal, decimals) + toMinorUnits(l.interest, decimals);
      return {
        ...l,
        baseAmountExclTax: baseAmount,
        amountExclTax: money(amount),
        tax: money(tax),
        amountInclTax: money(amount + tax),
        ...(capital !== 0 ? { indexation: money(amount - capital) } : {}),
        formula: `${baseAmount} × ${index.value} (index of ${index.date}) / ${base!.value} (index of ${base!.date}) = ${money(amount)}, anniversary ${anniversary}`,
      };
    });
    applied.push({ anniversary, index: index.value, base: base.value, lines: count });
    indexedUntil = anniversary;
  }
  return { lines, indexedUntil, applied };
}
