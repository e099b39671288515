import { describe, expect, it } from 'vitest';
import {
  cellFormat,
  formatCell,
  invalidCells,
  newGrid,
  pasteInto,
  splitPasted,
  toTexts,
  toValues,
} from './numbers-table.ts';

describe('numbers table', () => {
  it('starts as a 2x2 grid of zeros', () => {
    expect(newGrid()).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it('splits a spreadsheet paste by newline and tab and grows the grid', () => {
    const pasted = splitPasted('\t24\t36\r\n1000\t4,62 %\tnull\r\n5000\t4,55 %\t3,12 %\r\n');
    expect(pasted).toEqual([
      ['', '24', '36'],
      ['1000', '4,62 %', 'null'],
      ['5000', '4,55 %', '3,12 %'],
    ]);
    const texts = pasteInto(
      [
        ['', '0'],
        ['0', '0'],
      ],
      0,
      0,
      pasted,
    );
    expect(texts).toHaveLength(3);
    expect(texts.every((row) => row.length === 3)).toBe(true);
    expect(toValues(texts, 'percentage', 'fr-FR')).toEqual([
      [null, 24, 36],
      [1000, 0.0462, null],
      [5000, 0.0455, 0.0312],
    ]);
  });

  it('pastes from the cell it lands on and keeps the other cells', () => {
    expect(
      pasteInto(
        [
          ['', '12'],
          ['0', '1'],
        ],
        1,
        1,
        [['2', '3']],
      ),
    ).toEqual([
      ['', '12', ''],
      ['0', '2', '3'],
    ]);
  });

  it('reads amounts, durations and values in the locale, unreadable cells as NaN', () => {
    const values = toValues(
      [
        ['', '12'],
        ['1 000,50 €', 'abc'],
      ],
      'number',
      'fr-FR',
    );
    expect(values[1][0]).toBe(1000.5);
    expect(invalidCells(values)).toEqual(new Set(['1:1']));
    expect(
      toValues(
        [
          ['', '12'],
          ['1,000.50', '0.0312'],
        ],
        'number',
        'en-GB',
      )[1],
    ).toEqual([1000.5, 0.0312]);
  });

  it('shows at least 3 decimals for numbers and 2 for percentages (spec 002 §9)', () => {
    expect(formatCell(0.5, 'number', 'en-GB')).toBe('0.500');
    expect(formatCell(0.05, 'percentage', 'en-GB')).toBe('5.00%');
    expect(formatCell(0.0462, 'percentage', 'en-GB')).toBe('4.62%');
    expect(cellFormat(0, 2, 'number')).toBe('duration');
    expect(cellFormat(2, 0, 'number')).toBe('currency');
    expect(
      toTexts(
        [
          [null, 36],
          [5000, 0.0312],
        ],
        'number',
        'en-GB',
        'EUR',
      ),
    ).toEqual([
      ['', '36'],
      ['5,000.00 €', '0.0312'],
    ]);
  });
});
