import type { Decimal } from 'decimal.js';
import { xirr } from '@lbo/model/finance/cashflows';
import { Dec, ZERO } from '@lbo/model/finance/decimal';
import { FinanceError } from '@lbo/model/finance/finance-errors';

/**
 * The performance of private-equity holdings and funds (docs/private-equity.md), computed in
 * decimals from their operations, as a fund administration tool reports it: shares held, cost
 * (invested), realised proceeds, unrealised value (the latest valuation by date, or the cost of
 * the shares held when none), TVPI = (realised + unrealised) / invested, DPI = realised /
 * invested, and the IRR of the cash flows (the finance engine's XIRR) with the unrealised value
 * as a last inflow on the as-of date.
 */

/** An operation as the computation reads it (amounts and shares as decimal text or numbers). */
export interface OperationFact {
  registration: string;
  type: string;
  date: string;
  amount: string | number;
  shares?: string | number | null;
}

/** A cash flow of the IRR: negative paid out (investments), positive received. */
export interface Flow {
  date: string;
  amount: number;
}

export interface Performance {
  asOf: string | null;
  sharesHeld: number;
  invested: number;
  realised: number;
  unrealised: number;
  totalValue: number;
  gain: number;
  /** The latest valuation counted (by date), null when the stake is carried at cost. */
  valuation: { date: string; amount: number; registration: string } | null;
  /** TVPI, 4 decimals; null when nothing was invested. */
  multiple: number | null;
  /** DPI, 4 decimals; null when nothing was invested. */
  dpi: number | null;
  /** XIRR as a fraction (0.1 is 10 %), 6 decimals; null when the flows have no rate (no exit and no value, one day). */
  irr: number | null;
  flows: Flow[];
}

const BUYS = new Set(['INVESTMENT', 'FOLLOW_ON']);
const PROCEEDS = new Set(['PARTIAL_EXIT', 'FULL_EXIT', 'DIVIDEND']);
/** Operations of one day in the order they change the stake: bought, paid, sold, then valued. */
const dayOrder: Record<string, number> = {
  INVESTMENT: 0,
  FOLLOW_ON: 1,
  DIVIDEND: 2,
  PARTIAL_EXIT: 3,
  FULL_EXIT: 4,
  VALUATION: 5,
};

const decimalOf = (v: unknown): Decimal => {
  if (v === undefined || v === null || v === '') return ZERO;
  try {
    const d = new Dec(String(v));
    return d.isFinite() ? d : ZERO;
  } catch {
    return ZERO;
  }
};

/** Operations in the order they apply: by date, then by their order in a day, then by registration. */
export function inOrder<O extends OperationFact>(operations: readonly O[]): O[] {
  return [...operations].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (dayOrder[a.type] ?? 9) - (dayOrder[b.type] ?? 9) ||
      a.registration.localeCompare(b.registration),
  );
}

/** What a holding's operations add up to on `asOf`, in decimals. */
interface Position {
  held: Decimal;
  acquired: Decimal;
  invested: Decimal;
  realised: Decimal;
  exited: boolean;
  valuation?: { date: string; amount: Decimal; heldThen: Decimal; registration: string };
  flows: { date: string; amount: Decimal }[];
}

/** Shares held after `operations` (in any order) up to `date` included: what a partial exit may sell. */
export function sharesHeldOn(operations: readonly OperationFact[], date: string): Decimal {
  return positionOf(
    inOrder(operations).filter((o) => o.date <= date),
    date,
  ).held;
}

function positionOf(ordered: readonly OperationFact[], asOf: string): Position {
  const p: Position = { held: ZERO, acquired: ZERO, invested: ZERO, realised: ZERO, exited: false, flows: [] };
  for (const op of ordered) {
    if (op.date > asOf) break;
    const amount = decimalOf(op.amount);
    const shares = decimalOf(op.shares);
    if (BUYS.has(op.type)) {
      p.held = p.held.plus(shares);
      p.acquired = p.acquired.plus(shares);
      p.invested = p.invested.plus(amount);
      p.exited = false;
      if (!amount.isZero()) p.flows.push({ date: op.date, amount: amount.neg() });
    } else if (PROCEEDS.has(op.type)) {
      p.realised = p.realised.plus(amount);
      if (op.type === 'PARTIAL_EXIT') p.held = Dec.max(ZERO, p.held.minus(shares));
      if (op.type === 'FULL_EXIT') {
        p.held = ZERO;
        p.exited = true;
      }
      if (!amount.isZero()) p.flows.push({ date: op.date, amount });
    } else if (op.type === 'VALUATION') {
      p.valuation = { date: op.date, amount, heldThen: p.held, registration: op.registration };
    }
  }
  return p;
}

/** The value of the stake still held: its latest valuation (per share when shares moved since), else its cost. */
function unrealisedOf(p: Position, decimals: number): Decimal {
  if (p.exited) return ZERO;
  let value: Decimal;
  if (p.valuation) {
    const { amount, heldThen } = p.valuation;
    value = heldThen.gt(0) && !heldThen.eq(p.held) ? amount.times(p.held).div(heldThen) : amount;
  } else {
    value = p.acquired.gt(0) ? p.invested.times(p.held).div(p.acquired) : p.invested;
  }
  return value.toDecimalPlaces(decimals);
}

/** XIRR of the flows, or null when they have no rate (all one sign, all on one day, no root). */
function irrOf(flows: readonly { date: string; amount: Decimal }[]): number | null {
  if (flows.length < 2) return null;
  try {
    return xirr(
      flows.map((f) => f.amount.toString()),
      flows.map((f) => f.date),
    )
      .toDecimalPlaces(6)
      .toNumber();
  } catch (error) {
    if (error instanceof FinanceError) return null;
    throw error;
  }
}

function summary(
  invested: Decimal,
  realised: Decimal,
  unrealised: Decimal,
  held: Decimal,
  flows: { date: string; amount: Decimal }[],
  asOf: string | null,
): Omit<Performance, 'valuation'> {
  const total = realised.plus(unrealised);
  const all = unrealised.gt(0) && asOf ? [...flows, { date: asOf, amount: unrealised }] : flows;
  const ratio = (x: Decimal) => (invested.gt(0) ? x.div(invested).toDecimalPlaces(4).toNumber() : null);
  return {
    asOf,
    sharesHeld: held.toNumber(),
    invested: invested.toNumber(),
    realised: realised.toNumber(),
    unrealised: unrealised.toNumber(),
    totalValue: total.toNumber(),
    gain: total.minus(invested).toNumber(),
    multiple: ratio(total),
    dpi: ratio(realised),
    irr: irrOf(all),
    flows: all.map((f) => ({ date: f.date, amount: f.amount.toNumber() })),
  };
}

/** The latest date of the operations, the as-of date when none is asked. */
const latestDate = (operations: readonly OperationFact[]) =>
  operations.reduce<string | null>((max, o) => (max === null || o.date > max ? o.date : max), null);

/**
 * A holding's performance on `asOf` (its latest operation's date when not given): operations after
 * it are left out. Amounts are rounded to the currency's `decimals` only where divided (a value per share).
 */
export function holdingPerformance(
  operations: readonly OperationFact[],
  { asOf, decimals = 2 }: { asOf?: string; decimals?: number } = {},
): Performance {
  const date = asOf ?? latestDate(operations);
  const p = positionOf(inOrder(operations), date ?? '');
  const unrealised = unrealisedOf(p, decimals);
  return {
    ...summary(p.invested, p.realised, unrealised, p.held, p.flows, date),
    valuation: p.valuation
      ? { date: p.valuation.date, amount: p.valuation.amount.toNumber(), registration: p.valuation.registration }
      : null,
  };
}

/** A holding of a fund, with its operations. */
export interface HoldingFacts {
  registration: string;
  name: string;
  operations: OperationFact[];
}

export interface FundPerformance extends Omit<Performance, 'valuation' | 'sharesHeld'> {
  holdings: ({ registration: string; name: string } & Performance)[];
}

/**
 * A fund's performance on `asOf` (the latest operation of its holdings when not given): the sums
 * of its holdings, its multiple over their sums, and the IRR of all their flows together with the
 * unrealised values on the as-of date.
 */
export function fundPerformance(
  holdings: readonly HoldingFacts[],
  { asOf, decimals = 2 }: { asOf?: string; decimals?: number } = {},
): FundPerformance {
  const date = asOf ?? latestDate(holdings.flatMap((h) => h.operations));
  let invested = ZERO;
  let realised = ZERO;
  let unrealised = ZERO;
  const flows: { date: string; amount: Decimal }[] = [];
  const each = holdings.map((h) => {
    const p = positionOf(inOrder(h.operations), date ?? '');
    const value = unrealisedOf(p, decimals);
    invested = invested.plus(p.invested);
    realised = realised.plus(p.realised);
    unrealised = unrealised.plus(value);
    flows.push(...p.flows);
    return {
      registration: h.registration,
      name: h.name,
      ...holdingPerformance(h.operations, { asOf: date ?? undefined, decimals }),
    };
  });
  flows.sort((a, b) => a.date.localeCompare(b.date));
  const { sharesHeld: _held, ...total } = summary(invested, realised, unrealised, ZERO, flows, date);
  return { ...total, holdings: each };
}
