/**
 * From a priced offer to the schedules a contract is billed by (spec 001 §3 contract elements,
 * 000 §9 rounding): the terms of a quotation as payment-plan input, and the elements activation
 * freezes — the rent or loan instalment, each service, each fee, the residual value (purchase
 * option) and the purchase of the asset from its supplier — each with its lines. Amounts are
 * held in integer minor units while they are summed, so the lines of an element add up to its
 * totals exactly. Pure: the server reads and writes the records.
 */
import { Dec, type Num } from './decimal.ts';
import { paymentPlan, type PaymentPlan, type PaymentPlanInput } from './payment-plan.ts';
import type { Frequency, Timing, DeferralMode } from './payment-plan-terms.ts';
import { taxRateOf, type Tax } from './pricing.ts';
import { factor, roundTimes } from './money.ts';

export const lineStatuses = ['PLANNED', 'INVOICED', 'PAID', 'CANCELLED'] as const;
export type LineStatus = (typeof lineStatuses)[number];

/** One stored line of an element's schedule: what billing reads. */
export interface ScheduleLine {
  number: number;
  dueDate: string;
  amountExclTax: number;
  tax: number;
  amountInclTax: number;
  interest: number;
  principal: number;
  /** Capital still due before this line (rent and loan lines). */
  openingBalance?: number;
  taxCode?: string;
  status: LineStatus;
  indemnity?: number;
  /** How an indexed amount was computed (indexation). */
  formula?: string;
  /** The invoice that billed it (INVOICED and PAID lines). */
  invoiceRegistration?: string;
}

/** A contract element before it is numbered and stored. */
export interface ElementDraft {
  type: string;
  code: string;
  name: string;
  pr: 'P' | 'R';
  payerRegistration?: string;
  payeeRegistration?: string;
  groupKey: string;
  currency: string;
  taxCode?: string;
  startDate: string;
  endDate: string;
  totalPayment: number;
  totalExclTax: number;
  totalTax: number;
  quotationRegistration?: string;
  /** Revalued each anniversary from the product's index (finance/indexation.ts). */
  indexed?: boolean;
  lines: ScheduleLine[];
}

/** A service or a fee of a quotation. */
export interface Charge {
  code?: string;
  label?: string;
  type?: string;
  amount?: number | null;
  taxCode?: string;
  payeeRegistration?: string;
  indexed?: boolean;
}

/** The quotation terms the schedule needs (contract-fields.ts `quotationFields`). */
export interface QuotationTerms {
  registration?: string;
  productRegistration?: string;
  financialProduct?: string;
  financedAmountExclTax?: number | null;
  rate?: number | null;
  duration?: number | null;
  frequency?: string | number | null;
  timing?: string | null;
  paymentDay?: number | null;
  residualValue?: number | null;
  balloon?: number | null;
  firstPayment?: number | null;
  deferral?: number | null;
  deferralMode?: string | null;
  taxCode?: string | null;
  services?: Charge[];
  fees?: Charge[];
  /** The rent is linked to the product's index. */
  indexed?: boolean | null;
}

/** What a product's tables give instead of the quotation's own rate (server: product-terms.ts). */
export interface TermsFromProduct {
  rate?: string;
  instalment?: string;
}

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A quotation's terms as the finance engine's input, from `startDate`. */
export function planInputOf(
  q: QuotationTerms,
  startDate: string,
  taxes: readonly Tax[],
  decimals: number,
  product: TermsFromProduct = {},
): PaymentPlanInput {
  const residual = given(q.residualValue) ? q.residualValue : q.balloon;
  const input: PaymentPlanInput = {
    amount: q.financedAmountExclTax as Num,
    duration: Number(q.duration),
    frequency: Number(q.frequency ?? 30) as Frequency,
    timing: (q.timing ?? 'arrears') as Timing,
    startDate,
    decimals,
    taxRate: taxRateOf(q.taxCode ?? undefined, taxes),
  };
  if (given(product.instalment)) input.instalment = product.instalment;
  else if (given(product.rate)) input.rate = product.rate;
  else input.rate = (q.rate ?? undefined) as Num;
  if (given(residual)) input.residualValueAmount = residual as Num;
  if (given(q.firstPayment)) input.firstPaymentAmount = q.firstPayment as Num;
  if (given(q.deferral)) input.deferral = Number(q.deferral);
  if (given(q.deferralMode)) input.deferralMode = q.deferralMode as DeferralMode;
  if (given(q.paymentDay)) input.paymentDay = Number(q.paymentDay);
  const fees = (q.fees ?? []).reduce((sum, fee) => sum.plus(fee.amount ?? 0), new Dec(0));
  if (!fees.isZero()) input.fees = fees;
  return input;
}

/**
 * Minor units of a money number, and back. An amount already in minor units (the usual case)
 * lies within a hair of a whole number once scaled, and rounds exactly in floating point; any
 * other goes through the decimals, rounded half away from zero.
 */
export function toMinorUnits(value: number | null | undefined, decimals: number): number {
  const scaled = (value ?? 0) * 10 ** decimals,
    whole = Math.round(scaled);
  if (Math.abs(scaled - whole) < 1e-6 && Math.abs(scaled) < 1e13) return whole + 0;
  return (
    new Dec(value ?? 0)
      .times(10 ** decimals)
      .round()
      .toNumber() + 0
  );
}
export const fromMinorUnits = (minor: number, decimals: number) => minor / 10 ** decimals;
/** Tax on an amount in minor units, rounded half away from zero (exact: money.ts `roundTimes`). */
const taxOn = (minor: number, rate: InstanceType<typeof Dec>) => roundTimes(minor, factor(rate));

/** A line from minor units. */
function line(
  number: number,
  dueDate: string,
  exclTax: number,
  tax: number,
  decimals: number,
  extra: Partial<ScheduleLine> = {},
): ScheduleLine {
  const money = (minor: number) => fromMinorUnits(minor, decimals);
  return {
    number,
    dueDate,
    amountExclTax: money(exclTax),
    tax: money(tax),
    amountInclTax: money(exclTax + tax),
    interest: 0,
    principal: 0,
    status: 'PLANNED',
    ...extra,
  };
}

/** Rent (or loan instalment) lines of a plan: principal + interest each, with the rent's tax. */
export function rentLines(
  plan: PaymentPlan,
  taxCode: string | undefined,
  taxes: readonly Tax[],
  decimals: number,
  firstNumber = 1,
): ScheduleLine[] {
  const rate = taxRateOf(taxCode, taxes);
  const minor = (v: number) => toMinorUnits(v, decimals);
  return plan.lines.map((l, i) => {
    const principal = minor(l.principal),
      interest = minor(l.interest),
      rent = principal + interest;
    return line(firstNumber + i, l.dueDate, rent, taxOn(rent, rate), decimals, {
      interest: l.interest,
      principal: l.principal,
      openingBalance: l.openingBalance,
      ...(taxCode ? { taxCode } : {}),
    });
  });
}

/** A service billed with each instalment: one line per due date. */
export function serviceLines(
  dueDates: readonly string[],
  amount: number,
  taxCode: string | undefined,
  taxes: readonly Tax[],
  decimals: number,
  firstNumber = 1,
): ScheduleLine[] {
  const each = toMinorUnits(amount, decimals),
    tax = taxOn(each, taxRateOf(taxCode, taxes));
  return dueDates.map((dueDate, i) => line(firstNumber + i, dueDate, each, tax, decimals, taxCode ? { taxCode } : {}));
}

/** An element's totals from its lines (cancelled lines are not due), summed in minor units. */
export function elementTotals(
  lines: readonly ScheduleLine[],
  decimals: number,
): { totalExclTax: number; totalTax: number; totalPayment: number } {
  let exclTax = 0,
    tax = 0;
  for (const l of lines) {
    if (l.status === 'CANCELLED') continue;
    exclTax += toMinorUnits(l.amountExclTax, decimals);
    tax += toMinorUnits(l.tax, decimals);
  }
  return {
    totalExclTax: fromMinorUnits(exclTax, decimals),
    totalTax: fromMinorUnits(tax, decimals),
    totalPayment: fromMinorUnits(exclTax + tax, decimals),
  };
}

/** The parties an element is billed between. */
export interface Parties {
  client?: string;
  /** The lessor or lender: the contract's ORGANIZATION person. */
  lessor?: string;
  supplier?: string;
}

export interface ContractScheduleInput {
  registration: string;
  contractType?: string;
  currency: string;
  decimals: number;
  startDate: string;
  quotation: QuotationTerms;
  product?: TermsFromProduct;
  parties: Parties;
  /** The purchase of the financed assets: their price excluding tax and the tax on it. */
  purchase?: { exclTax: number; tax: number; taxCode?: string };
  taxes: readonly Tax[];
}

function draft(
  input: ContractScheduleInput,
  fields: Omit<
    ElementDraft,
    | 'currency'
    | 'totalPayment'
    | 'totalExclTax'
    | 'totalTax'
    | 'startDate'
    | 'endDate'
    | 'groupKey'
    | 'quotationRegistration'
  > & { groupKey?: string },
): ElementDraft {
  const { lines } = fields;
  return {
    groupKey: `${input.registration}-${fields.pr}`,
    ...fields,
    currency: input.currency,
    startDate: lines[0]?.dueDate ?? input.startDate,
    endDate: lines[lines.length - 1]?.dueDate ?? input.startDate,
    ...elementTotals(lines, input.decimals),
  };
}

const isLoan = (input: ContractScheduleInput) =>
  input.contractType === 'LOAN' || /LOAN/.test(input.quotation.financialProduct ?? '');

/**
 * The elements activation writes, and the plan they come from. Receivables are paid by the
 * client to the lessor; the purchase of the asset is payable by the lessor to the supplier.
 */
export function contractSchedule(input: ContractScheduleInput): { plan: PaymentPlan; elements: ElementDraft[] } {
  const { quotation: q, decimals, taxes, parties } = input;
  const plan = paymentPlan(planInputOf(q, input.startDate, taxes, decimals, input.product));
  const receivable = { pr: 'R' as const, payerRegistration: parties.client, payeeRegistration: parties.lessor };
  const taxCode = q.taxCode ?? undefined;
  const loan = isLoan(input);
  const elements: ElementDraft[] = [
    draft(input, {
      ...receivable,
      type: loan ? 'INSTALMENT' : 'RENT',
      code: loan ? 'INSTALMENT' : 'RENT',
      name: loan ? 'Loan instalment' : 'Rent',
      taxCode,
      ...(q.indexed ? { indexed: true } : {}),
      lines: rentLines(plan, taxCode, taxes, decimals),
    }),
  ];
  const dueDates = plan.lines.map((l) => l.dueDate);
  for (const [i, service] of (q.services ?? []).entries()) {
    if (!given(service.amount)) continue;
    elements.push(
      draft(input, {
        ...receivable,
        type: service.type ?? 'SERVICE',
        code: service.code ?? `SERVICE${i + 1}`,
        name: service.label ?? service.code ?? 'Service',
        taxCode: service.taxCode,
        ...(service.indexed ? { indexed: true } : {}),
        lines: serviceLines(dueDates, service.amount!, service.taxCode, taxes, decimals),
      }),
    );
  }
  for (const [i, fee] of (q.fees ?? []).entries()) {
    if (!given(fee.amount)) continue;
    elements.push(
      draft(input, {
        ...receivable,
        type: 'FEE',
        code: fee.code ?? `FEE${i + 1}`,
        name: fee.label ?? fee.code ?? 'Fee',
        taxCode: fee.taxCode,
        groupKey: `${input.registration}-FEES`,
        lines: serviceLines([input.startDate], fee.amount!, fee.taxCode, taxes, decimals),
      }),
    );
  }
  if (plan.residualValue > 0) {
    const residual = toMinorUnits(plan.residualValue, decimals);
    elements.push(
      draft(input, {
        ...receivable,
        type: 'RESIDUAL_VALUE',
        code: 'RESIDUAL_VALUE',
        name: loan ? 'Balloon' : 'Purchase option',
        taxCode,
        groupKey: `${input.registration}-END`,
        lines: [
          line(1, plan.endDate, residual, taxOn(residual, taxRateOf(taxCode, taxes)), decimals, {
            principal: plan.residualValue,
            openingBalance: plan.residualValue,
            ...(taxCode ? { taxCode } : {}),
          }),
        ],
      }),
    );
  }
  if (input.purchase && parties.supplier) {
    const { exclTax, tax, taxCode: purchaseTax } = input.purchase;
    elements.push(
      draft(input, {
        pr: 'P',
        payerRegistration: parties.lessor,
        payeeRegistration: parties.supplier,
        type: 'ASSET_PURCHASE',
        code: 'ASSET_PURCHASE',
        name: 'Asset purchase',
        taxCode: purchaseTax,
        groupKey: `${input.registration}-PURCHASE`,
        lines: [
          line(
            1,
            input.startDate,
            toMinorUnits(exclTax, decimals),
            toMinorUnits(tax, decimals),
            decimals,
            purchaseTax ? { taxCode: purchaseTax } : {},
          ),
        ],
      }),
    );
  }
  return { plan, elements };
}

/**
 * What is wrong with an element's schedule: each line must be excl. + tax = incl., and the
 * element's totals must be the sums of its lines that are due. Empty when consistent.
 */
export function scheduleProblems(
  element: Pick<ElementDraft, 'code' | 'lines' | 'totalPayment' | 'totalExclTax' | 'totalTax'>,
  decimals: number,
): string[] {
  const problems: string[] = [];
  const minor = (v: number) => toMinorUnits(v, decimals);
  if (!element.lines.length) problems.push(`element ${element.code} has no schedule line`);
  for (const l of element.lines) {
    if (minor(l.amountExclTax) + minor(l.tax) !== minor(l.amountInclTax))
      problems.push(`line ${l.number} of ${element.code}: excl. tax + tax ≠ incl. tax`);
  }
  const totals = elementTotals(element.lines, decimals);
  if (
    minor(totals.totalPayment) !== minor(element.totalPayment) ||
    minor(totals.totalExclTax) !== minor(element.totalExclTax) ||
    minor(totals.totalTax) !== minor(element.totalTax)
  ) {
    problems.push(`the lines of ${element.code} sum to ${totals.totalPayment}, not ${element.totalPayment}`);
  }
  return problems;
}
