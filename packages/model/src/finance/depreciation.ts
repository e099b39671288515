/**
 * Asset depreciation schedules (spec 001 §3, 002 §3 and §7): straight-line and declining
 * balance over fiscal years, with pro rata temporis in the first year, as French accounting
 * does it ("linéaire" and "dégressif"). Exact to the minor unit; the lines sum to the base.
 * See README.md, "Depreciation".
 */
import type { Decimal } from 'decimal.js';
import { Dec, dec, type Num } from './decimal.ts';
import { daysInMonth, formatIsoDate, fromYmd, parseIsoDate, toYmd } from './dates.ts';
import { financeFail } from './finance-errors.ts';
import { MAX_MINOR_UNITS, toMinor } from './money.ts';

/** Methods computed here (the `depreciationMethod` list also names UNITS_OF_PRODUCTION, which needs usage data). */
export const depreciationMethods = ['LINEAR', 'DECLINING_BALANCE'] as const;
export type DepreciationMethod = (typeof depreciationMethods)[number];

export interface DepreciationInput {
  method: string;
  /** Depreciable base: acquisition cost less salvage value, > 0. */
  base: Num;
  /** Useful life in years, 1 to 100. */
  duration: number;
  /** In-service date (straight-line) or acquisition date (declining balance), `YYYY-MM-DD`. */
  startDate: string;
  /** Last month of the fiscal year (1 to 12); 12 by default (calendar years). */
  fiscalYearEndMonth?: number;
  /**
   * Declining-balance coefficient. By default the French tax one from the duration: 1.25 for 3
   * and 4 years, 1.75 for 5 and 6, 2.25 above.
   */
  coefficient?: Num;
  /** Pro rata temporis of the first fiscal year; true by default. */
  prorata?: boolean;
  /** Decimals of the currency (2 by default). */
  decimals?: number;
}

export interface DepreciationLine {
  number: number;
  /** Calendar year in which the fiscal year ends. */
  fiscalYear: number;
  startDate: string;
  endDate: string;
  /** Share of a full year depreciated: days / 360 (straight-line) or months / 12 (declining balance). */
  prorata: number;
  /** Yearly rate applied: 1 / duration, the declining rate, or 1 / remaining years after the switch. */
  rate: number;
  openingValue: number;
  depreciation: number;
  accumulated: number;
  closingValue: number;
}

export interface DepreciationSchedule {
  method: DepreciationMethod;
  base: number;
  duration: number;
  coefficient: number | null;
  lines: DepreciationLine[];
  total: number;
}

/** French declining-balance coefficients (CGI art. 39 A): by useful life in years. */
export function decliningCoefficient(years: number): Decimal {
  if (years < 3)
    return financeFail(
      'ARGUMENT_OUT_OF_RANGE',
      'duration',
      'declining balance needs a useful life of at least 3 years',
    );
  return new Dec(years <= 4 ? '1.25' : years <= 6 ? '1.75' : '2.25');
}

function integer(value: unknown, name: string, min: number, max: number, fallback?: number): number {
  if ((value === undefined || value === null) && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return financeFail('ARGUMENT_OUT_OF_RANGE', name, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

/** Last day of the fiscal year holding `day`, its fiscal years ending with month `endMonth`. */
function fiscalYearEnd(day: number, endMonth: number): number {
  const { y, m } = toYmd(day);
  const year = m <= endMonth ? y : y + 1;
  return fromYmd(year, endMonth, daysInMonth(year, endMonth));
}

/** Days from `from` to a month's end, both included, every month counted as 30 days (the 360-day year). */
function days360ToMonthEnd(from: number, to: number): number {
  const a = toYmd(from),
    b = toYmd(to);
  return 360 * (b.y - a.y) + 30 * (b.m - a.m) + 30 - Math.min(a.d, 30) + 1;
}

/** Whole months from the month of `from` to the month of `to`, both included. */
function monthsTo(from: number, to: number): number {
  const a = toYmd(from),
    b = toYmd(to);
  return 12 * (b.y - a.y) + b.m - a.m + 1;
}

interface Year {
  start: number;
  end: number;
  /** Share of a full year. */
  prorata: Decimal;
}

/** The fiscal years of the schedule from the start date: the first possibly partial. */
function fiscalYears(start: number, count: number, endMonth: number, firstShare: Decimal): Year[] {
  const years: Year[] = [];
  let from = start;
  for (let k = 0; k < count; k++) {
    const end = fiscalYearEnd(from, endMonth);
    years.push({ start: from, end, prorata: k === 0 ? firstShare : new Dec(1) });
    from = end + 1;
  }
  return years;
}

/**
 * Builds the schedule; throws FinanceError naming the argument out of range. Each line is
 * rounded half away from zero to the minor unit; the last line is what remains of the base, so
 * the lines sum to the base exactly.
 */
export function depreciationSchedule(input: DepreciationInput): DepreciationSchedule {
  const method = input.method as DepreciationMethod;
  if (!depreciationMethods.includes(method))
    financeFail('ARGUMENT_OUT_OF_RANGE', 'method', `must be one of ${depreciationMethods.join(', ')}`);
  const decimals = integer(input.decimals, 'decimals', 0, 4, 2);
  const scale = 10 ** decimals;
  const base = toMinor(dec(input.base, 'base'), scale);
  if (base <= 0 || base > MAX_MINOR_UNITS)
    financeFail('ARGUMENT_OUT_OF_RANGE', 'base', `must be greater than 0 and at most ${MAX_MINOR_UNITS / scale}`);
  const duration = integer(input.duration, 'duration', 1, 100);
  const endMonth = integer(input.fiscalYearEndMonth, 'fiscalYearEndMonth', 1, 12, 12);
  const start = parseIsoDate(input.startDate);
  if (start === undefined)
    return financeFail('INVALID_DATES', `startDate ${String(input.startDate)} is not a YYYY-MM-DD date`);
  if (input.prorata !== undefined && typeof input.prorata !== 'boolean')
    financeFail('ARGUMENT_OUT_OF_RANGE', 'prorata', 'must be true or false');
  const prorata = input.prorata ?? true;
  const firstEnd = fiscalYearEnd(start, endMonth);
  const money = (minor: number) => minor / scale;

  const lines: { year: Year; rate: Decimal; amount: number }[] = [];
  let coefficient: Decimal | null = null;
  if (method === 'LINEAR') {
    // The first year counts its days on a 360-day year from the in-service date; a partial first
    // year leaves its complement to one more line after the last full year.
    const days = prorata ? Math.min(days360ToMonthEnd(start, firstEnd), 360) : 360;
    const share = new Dec(days).div(360);
    const years = fiscalYears(start, share.eq(1) ? duration : duration + 1, endMonth, share);
    if (!share.eq(1)) {
      // The extra last line holds the complement of the first and ends the day before the anniversary.
      const last = years[years.length - 1],
        { y, m, d } = toYmd(start);
      last.prorata = new Dec(1).minus(share);
      last.end = fromYmd(y + duration, m, Math.min(d, daysInMonth(y + duration, m))) - 1;
    }
    const annuity = new Dec(base).div(duration);
    const rate = new Dec(1).div(duration);
    let left = base;
    years.forEach((year, k) => {
      const amount = k === years.length - 1 ? left : annuity.times(year.prorata).round().toNumber();
      lines.push({ year, rate, amount });
      left -= amount;
    });
    if (lines[lines.length - 1].amount < 0) spreadByCumulative(lines, base, annuity);
  } else {
    // Declining balance: the first year counts whole months from the month of acquisition and the
    // schedule ends with the duration's last fiscal year. Each year takes the declining rate of the
    // net value, until the straight-line rate over the remaining years is as large: from then on
    // the net value is spread evenly.
    coefficient =
      input.coefficient === undefined || input.coefficient === null || input.coefficient === ''
        ? decliningCoefficient(duration)
        : dec(input.coefficient, 'coefficient');
    if (coefficient.lt(1) || coefficient.gt(10))
      financeFail('ARGUMENT_OUT_OF_RANGE', 'coefficient', 'must be from 1 to 10');
    const declining = coefficient.div(duration);
    const share = prorata ? new Dec(Math.min(monthsTo(start, firstEnd), 12)).div(12) : new Dec(1);
    const years = fiscalYears(start, duration, endMonth, share);
    let net = base,
      switchRate: Decimal | undefined;
    years.forEach((year, k) => {
      const remaining = duration - k;
      if (switchRate === undefined && new Dec(1).div(remaining).gte(declining)) switchRate = new Dec(1).div(remaining);
      // After the switch each year takes the net value over the remaining years, which rounds to no
      // more than the net value, so the rounding cannot run ahead of the base.
      const amount =
        k === years.length - 1
          ? net
          : switchRate !== undefined
            ? new Dec(net).div(remaining).round().toNumber()
            : Math.min(new Dec(net).times(declining).times(year.prorata).round().toNumber(), net);
      lines.push({ year, rate: switchRate ?? declining, amount });
      net -= amount;
    });
  }

  let accumulated = 0;
  return {
    method,
    base: money(base),
    duration,
    coefficient: coefficient === null ? null : coefficient.toNumber(),
    total: money(lines.reduce((sum, line) => sum + line.amount, 0)),
    lines: lines.map(({ year, rate, amount }, k) => {
      const opening = base - accumulated;
      accumulated += amount;
      return {
        number: k + 1,
        fiscalYear: toYmd(year.end).y,
        startDate: formatIsoDate(year.start),
        endDate: formatIsoDate(year.end),
        prorata: year.prorata.toDecimalPlaces(10).toNumber(),
        rate: rate.toDecimalPlaces(10).toNumber(),
        openingValue: money(opening),
        depreciation: money(amount),
        accumulated: money(accumulated),
        closingValue: money(base - accumulated),
      };
    }),
  };
}

/**
 * Where the rounded annuities of a straight-line schedule overshoot its short last line (a
 * first year of one day over a long life), each line becomes the difference of the rounded
 * exact cumulated depreciation: no line is negative and every line stays within a minor unit.
 */
function spreadByCumulative(lines: { year: Year; amount: number }[], base: number, annuity: Decimal) {
  let exact = new Dec(0),
    previous = 0;
  lines.forEach((line, k) => {
    exact = exact.plus(annuity.times(line.year.prorata));
    const rounded = k === lines.length - 1 ? base : exact.round().toNumber();
    line.amount = rounded - previous;
    previous = rounded;
  });
}
