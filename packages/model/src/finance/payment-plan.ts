/**
 * The schedule engine: a loan or lease repaid by equal instalments, with an optional different
 * first instalment, a residual value, deferral periods, tax and services. See README.md.
 */
import type { Decimal } from 'decimal.js';
import { xirrNumber } from './cashflows.ts';
import { dayCountBasis, formatIsoDate, type DayCount } from './dates.ts';
import { Dec, dec } from './decimal.ts';
import { FinanceError, financeFail } from './finance-errors.ts';
import { roundComputed, roundTimes, toMinor } from './money.ts';
import { readTerms, type Frequency, type PaymentPlanInput, type PlanTerms, type Timing } from './payment-plan-terms.ts';

export type { PaymentPlanInput, PlanService } from './payment-plan-terms.ts';

export interface PaymentPlanLine {
  number: number;
  /** A deferral line pays interest only, or nothing (its interest is capitalised). */
  kind: 'deferral' | 'instalment';
  dueDate: string;
  /** Interest days of the line's period in the plan's day count. */
  days: number;
  openingBalance: number;
  /** principal + interest + services. */
  instalmentExclTax: number;
  /** instalmentExclTax + tax. */
  instalmentInclTax: number;
  interest: number;
  /** Repaid capital; negative on a capitalised deferral line (the balance grows by its interest). */
  principal: number;
  services: number;
  tax: number;
  closingBalance: number;
}

export interface PaymentPlanTotals {
  instalmentExclTax: number;
  instalmentInclTax: number;
  interest: number;
  principal: number;
  services: number;
  tax: number;
}

export interface PaymentPlan {
  financedAmount: number;
  /** The annual nominal rate of the plan: given, or solved from a fixed instalment. */
  rate: number;
  /** The regular instalment (principal + interest), before the last line absorbs the rounding. */
  instalment: number;
  firstPayment: number | null;
  residualValue: number;
  fees: number;
  startDate: string;
  endDate: string;
  frequency: Frequency;
  timing: Timing;
  dayCount: DayCount;
  lines: PaymentPlanLine[];
  totals: PaymentPlanTotals;
  /** Annual effective rate: XIRR of the amount, the instalments (principal + interest) and the residual value. */
  effectiveRate: number | null;
  /** Annual percentage rate: the same with the fees taken off the amount. Null when the flows have no rate. */
  apr: number | null;
}

type LineKind = 'deferral' | 'first' | 'regular' | 'last';

function lineKind(terms: PlanTerms, index: number): LineKind {
  if (index < terms.deferral) return 'deferral';
  if (index === terms.duration - 1) return 'last';
  if (index === terms.deferral && terms.firstPayment !== undefined) return 'first';
  return 'regular';
}

/** Builds the payment plan; throws FinanceError on arguments out of range. */
export function paymentPlan(input: PaymentPlanInput): PaymentPlan {
  const given = (v: unknown) => v !== undefined && v !== null && v !== '';
  const fixed = given(input.instalment);
  if (fixed && given(input.rate))
    financeFail('ARGUMENT_OUT_OF_RANGE', 'instalment', 'give a rate or an instalment, not both');
  const terms = fixed ? readTerms({ ...input, rate: impliedRate(input) }) : readTerms(input);
  let instalment: number, rows: Row[];
  if (fixed) {
    // The contractual instalment stays as given; the last line absorbs what the rounding leaves.
    instalment = toMinor(dec(input.instalment, 'instalment'), terms.scale);
    rows = buildRows(terms, instalment);
    if (rows.some((row) => row.rent < 0))
      financeFail('NO_ACCEPTABLE_RESULT', 'payment plan: the rounding of the lines exceeds the last instalment');
  } else {
    const solved = solveInstalment(terms);
    if (solved.instalment < 0)
      financeFail('ARGUMENT_OUT_OF_RANGE', 'firstPayment', 'leaves less than nothing to repay');
    ({ instalment, rows } = absorbRounding(terms, solved));
  }
  const money = (minor: number) => minor / terms.scale;
  const lines = rows.map(
    (row, i): PaymentPlanLine => ({
      number: i + 1,
      kind: i < terms.deferral ? 'deferral' : 'instalment',
      dueDate: formatIsoDate(terms.dueDates[i]),
      days: terms.periods[i].days,
      openingBalance: money(row.opening),
      instalmentExclTax: money(row.rent + terms.services),
      instalmentInclTax: money(row.rent + terms.services + row.tax),
      interest: money(row.interest),
      principal: money(row.principal),
      services: money(terms.services),
      tax: money(row.tax),
      closingBalance: money(row.opening - row.principal),
    }),
  );
  const sum = (pick: (row: Row) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const services = terms.services * rows.length,
    rent = sum((r) => r.rent),
    tax = sum((r) => r.tax);
  return {
    financedAmount: money(terms.amount),
    rate: terms.rate.toNumber(),
    instalment: money(instalment),
    firstPayment: terms.firstPayment === undefined ? null : money(terms.firstPayment),
    residualValue: money(terms.residualValue),
    fees: money(terms.fees),
    startDate: formatIsoDate(terms.startDate),
    endDate: formatIsoDate(terms.endDate),
    frequency: terms.frequency,
    timing: terms.advance ? 'advance' : 'arrears',
    dayCount: terms.dayCount,
    lines,
    totals: {
      instalmentExclTax: money(rent + services),
      instalmentInclTax: money(rent + services + tax),
      interest: money(sum((r) => r.interest)),
      principal: money(sum((r) => r.principal)),
      services: money(services),
      tax: money(tax),
    },
    effectiveRate: planRate(terms, rows, 0),
    apr: planRate(terms, rows, terms.fees),
  };
}

/** Rates searched for a fixed instalment: 0 to 1000 %, as the plan's rate argument allows. */
const MAX_RATE = 10;

/**
 * The annual rate at which `input.instalment` repays the amount down to the residual value. The
 * balance left after the last period grows with the rate, so bisection on [0, 10] finds it to
 * the resolution of a double (and 15 significant digits are kept). An instalment that repays
 * more than the amount at 0 %, or less than the interest at 1000 %, has no rate in range.
 */
function impliedRate(input: PaymentPlanInput): string {
  const terms = readTerms({ ...input, rate: 0 });
  const instalment = toMinor(dec(input.instalment, 'instalment'), terms.scale);
  if (instalment <= 0) financeFail('ARGUMENT_OUT_OF_RANGE', 'instalment', 'must be greater than 0');
  const basis = dayCountBasis[terms.dayCount];
  const balanceLeft = (annual: number) => {
    let balance = terms.amount;
    terms.periods.forEach((period, i) => {
      const growth = 1 + (annual * period.days) / basis,
        kind = lineKind(terms, i);
      if (kind === 'deferral') balance = terms.deferralMode === 'capitalised' ? balance * growth : balance;
      else {
        const rent = kind === 'first' ? terms.firstPayment! : instalment;
        balance = terms.advance ? (balance - rent) * growth : balance * growth - rent;
      }
    });
    return balance - terms.residualValue;
  };
  if (balanceLeft(0) > 0)
    financeFail('ARGUMENT_OUT_OF_RANGE', 'instalment', 'does not repay the amount even at a 0 % rate');
  if (balanceLeft(MAX_RATE) < 0)
    financeFail('ARGUMENT_OUT_OF_RANGE', 'instalment', 'repays the amount at more than a 1000 % rate');
  let low = 0,
    high = MAX_RATE;
  for (let k = 0; k < 200 && high - low > Number.EPSILON * high; k++) {
    const middle = (low + high) / 2;
    if (balanceLeft(middle) > 0) high = middle;
    else low = middle;
  }
  return ((low + high) / 2).toPrecision(15);
}

/**
 * The regular instalment P, in minor units. The balance after the last period is linear in P,
 * B = c0 + c1·P, so one pass gives P = (residual - c0) / c1. The pass runs in floating point;
 * if P lies near a half minor unit, where its rounding error could matter, it is redone in decimals.
 * `slope` = -c1: how much one minor unit more on each instalment takes off the final balance.
 */
function solveInstalment(terms: PlanTerms): { instalment: number; slope: number } {
  const exact = () => solveExact(terms);
  let c0 = terms.amount,
    c1 = 0;
  terms.periods.forEach((period, i) => {
    const growth = 1 + period.rate.num,
      kind = lineKind(terms, i);
    if (kind === 'deferral') {
      if (terms.deferralMode === 'capitalised') {
        c0 *= growth;
        c1 *= growth;
      }
    } else if (kind === 'first') {
      c0 = terms.advance ? (c0 - terms.firstPayment!) * growth : c0 * growth - terms.firstPayment!;
      c1 *= growth;
    } else {
      c0 *= growth;
      c1 = terms.advance ? (c1 - 1) * growth : c1 * growth - 1;
    }
  });
  return { instalment: roundComputed((terms.residualValue - c0) / c1, 1e-13 * terms.duration, exact), slope: -c1 };
}

function solveExact(terms: PlanTerms): Decimal {
  let c0 = new Dec(terms.amount),
    c1 = new Dec(0);
  terms.periods.forEach((period, i) => {
    const growth = period.rate.dec.plus(1),
      kind = lineKind(terms, i);
    if (kind === 'deferral') {
      if (terms.deferralMode === 'capitalised') {
        c0 = c0.times(growth);
        c1 = c1.times(growth);
      }
    } else if (kind === 'first') {
      c0 = terms.advance ? c0.minus(terms.firstPayment!).times(growth) : c0.times(growth).minus(terms.firstPayment!);
      c1 = c1.times(growth);
    } else {
      c0 = c0.times(growth);
      c1 = terms.advance ? c1.minus(1).times(growth) : c1.times(growth).minus(1);
    }
  });
  return new Dec(terms.residualValue).minus(c0).div(c1);
}

/**
 * The last line absorbs the rounding of the others. Where that rounding moves the last line by
 * more than one minor unit more on every instalment would (a coarse currency over many periods),
 * or makes it negative, the instalment moves by whole minor units while that brings it closer.
 */
function absorbRounding(
  terms: PlanTerms,
  solved: { instalment: number; slope: number },
): { instalment: number; rows: Row[] } {
  const regular = terms.periods.some((_, i) => lineKind(terms, i) === 'regular');
  let instalment = solved.instalment,
    rows = buildRows(terms, instalment);
  for (let k = 0; k < 20 && regular; k++) {
    const last = rows[rows.length - 1].rent,
      gap = last - instalment;
    let shift = Math.trunc(gap / solved.slope);
    if (shift === 0 && last < 0) shift = -1;
    if (shift === 0 || instalment + shift < 0) break;
    const candidate = buildRows(terms, instalment + shift),
      candidateLast = candidate[candidate.length - 1].rent;
    // keep a move only if it mends a negative last line or brings the last line closer
    if (last >= 0 && (candidateLast < 0 || Math.abs(candidateLast - instalment - shift) >= Math.abs(gap))) break;
    instalment += shift;
    rows = candidate;
  }
  if (rows.some((row) => row.rent < 0))
    financeFail('NO_ACCEPTABLE_RESULT', 'payment plan: the rounding of the lines exceeds the last instalment');
  return { instalment, rows };
}

interface Row {
  opening: number;
  rent: number;
  interest: number;
  principal: number;
  tax: number;
}

/**
 * The lines in minor units. Interest is the period's interest on the balance (after the
 * instalment, when paid in advance), rounded; principal is the rest of the instalment; the last
 * line repays the balance down to the residual value exactly, absorbing every rounding.
 */
function buildRows(terms: PlanTerms, instalment: number): Row[] {
  const rows: Row[] = [];
  let balance = terms.amount;
  terms.periods.forEach((period, i) => {
    const kind = lineKind(terms, i);
    let rent: number, interest: number, principal: number;
    if (kind === 'deferral' && terms.deferralMode === 'capitalised') {
      interest = roundTimes(balance, period.rate);
      principal = -interest;
      rent = 0;
    } else if (kind === 'deferral') {
      interest = roundTimes(balance, terms.advance ? period.discount : period.rate);
      principal = 0;
      rent = interest;
    } else if (kind === 'last') {
      principal = balance - terms.residualValue;
      interest = terms.advance ? roundTimes(terms.residualValue, period.discount) : roundTimes(balance, period.rate);
      rent = principal + interest;
    } else {
      rent = kind === 'first' ? terms.firstPayment! : instalment;
      interest = roundTimes(terms.advance ? balance - rent : balance, period.rate);
      principal = rent - interest;
    }
    rows.push({
      opening: balance,
      rent,
      interest,
      principal,
      tax: roundTimes(rent, terms.taxRate) + terms.servicesTax,
    });
    balance -= principal;
  });
  return rows;
}

/** XIRR of the plan's flows from the customer's side: the amount less `fees` in, the instalments and the residual value out. */
function planRate(terms: PlanTerms, rows: Row[], fees: number): number | null {
  const values = [terms.amount - fees, ...rows.map((row) => -row.rent)];
  const days = [terms.startDate, ...terms.dueDates];
  if (terms.residualValue > 0) {
    values.push(-terms.residualValue);
    days.push(terms.endDate);
  }
  try {
    return xirrNumber(values, days, terms.rate.toNumber());
  } catch (error) {
    if (error instanceof FinanceError) return null;
    throw error;
  }
}
