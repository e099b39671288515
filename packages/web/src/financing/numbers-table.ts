/**
 * The numbers table of spec 002 (§2, §3, §5, §9) as the editor holds it: a grid of texts as
 * typed or pasted, read into numbers by the cell's format and the user's locale. The first row
 * holds the duration bands, the first column the amount bands, the corner nothing.
 */
import { formatCurrency, formatNumber } from '../i18n/formats.ts';
import { parseCurrencyInput, parseNumberInput, parsePercentageInput } from '../fields/parse.ts';

export type Grid = (number | null)[][];
export type TextGrid = string[][];
export type ValueFormat = 'number' | 'percentage' | 'currency';

/** Spec 002 §5: a new table starts as a 2x2 grid of zeros. */
export const newGrid = (): Grid => [
  [0, 0],
  [0, 0],
];

/** Spec 002 §9: at least 3 decimals for numbers, 2 for percentages. */
const minimumDecimals: Record<ValueFormat, number> = { number: 3, percentage: 2, currency: 2 };

/** The format of a cell: headers are amounts (first column) and durations (first row). */
export function cellFormat(row: number, column: number, valueFormat: ValueFormat): ValueFormat | 'duration' | 'corner' {
  if (row === 0 && column === 0) return 'corner';
  if (row === 0) return 'duration';
  if (column === 0) return 'currency';
  return valueFormat;
}

export function formatCell(
  value: number | null | undefined,
  format: ReturnType<typeof cellFormat>,
  locale: string,
  currency?: string,
): string {
  if (value === null || value === undefined || format === 'corner') return '';
  if (Number.isNaN(value)) return 'NaN';
  if (format === 'duration') return formatNumber(value, locale, { useGrouping: false });
  if (format === 'currency') return formatCurrency(value, currency, locale);
  if (format === 'percentage') {
    // stored as a fraction, at most 6 decimals (spec 002 §5): 4 decimals of a percent
    return `${formatNumber(Number((value * 100).toFixed(10)), locale, { minimumFractionDigits: minimumDecimals.percentage, maximumFractionDigits: 4 })}%`;
  }
  return formatNumber(value, locale, { minimumFractionDigits: minimumDecimals.number, maximumFractionDigits: 10 });
}

/** A cell's text as a number; 'null' and blanks are empty cells, anything unreadable NaN (spec 002 §5). */
export function parseCell(text: string, format: ReturnType<typeof cellFormat>, locale: string): number | null {
  const s = text.trim();
  if (format === 'corner' || s === '' || s.toLowerCase() === 'null') return null;
  const parsed =
    format === 'percentage'
      ? parsePercentageInput(s, locale)
      : format === 'currency'
        ? parseCurrencyInput(s, locale)
        : parseNumberInput(s, locale);
  return parsed === undefined ? null : parsed;
}

export const toTexts = (grid: Grid, valueFormat: ValueFormat, locale: string, currency?: string): TextGrid =>
  grid.map((row, i) => row.map((value, j) => formatCell(value, cellFormat(i, j, valueFormat), locale, currency)));

export const toValues = (texts: TextGrid, valueFormat: ValueFormat, locale: string): Grid =>
  texts.map((row, i) => row.map((text, j) => parseCell(text, cellFormat(i, j, valueFormat), locale)));

/** Cells that do not read as numbers, as `row:column` keys. */
export function invalidCells(values: Grid): Set<string> {
  const bad = new Set<string>();
  values.forEach((row, i) =>
    row.forEach((value, j) => {
      if (typeof value === 'number' && Number.isNaN(value)) bad.add(`${i}:${j}`);
    }),
  );
  return bad;
}

/** Spec 002 §5: pasted text splits into rows by newline and cells by tab (a spreadsheet's copy). */
export function splitPasted(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}

/**
 * Writes pasted rows into the grid from a cell, growing it where the paste reaches past its
 * edges; cells the paste does not cover keep their text. Every row keeps the same width.
 */
export function pasteInto(texts: TextGrid, fromRow: number, fromColumn: number, pasted: string[][]): TextGrid {
  const height = Math.max(texts.length, fromRow + pasted.length);
  const width = Math.max(texts[0]?.length ?? 0, fromColumn + Math.max(...pasted.map((r) => r.length)));
  const out: TextGrid = Array.from({ length: height }, (_, i) =>
    Array.from({ length: width }, (_, j) => texts[i]?.[j] ?? ''),
  );
  pasted.forEach((row, i) =>
    row.forEach((cell, j) => {
      out[fromRow + i][fromColumn + j] = cell.trim();
    }),
  );
  return out;
}
