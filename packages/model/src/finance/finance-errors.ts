import { fillPlaceholders } from '../errors.ts';

/**
 * The finance errors of spec 000 §8, answered like every server error as `status|CODE|message`
 * (`$` placeholders are filled in order by the arguments).
 */
export const financeErrorCatalogue = {
  /** Cashflows missing, not numbers, or all zero. */
  INVALID_CASHFLOWS: [400, 'Invalid cashflows: $'],
  /** Dates missing, not `YYYY-MM-DD`, or not one per cashflow. */
  INVALID_DATES: [400, 'Invalid dates: $'],
  /** An argument outside its domain: per outside 1..nper, nper 0, npery below 1, a negative rate, … */
  ARGUMENT_OUT_OF_RANGE: [400, 'Argument $ is out of range: $'],
  SAME_DAY_TRANSACTIONS: [400, 'All transactions are on the same day'],
  ALL_POSITIVE_CASHFLOWS: [400, 'All cashflows are positive, at least one must be negative'],
  ALL_NEGATIVE_CASHFLOWS: [400, 'All cashflows are negative, at least one must be positive'],
  /** The solver found a sign change but did not converge within its iteration limit. */
  NEWTON_NOT_CONVERGED: [400, 'Newton-Raphson did not converge for $ after $ iterations'],
  /** No finite result exists (no rate above -100 % solves the equation, a division by zero, …). */
  NO_ACCEPTABLE_RESULT: [400, 'No acceptable result for $'],
  DATE_NOT_FOUND: [400, 'No business day found after $ attempts from $'],
  /** A numbers table (spec 002 §3) that cannot be read: a header not ascending, a cell not a number. */
  INVALID_TABLE: [400, 'Invalid table $ at $: $'],
  /** No band of a product table holds the amount or the duration, or its cell is empty. */
  TABLE_VALUE_NOT_FOUND: [400, 'No value in table $ for $: $'],
} as const satisfies Record<string, readonly [number, string]>;

export type FinanceErrorCode = keyof typeof financeErrorCatalogue;

/** A finance error; the server's error handler answers it from `status` and `code`. */
export class FinanceError extends Error {
  readonly status: number;
  readonly code: FinanceErrorCode;
  readonly args: unknown[];
  constructor(code: FinanceErrorCode, args: unknown[] = []) {
    const [status, template] = financeErrorCatalogue[code];
    super(fillPlaceholders(template, args));
    this.name = 'FinanceError';
    this.status = status;
    this.code = code;
    this.args = args;
  }
  /** The catalogue form `status|CODE|message`. */
  get reference(): string {
    return `${this.status}|${this.code}|${this.message}`;
  }
}

/** Shorthand: `financeFail('ARGUMENT_OUT_OF_RANGE', 'nper', 'must not be 0')`. */
export function financeFail(code: FinanceErrorCode, ...args: unknown[]): never {
  throw new FinanceError(code, args);
}
