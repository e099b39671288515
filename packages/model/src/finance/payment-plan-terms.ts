/**
 * The inputs of a payment plan, checked and normalised: money in minor units, rates as factors,
 * and the timeline of periods with their days and rates.
 */
import type { Decimal } from 'decimal.js';
import { dec, type Num } from './decimal.ts';
import {
  businessDayAdjuster,
  dayCountBasis,
  dayCounts,
  days360,
  monthDate,
  parseIsoDate,
  toYmd,
  type BusinessCalendar,
  type DayCount,
} from './dates.ts';
import { financeFail } from './finance-errors.ts';
import { MAX_MINOR_UNITS, factor, roundTimes, toMinor, type Factor } from './money.ts';
import { taxRateOf, type Tax } from './pricing.ts';

/** Period codes in days (spec 000 §9, 002 §9): daily, weekly, monthly, quarterly, half-yearly, yearly. */
export const frequencies = [1, 7, 30, 90, 180, 360, 365] as const;
export type Frequency = (typeof frequencies)[number];

/** How each period code steps from one due date to the next. */
const periodStep: Record<Frequency, { days: number } | { months: number }> = {
  1: { days: 1 },
  7: { days: 7 },
  30: { months: 1 },
  90: { months: 3 },
  180: { months: 6 },
  360: { months: 12 },
  365: { months: 12 },
};

export const timings = ['arrears', 'advance'] as const;
export type Timing = (typeof timings)[number];
export const deferralModes = ['interest', 'capitalised'] as const;
export type DeferralMode = (typeof deferralModes)[number];

/** A service billed with every instalment (insurance, maintenance). */
export interface PlanService {
  code: string;
  label?: string;
  /** Amount per instalment, excluding tax. */
  amount: Num;
  /** Its tax rate as a fraction; the plan's tax rate when absent. */
  taxRate?: Num;
}

export interface PaymentPlanInput {
  /** Financed amount, > 0. */
  amount: Num;
  /** Nominal annual rate as a fraction (0.05 for 5 %), from 0 to 10; solved when `instalment` is given. */
  rate?: Num;
  /**
   * A fixed regular instalment (principal + interest), e.g. amount × coefficient of a coefficients
   * table: the rate is then the one that makes these instalments repay the amount.
   */
  instalment?: Num;
  /** Number of periods (lines), deferral periods included. */
  duration: number;
  /** Period code in days: 1, 7, 30, 90, 180, 360 or 365. */
  frequency: Frequency;
  /** Instalments at the end of each period (arrears, Excel type 0, the default) or at its start (advance, type 1). */
  timing?: Timing;
  /** A different first instalment (a larger first rent), as an amount or a fraction of the amount. */
  firstPaymentAmount?: Num;
  firstPaymentPercent?: Num;
  /** Residual value or balloon: the balance left after the last instalment, due at the end of the last period. */
  residualValueAmount?: Num;
  residualValuePercent?: Num;
  /** Deferral (grace) periods at the start, in periods: interest only, or nothing paid and the interest capitalised. */
  deferral?: number;
  deferralMode?: DeferralMode;
  /** Start date `YYYY-MM-DD`: funding date and first due date in advance. */
  startDate: string;
  /** Day of the month of the due dates (monthly-based frequencies), 1 to 31; the start date's day by default. */
  paymentDay?: number;
  /** When given, due dates on weekends or holidays move to the next business day. */
  calendar?: BusinessCalendar;
  /** Day count of the interest: 30/360 (the default), ACT/360 or ACT/365. */
  dayCount?: DayCount;
  /** Tax on the instalments as a fraction, or a tax code found in `taxes`. */
  taxRate?: Num;
  taxCode?: string;
  taxes?: readonly Tax[];
  services?: readonly PlanService[];
  /** Upfront fees paid by the customer, counted in the APR. */
  fees?: Num;
  /** Decimals of the currency (2 by default; 3 for TND, 0 for XPF). */
  decimals?: number;
}

/** A period of the timeline: its interest days and rates. */
export interface Period {
  start: number;
  end: number;
  days: number;
  /** Interest rate of the period: annual rate × days / basis. */
  rate: Factor;
  /** rate / (1 + rate): the interest paid in advance on a balance. */
  discount: Factor;
}

export interface PlanTerms {
  scale: number;
  amount: number;
  rate: Decimal;
  duration: number;
  frequency: Frequency;
  advance: boolean;
  firstPayment?: number;
  residualValue: number;
  deferral: number;
  deferralMode: DeferralMode;
  dayCount: DayCount;
  taxRate: Factor;
  /** Services and their tax, per line, in minor units. */
  services: number;
  servicesTax: number;
  fees: number;
  periods: Period[];
  /** Due date of each line, and the end of the last period, business days applied. */
  dueDates: number[];
  startDate: number;
  endDate: number;
}

const MAX_DURATION = 10_000;

function oneOf<T>(value: unknown, allowed: readonly T[], name: string, fallback: T): T {
  if (value === undefined || value === null || value === '') return fallback;
  if (!allowed.includes(value as T)) financeFail('ARGUMENT_OUT_OF_RANGE', name, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

function integer(value: unknown, name: string, min: number, max: number, fallback?: number): number {
  if ((value === undefined || value === null) && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return financeFail('ARGUMENT_OUT_OF_RANGE', name, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

function atLeastZero(value: Num | undefined, name: string): Decimal {
  const d = dec(value, name, 0);
  if (d.lt(0)) financeFail('ARGUMENT_OUT_OF_RANGE', name, 'must not be negative');
  return d;
}

/** An amount given either as an amount or as a fraction of the financed amount, in minor units. */
function amountOrPercent(
  input: PaymentPlanInput,
  name: 'firstPayment' | 'residualValue',
  amount: number,
  scale: number,
) {
  const byAmount = input[`${name}Amount`],
    byPercent = input[`${name}Percent`];
  const given = (v: unknown) => v !== undefined && v !== null && v !== '';
  if (given(byAmount) && given(byPercent))
    financeFail('ARGUMENT_OUT_OF_RANGE', name, 'give an amount or a percent, not both');
  if (given(byPercent)) {
    const percent = atLeastZero(byPercent, `${name}Percent`);
    if (percent.gt(1)) financeFail('ARGUMENT_OUT_OF_RANGE', `${name}Percent`, 'must not exceed 1 (100 %)');
    return roundTimes(amount, factor(percent));
  }
  if (given(byAmount)) {
    const minor = toMinor(atLeastZero(byAmount, `${name}Amount`), scale);
    if (minor > amount) financeFail('ARGUMENT_OUT_OF_RANGE', `${name}Amount`, 'must not exceed the amount');
    return minor;
  }
  return undefined;
}

export function readTerms(input: PaymentPlanInput): PlanTerms {
  const decimals = integer(input.decimals, 'decimals', 0, 4, 2);
  const scale = 10 ** decimals;
  const amount = toMinor(dec(input.amount, 'amount'), scale);
  if (amount <= 0 || amount > MAX_MINOR_UNITS)
    financeFail('ARGUMENT_OUT_OF_RANGE', 'amount', `must be greater than 0 and at most ${MAX_MINOR_UNITS / scale}`);
  const rate = dec(input.rate, 'rate');
  if (rate.lt(0) || rate.gt(10)) financeFail('ARGUMENT_OUT_OF_RANGE', 'rate', 'must be from 0 to 10 (1000 %)');
  const frequency = input.frequency;
  if (!frequencies.includes(frequency))
    financeFail('ARGUMENT_OUT_OF_RANGE', 'frequency', `must be one of ${frequencies.join(', ')}`);
  const duration = integer(input.duration, 'duration', 1, MAX_DURATION);
  const deferral = integer(input.deferral, 'deferral', 0, duration - 1, 0);
  const firstPayment = amountOrPercent(input, 'firstPayment', amount, scale);
  if (firstPayment !== undefined) {
    if (duration - deferral < 2)
      financeFail('ARGUMENT_OUT_OF_RANGE', 'firstPayment', 'needs at least two instalments after the deferral');
    if (firstPayment >= amount) financeFail('ARGUMENT_OUT_OF_RANGE', 'firstPayment', 'must be less than the amount');
  }
  const residualValue = amountOrPercent(input, 'residualValue', amount, scale) ?? 0;
  const fees = toMinor(atLeastZero(input.fees, 'fees'), scale);
  if (fees >= amount) financeFail('ARGUMENT_OUT_OF_RANGE', 'fees', 'must be less than the amount');
  const startDate = parseIsoDate(input.startDate);
  if (startDate === undefined)
    return financeFail('INVALID_DATES', `startDate ${String(input.startDate)} is not a YYYY-MM-DD date`);
  const step = periodStep[frequency];
  if (input.paymentDay !== undefined && input.paymentDay !== null && 'days' in step) {
    financeFail(
      'ARGUMENT_OUT_OF_RANGE',
      'paymentDay',
      'applies to monthly, quarterly, half-yearly and yearly plans only',
    );
  }
  const paymentDay = integer(input.paymentDay, 'paymentDay', 1, 31, toYmd(startDate).d);
  const dayCount = oneOf(input.dayCount, dayCounts, 'dayCount', '30/360');
  const taxRate =
    input.taxRate !== undefined && input.taxRate !== null && input.taxRate !== ''
      ? atLeastZero(input.taxRate, 'taxRate')
      : taxRateOf(input.taxCode, input.taxes ?? []);
  let services = 0,
    servicesTax = 0;
  for (const [i, service] of (input.services ?? []).entries()) {
    const minor = toMinor(atLeastZero(service.amount, `services[${i}].amount`), scale);
    const serviceTax = service.taxRate === undefined ? taxRate : atLeastZero(service.taxRate, `services[${i}].taxRate`);
    services += minor;
    servicesTax += roundTimes(minor, factor(serviceTax));
  }
  const advance = oneOf(input.timing, timings, 'timing', 'arrears') === 'advance';
  const periods = timeline(startDate, paymentDay, step, duration, rate, dayCount);
  const adjust = input.calendar ? businessDayAdjuster(input.calendar) : (day: number) => day;
  const dueDates = periods.map((p) => adjust(advance ? p.start : p.end));
  return {
    scale,
    amount,
    rate,
    duration,
    frequency,
    advance,
    firstPayment,
    residualValue,
    deferral,
    deferralMode: oneOf(input.deferralMode, deferralModes, 'deferralMode', 'interest'),
    dayCount,
    taxRate: factor(taxRate),
    services,
    servicesTax,
    fees,
    periods,
    dueDates,
    startDate,
    endDate: adjust(periods[periods.length - 1].end),
  };
}

/**
 * Period boundaries from the start date: each boundary is computed from the start (not from the
 * previous one) so that a 31st comes back after a short month. With a payment day, the first
 * period runs from the start date to that day in the next period's month, and its interest is
 * counted on its own days. 30/360 counts on the nominal payment day, so every regular month is
 * 30 days. Interest runs on these unadjusted dates; business days move only the due dates.
 */
function timeline(
  start: number,
  paymentDay: number,
  step: { days: number } | { months: number },
  duration: number,
  rate: Decimal,
  dayCount: DayCount,
): Period[] {
  const { y, m, d } = toYmd(start);
  const boundary = (k: number) =>
    'days' in step ? start + k * step.days : k === 0 ? start : monthDate(y, m, k * step.months, paymentDay);
  const nominalDay = (k: number, day: number) => ('days' in step ? toYmd(day).d : k === 0 ? d : paymentDay);
  const basis = dayCountBasis[dayCount];
  const rates = new Map<number, { rate: Factor; discount: Factor }>();
  const periods: Period[] = [];
  let from = boundary(0);
  for (let k = 1; k <= duration; k++) {
    const to = boundary(k);
    const days = dayCount === '30/360' ? days360(from, nominalDay(k - 1, from), to, nominalDay(k, to)) : to - from;
    let r = rates.get(days);
    if (!r) {
      const periodRate = rate.times(days).div(basis);
      r = { rate: factor(periodRate), discount: factor(periodRate.div(periodRate.plus(1))) };
      rates.set(days, r);
    }
    periods.push({ start: from, end: to, days, ...r });
    from = to;
  }
  return periods;
}
