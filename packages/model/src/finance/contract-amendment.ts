/**
 * What an amendment does to a running contract's schedules, computed before it is applied so
 * that the user sees the lines before and after (spec 001 §3 amendments). Only lines not yet
 * invoiced change: the cut is the first such line due on or after the amendment's date (for an
 * early termination, due after it), and every line before the cut stays as it is.
 *
 * - Rate, duration and payment-day changes and partial prepayments re-plan the capital still due
 *   at the cut with the finance engine, from the start of the cut line's period (the previous due
 *   date in arrears, its own due date in advance): that whole period takes the new terms.
 * - A partial prepayment lowers that capital by its amount, from the same period start.
 * - An early termination cancels every line after the cut and asks, on the amendment's date, the
 *   capital still due + the interest accrued since the last due date (none when instalments are
 *   paid in advance, as the period's interest was) + the indemnity of the product's rule
 *   (a rate of the capital still due).
 * - An asset swap changes no line.
 */
import { Dec } from './decimal.ts';
import { dayCountBasis, days360, parseIsoDate, toYmd } from './dates.ts';
import { paymentPlan } from './payment-plan.ts';
import type { Tax } from './pricing.ts';
import {
  elementTotals,
  fromMinorUnits,
  planInputOf,
  rentLines,
  serviceLines,
  toMinorUnits,
  type QuotationTerms,
  type ScheduleLine,
} from './contract-schedule.ts';
import { financeFail } from './finance-errors.ts';

export const amendmentKinds = [
  'RATE_CHANGE',
  'DURATION_CHANGE',
  'PAYMENT_DATE_CHANGE',
  'PARTIAL_PREPAYMENT',
  'EARLY_TERMINATION',
  'ASSET_CHANGE',
] as const;
export type AmendmentKind = (typeof amendmentKinds)[number];

/** A stored element as the amendment reads it. */
export interface ElementSchedule {
  registration: string;
  type: string;
  code: string;
  taxCode?: string;
  lines: ScheduleLine[];
}

export interface AmendmentInput {
  type: AmendmentKind;
  /** Effective date `YYYY-MM-DD`. */
  date: string;
  rate?: number;
  duration?: number;
  paymentDay?: number;
  prepaymentAmount?: number;
  /** Indemnity of an early termination or prepayment, as a fraction of the capital still due. */
  indemnityRate?: number;
}

/** The contract as it runs: its start, the terms in force and its elements. */
export interface RunningContract {
  startDate: string;
  terms: QuotationTerms;
  elements: ElementSchedule[];
  decimals: number;
  taxes: readonly Tax[];
}

export interface Settlement {
  date: string;
  outstandingPrincipal: number;
  accruedInterest: number;
  indemnity: number;
  prepayment?: number;
  total: number;
}

export interface ElementChange {
  registration: string;
  code: string;
  before: ScheduleLine[];
  after: ScheduleLine[];
  /** The whole schedule once applied. */
  lines: ScheduleLine[];
  totals: { totalExclTax: number; totalTax: number; totalPayment: number };
}

export interface AmendmentPreview {
  type: AmendmentKind;
  /** Number of the first rent line that changes. */
  cutNumber: number;
  /** The terms in force after the amendment. */
  terms: QuotationTerms;
  instalmentBefore?: number;
  instalmentAfter?: number;
  changes: ElementChange[];
  settlement?: Settlement;
  /** Capital still due after the amendment (0 once terminated). */
  outstandingPrincipal: number;
  nextDueDate?: string;
}

const periodic = (e: ElementSchedule) => e.type === 'RENT' || e.type === 'INSTALMENT';
const invoicedOrPaid = (l: ScheduleLine) => l.status === 'INVOICED' || l.status === 'PAID';

function fail(field: string, why: string): never {
  return financeFail('ARGUMENT_OUT_OF_RANGE', field, why);
}

/** Index of the first line that may change: not invoiced, due on/after (or after) `date`, after every invoiced line. */
function cutIndex(lines: ScheduleLine[], date: string, strictlyAfter: boolean): number {
  let lastBilled = -1;
  lines.forEach((l, i) => {
    if (invoicedOrPaid(l)) lastBilled = i;
  });
  const first = lines.findIndex(
    (l, i) => i > lastBilled && l.status === 'PLANNED' && (strictlyAfter ? l.dueDate > date : l.dueDate >= date),
  );
  return first;
}

/** Interest from `from` to `to` on `balance` minor units, 30/360 (the engine's default day count). */
function accrued(balanceMinor: number, rate: number, from: string, to: string): number {
  const a = parseIsoDate(from)!,
    b = parseIsoDate(to)!;
  if (b <= a) return 0;
  const days = days360(a, toYmd(a).d, b, toYmd(b).d);
  return new Dec(balanceMinor).times(rate).times(days).div(dayCountBasis['30/360']).round().toNumber() + 0;
}

const lineKey = (l: ScheduleLine) =>
  `${l.number}|${l.dueDate}|${l.amountExclTax}|${l.tax}|${l.principal}|${l.interest}|${l.status}`;
function sameLines(a: ScheduleLine[], b: ScheduleLine[]): boolean {
  return a.length === b.length && a.every((l, i) => lineKey(l) === lineKey(b[i]));
}

/** The preview as shown and stored: each change's lines before and after, without the whole schedule once applied. */
export function shownPreview(
  preview: AmendmentPreview,
): Omit<AmendmentPreview, 'changes'> & { changes: Omit<ElementChange, 'lines'>[] } {
  return { ...preview, changes: preview.changes.map(({ lines: _whole, ...change }) => change) };
}

/** The schedules and the settlement an amendment would give; throws a FinanceError naming a bad input. */
export function previewAmendment(contract: RunningContract, amendment: AmendmentInput): AmendmentPreview {
  const { decimals, taxes } = contract;
  if (!parseIsoDate(amendment.date)) fail('date', 'a YYYY-MM-DD date is required');
  const rent = contract.elements.find(periodic);
  if (!rent) fail('contractRegistration', 'the contract has no rent or instalment element: activate it first');
  const terms: QuotationTerms = { ...contract.terms };
  const termination = amendment.type === 'EARLY_TERMINATION';
  const cut = cutIndex(rent.lines, amendment.date, termination);
  const live = rent.lines.filter((l) => l.status !== 'CANCELLED');
  const regular = live.find((l) => l.number > 1) ?? live[0];
  const base: AmendmentPreview = {
    type: amendment.type,
    cutNumber: cut < 0 ? rent.lines.length + 1 : rent.lines[cut].number,
    terms,
    instalmentBefore: regular ? regular.principal + regular.interest : undefined,
    changes: [],
    outstandingPrincipal: 0,
  };
  const openingOf = (index: number) => toMinorUnits(rent.lines[index].openingBalance ?? 0, decimals);
  if (amendment.type === 'ASSET_CHANGE') {
    base.outstandingPrincipal = cut < 0 ? 0 : fromMinorUnits(openingOf(cut), decimals);
    base.instalmentAfter = base.instalmentBefore;
    return base;
  }
  if (cut < 0) fail('date', `every line of ${rent.code} due from ${amendment.date} is already invoiced`);
  const periodStart =
    (terms.timing ?? 'arrears') === 'advance'
      ? rent.lines[cut].dueDate
      : cut > 0
        ? rent.lines[cut - 1].dueDate
        : contract.startDate;
  const balance = openingOf(cut);
  const residual = toMinorUnits(terms.residualValue ?? terms.balloon ?? 0, decimals);
  const indemnityRate = new Dec(amendment.indemnityRate ?? 0);

  if (termination) {
    const interest =
      (terms.timing ?? 'arrears') === 'advance'
        ? 0
        : accrued(balance, Number(terms.rate ?? 0), periodStart, amendment.date);
    const indemnity = new Dec(balance).times(indemnityRate).round().toNumber() + 0;
    const money = (m: number) => fromMinorUnits(m, decimals);
    base.settlement = {
      date: amendment.date,
      outstandingPrincipal: money(balance),
      accruedInterest: money(interest),
      indemnity: money(indemnity),
      total: money(balance + interest + indemnity),
    };
    for (const element of contract.elements) {
      const from = element === rent ? cut : cutIndex(element.lines, amendment.date, true);
      if (from < 0) continue;
      const before = element.lines.slice(from).filter((l) => l.status === 'PLANNED');
      if (!before.length) continue;
      const lines = element.lines.map((l, i) =>
        i >= from && l.status === 'PLANNED' ? { ...l, status: 'CANCELLED' as const } : l,
      );
      base.changes.push({
        registration: element.registration,
        code: element.code,
        before,
        after: [],
        lines,
        totals: elementTotals(lines, decimals),
      });
    }
    base.instalmentAfter = 0;
    return base;
  }

  let amount = balance;
  if (amendment.type === 'PARTIAL_PREPAYMENT') {
    const prepayment = toMinorUnits(amendment.prepaymentAmount ?? 0, decimals);
    if (prepayment <= 0) fail('prepaymentAmount', 'must be greater than 0');
    if (prepayment >= balance - residual)
      fail(
        'prepaymentAmount',
        `must be less than the capital still due above the residual value (${fromMinorUnits(balance - residual, decimals)})`,
      );
    amount = balance - prepayment;
    const indemnity = new Dec(prepayment).times(indemnityRate).round().toNumber() + 0;
    const money = (m: number) => fromMinorUnits(m, decimals);
    base.settlement = {
      date: amendment.date,
      outstandingPrincipal: money(balance),
      accruedInterest: 0,
      indemnity: money(indemnity),
      prepayment: money(prepayment),
      total: money(prepayment + indemnity),
    };
  }
  if (amendment.type === 'RATE_CHANGE') {
    if (amendment.rate === undefined || amendment.rate === null || !(amendment.rate >= 0 && amendment.rate <= 10))
      fail('rate', 'a new annual rate from 0 to 10 (1000 %) is required');
    terms.rate = amendment.rate;
  }
  let remaining = rent.lines.length - cut;
  if (amendment.type === 'DURATION_CHANGE') {
    if (!Number.isInteger(amendment.duration) || amendment.duration! <= cut)
      fail('duration', `the new duration must be a whole number of periods above the ${cut} already run`);
    remaining = amendment.duration! - cut;
    terms.duration = amendment.duration;
  }
  if (amendment.type === 'PAYMENT_DATE_CHANGE') {
    if (!Number.isInteger(amendment.paymentDay) || amendment.paymentDay! < 1 || amendment.paymentDay! > 31)
      fail('paymentDay', 'a day of the month from 1 to 31 is required');
    terms.paymentDay = amendment.paymentDay;
  }
  // The capital due at the cut, re-planned over the remaining periods with the terms in force.
  const plan = paymentPlan(
    planInputOf(
      {
        ...terms,
        financedAmountExclTax: fromMinorUnits(amount, decimals),
        duration: remaining,
        firstPayment: null,
        deferral: 0,
        fees: [],
      },
      periodStart,
      taxes,
      decimals,
    ),
  );
  const firstNumber = rent.lines[cut].number;
  const newRent = rentLines(plan, rent.taxCode, taxes, decimals, firstNumber);
  const dueDates = plan.lines.map((l) => l.dueDate);
  for (const element of contract.elements) {
    let after: ScheduleLine[], from: number;
    if (element === rent) {
      from = cut;
      after = newRent;
    } else if (element.type === 'RESIDUAL_VALUE') {
      from = element.lines.findIndex((l) => l.status === 'PLANNED');
      if (from < 0 || element.lines[from].dueDate === plan.endDate) continue;
      after = [{ ...element.lines[from], dueDate: plan.endDate }];
    } else if (
      element.type === 'FEE' ||
      element.type === 'ASSET_PURCHASE' ||
      element.type === 'SETTLEMENT' ||
      element.type === 'PREPAYMENT'
    ) {
      continue;
    } else {
      // A service billed with each instalment follows the new due dates.
      from = cutIndex(element.lines, rent.lines[cut].dueDate, false);
      if (from < 0) continue;
      const sample = element.lines[from];
      after = serviceLines(dueDates, sample.amountExclTax, sample.taxCode, taxes, decimals, sample.number);
    }
    const before = element.lines.slice(from);
    // A schedule the amendment leaves as it was (a service's lines under a rate change) is not a change.
    if (sameLines(before, after)) continue;
    const lines = [...element.lines.slice(0, from), ...after];
    base.changes.push({
      registration: element.registration,
      code: element.code,
      before,
      after,
      lines,
      totals: elementTotals(lines, decimals),
    });
  }
  const afterRegular = newRent.find((l) => l.number > firstNumber) ?? newRent[0];
  base.instalmentAfter = afterRegular.principal + afterRegular.interest;
  base.outstandingPrincipal = fromMinorUnits(amount, decimals);
  base.nextDueDate = newRent[0]?.dueDate;
  return base;
}
