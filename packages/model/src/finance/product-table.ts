/**
 * Product tables (spec 002 §2–§5, §9: the "numbers table"): a grid whose first column holds
 * amount bands and first row duration bands, each cell the rate, coefficient or cost of a product
 * for that amount and duration. See README.md, "Product tables", for the rules.
 */
import type { Decimal } from 'decimal.js';
import { Dec, dec, type Num } from './decimal.ts';
import { financeFail } from './finance-errors.ts';
import type { Frequency } from './payment-plan-terms.ts';

/** Spec 002 §3: the kinds of numbers tables (the `productTableType` list). */
export const productTableKinds = ['ratesTable', 'coefficientsTable', 'costTable'] as const;
export type ProductTableKind = (typeof productTableKinds)[number];

/** Formats a value cell may have (spec 002 §3 lists three more for text grids: date, boolean, string). */
export const tableValueFormats = ['number', 'percentage', 'currency'] as const;
export type TableValueFormat = (typeof tableValueFormats)[number];

/** Spec 002 §5: periodicity defaults to 30 days. */
export const DEFAULT_PERIODICITY = 30;

/** The table's periodicity in days (a frequency code; 30 when not set). */
export function periodicityOf(table: ProductTableInput): number {
  return table.periodicity === undefined || table.periodicity === null || table.periodicity === ''
    ? DEFAULT_PERIODICITY
    : Number(table.periodicity);
}

/** Spec 002 §9, "amount rate conversion": 30 days gives 12 periods a year, 90 gives 4, 180 gives 2, otherwise 1. */
export function periodsPerYear(periodicity: number): number {
  return periodicity === 30 ? 12 : periodicity === 90 ? 4 : periodicity === 180 ? 2 : 1;
}

/** What a product table declares (the ProductTable entity's fields that the lookup reads). */
export interface ProductTableInput {
  registration?: string;
  type?: string | null;
  /** The grid: `rows[0]` = [corner, duration bounds…], `rows[i]` = [amount bound, values…]; `null` is an empty cell. */
  rows?: unknown;
  /** Days of the period the values and durations are expressed in (30 by default); a frequency code, stored as text by the select. */
  periodicity?: number | string | null;
  /** Inclusive upper bound of the last amount band; unbounded when absent. */
  maxAmount?: number | null;
  /** Inclusive upper bound of the last duration band, in the table's periods; unbounded when absent. */
  maxDuration?: number | null;
  /** Format of the value cells; a cost table in `currency` holds amounts, any other table fractions. */
  format?: string | null;
}

export interface NumbersGrid {
  /** Lower bounds of the amount bands, strictly ascending. */
  amounts: Decimal[];
  /** Lower bounds of the duration bands, strictly ascending. */
  durations: Decimal[];
  /** values[i][j]: amount band i, duration band j; null where the product is not offered. */
  values: (Decimal | null)[][];
}

const cellOf = (value: unknown, where: string, table: string): Decimal | null => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'number' || !Number.isFinite(value))
    return financeFail('INVALID_TABLE', table, where, 'not a number');
  return new Dec(value);
};

/**
 * Reads and checks a grid: at least one amount band and one duration band, headers numbers
 * strictly ascending and not negative, every row as wide as the header row.
 */
export function readGrid(rows: unknown, table = 'table'): NumbersGrid {
  if (!Array.isArray(rows) || rows.length < 2 || !rows.every(Array.isArray)) {
    return financeFail('INVALID_TABLE', table, 'rows', 'a header row and at least one amount row are required');
  }
  const header = rows[0] as unknown[];
  if (header.length < 2) financeFail('INVALID_TABLE', table, 'rows[0]', 'at least one duration column is required');
  const ascending = (bounds: Decimal[], where: (k: number) => string) =>
    bounds.forEach((bound, k) => {
      if (bound.lt(0)) financeFail('INVALID_TABLE', table, where(k), 'a band bound must not be negative');
      if (k > 0 && !bound.gt(bounds[k - 1]))
        financeFail('INVALID_TABLE', table, where(k), 'band bounds must be strictly ascending');
    });
  const header0 = (j: number) => `rows[0][${j}]`;
  const durations = header
    .slice(1)
    .map(
      (v, j) =>
        cellOf(v, header0(j + 1), table) ??
        financeFail('INVALID_TABLE', table, header0(j + 1), 'a duration bound is required'),
    );
  ascending(durations, (k) => header0(k + 1));
  const body = rows.slice(1) as unknown[][];
  const amounts = body.map(
    (row, i) =>
      cellOf(row[0], `rows[${i + 1}][0]`, table) ??
      financeFail('INVALID_TABLE', table, `rows[${i + 1}][0]`, 'an amount bound is required'),
  );
  ascending(amounts, (k) => `rows[${k + 1}][0]`);
  const values = body.map((row, i) => {
    if (row.length !== header.length)
      financeFail('INVALID_TABLE', table, `rows[${i + 1}]`, `must have ${header.length} cells like the header row`);
    return row.slice(1).map((v, j) => cellOf(v, `rows[${i + 1}][${j + 1}]`, table));
  });
  return { amounts, durations, values };
}

/** Checks the declared fields of a table (the entity's `check`): kind, format, periodicity, bounds and grid. */
export function checkProductTable(input: ProductTableInput): void {
  const name = input.registration ?? 'table';
  if (input.type != null && !productTableKinds.includes(input.type as ProductTableKind)) {
    financeFail('INVALID_TABLE', name, 'type', `must be one of ${productTableKinds.join(', ')}`);
  }
  if (input.format != null && !tableValueFormats.includes(input.format as TableValueFormat)) {
    financeFail('INVALID_TABLE', name, 'format', `must be one of ${tableValueFormats.join(', ')}`);
  }
  if (
    input.periodicity != null &&
    input.periodicity !== '' &&
    ![1, 7, 30, 90, 180, 360, 365].includes(Number(input.periodicity))
  ) {
    financeFail('INVALID_TABLE', name, 'periodicity', 'must be one of 1, 7, 30, 90, 180, 360, 365');
  }
  if (input.rows === undefined || input.rows === null) return;
  const grid = readGrid(input.rows, name);
  if (input.maxAmount != null && input.maxAmount < grid.amounts[grid.amounts.length - 1].toNumber()) {
    financeFail('INVALID_TABLE', name, 'maxAmount', 'must not be below the last amount band');
  }
  if (input.maxDuration != null && input.maxDuration < grid.durations[grid.durations.length - 1].toNumber()) {
    financeFail('INVALID_TABLE', name, 'maxDuration', 'must not be below the last duration band');
  }
}

export interface Band {
  /** Inclusive lower bound. */
  from: number;
  /** Exclusive upper bound (the next band's lower bound), or the inclusive maximum of the last band; null when open. */
  to: number | null;
}

export interface TableMatch {
  value: Decimal;
  /** Indexes in the grid's rows and columns (1-based, as in `rows`). */
  row: number;
  column: number;
  amountBand: Band;
  durationBand: Band;
  /** The duration looked up, in the table's periods. */
  duration: Decimal;
}

/** The band holding x: the last lower bound ≤ x; x above `max` or below the first bound has none. */
function bandOf(bounds: Decimal[], x: Decimal, max: number | null | undefined): number | 'below' | 'above' {
  if (x.lt(bounds[0])) return 'below';
  if (max != null && x.gt(max)) return 'above';
  let k = bounds.length - 1;
  while (x.lt(bounds[k])) k--;
  return k;
}

const band = (bounds: Decimal[], k: number, max: number | null | undefined): Band => ({
  from: bounds[k].toNumber(),
  to: k + 1 < bounds.length ? bounds[k + 1].toNumber() : (max ?? null),
});

/**
 * A plan's duration in the table's periods: `duration` periods of the plan's frequency times
 * the ratio of periods per year (spec 002 §9). Between daily or weekly and other periodicities
 * there is no such ratio, so a table only serves plans of its own periodicity then.
 */
export function periodRatio(tablePeriodicity: number, frequency: Frequency | undefined): Decimal {
  if (frequency === undefined || frequency === tablePeriodicity) return new Dec(1);
  if ([1, 7].includes(frequency) || [1, 7].includes(tablePeriodicity)) {
    return financeFail(
      'ARGUMENT_OUT_OF_RANGE',
      'frequency',
      `a table of ${tablePeriodicity}-day periods serves only ${tablePeriodicity}-day plans`,
    );
  }
  return new Dec(periodsPerYear(tablePeriodicity)).div(periodsPerYear(frequency));
}

export interface TableQuery {
  /** Financed amount. */
  amount: Num;
  /** Number of periods of the plan. */
  duration: number;
  /** The plan's period code; the table's periodicity when absent. */
  frequency?: Frequency;
}

/**
 * The cell for an amount and a duration. A band holds its lower bound and everything below the
 * next band's lower bound; the last band is open unless `maxAmount` / `maxDuration` closes it
 * (inclusive). Below the first band, above the maximum, or on an empty cell: TABLE_VALUE_NOT_FOUND.
 */
export function lookupTable(table: ProductTableInput, query: TableQuery): TableMatch {
  const name = table.registration ?? 'table';
  const grid = readGrid(table.rows, name);
  const amount = dec(query.amount, 'amount');
  const periodicity = periodicityOf(table);
  const duration = new Dec(query.duration).times(periodRatio(periodicity, query.frequency));
  const i = bandOf(grid.amounts, amount, table.maxAmount);
  if (i === 'below')
    financeFail('TABLE_VALUE_NOT_FOUND', name, 'amount', `${amount} is below the first band (${grid.amounts[0]})`);
  if (i === 'above')
    financeFail('TABLE_VALUE_NOT_FOUND', name, 'amount', `${amount} is above the maximum (${table.maxAmount})`);
  const j = bandOf(grid.durations, duration, table.maxDuration);
  if (j === 'below')
    financeFail(
      'TABLE_VALUE_NOT_FOUND',
      name,
      'duration',
      `${duration} periods of ${periodicity} days is below the first band (${grid.durations[0]})`,
    );
  if (j === 'above')
    financeFail(
      'TABLE_VALUE_NOT_FOUND',
      name,
      'duration',
      `${duration} periods of ${periodicity} days is above the maximum (${table.maxDuration})`,
    );
  const value = grid.values[i][j];
  if (value === null) {
    financeFail(
      'TABLE_VALUE_NOT_FOUND',
      name,
      'amount and duration',
      `the cell for amount ${amount} and duration ${duration} is empty`,
    );
  }
  return {
    value,
    row: i + 1,
    column: j + 1,
    duration,
    amountBand: band(grid.amounts, i, table.maxAmount),
    durationBand: band(grid.durations, j, table.maxDuration),
  };
}

/** What a table gives a payment plan. */
export interface TableTerms {
  kind: ProductTableKind;
  match: TableMatch;
  /** ratesTable: the annual nominal rate. */
  rate?: Decimal;
  /** coefficientsTable: the instalment per plan period as a fraction of the amount. */
  coefficient?: Decimal;
  /** costTable: the cost added to every instalment, an amount per plan period. */
  cost?: Decimal;
}

/**
 * Applies a table to a plan. Rates are annual nominal rates, as everywhere in the product, so
 * they are not converted. Coefficients and costs are per period of the table: for a plan of
 * another frequency they are multiplied by periods-per-year of the table over that of the plan
 * (a monthly coefficient 0.03 is 0.09 for a quarterly plan). A cost table in `currency` holds an
 * amount per period; otherwise a fraction of the financed amount.
 */
export function tableTerms(table: ProductTableInput, query: TableQuery): TableTerms {
  const kind = table.type as ProductTableKind;
  if (!productTableKinds.includes(kind))
    financeFail(
      'INVALID_TABLE',
      table.registration ?? 'table',
      'type',
      `must be one of ${productTableKinds.join(', ')}`,
    );
  const match = lookupTable(table, query);
  const ratio = periodRatio(periodicityOf(table), query.frequency);
  if (kind === 'ratesTable') return { kind, match, rate: match.value };
  if (kind === 'coefficientsTable') return { kind, match, coefficient: match.value.times(ratio) };
  const perPeriod = table.format === 'currency' ? match.value : match.value.times(dec(query.amount, 'amount'));
  return { kind, match, cost: perPeriod.times(ratio) };
}
