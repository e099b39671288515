import { describe, expect, it } from 'vitest';
import { csvCell, csvDelimiter, excelFormat, xlsxCell, type CellContext } from './export-cells.ts';
import type { ExportColumn } from './export-columns.ts';

const column = (kind: ExportColumn['kind'], list?: string): ExportColumn => ({ field: 'f', header: 'F', kind, list });
const context = (locale: string, timeZone = 'UTC'): CellContext => ({
  locale,
  timeZone,
  labels: new Map([['financialProduct', new Map([['LEASE', 'Crédit-bail']])]]),
});

describe('export cells', () => {
  it('writes instants as the wall clock of the time zone, on both sides of a daylight saving change', () => {
    const paris = context('fr-FR', 'Europe/Paris');
    expect(xlsxCell(column('datetime'), '2024-03-30T12:00:00.000Z', paris)).toEqual(
      new Date('2024-03-30T13:00:00.000Z'),
    );
    expect(xlsxCell(column('datetime'), '2024-03-31T12:00:00.000Z', paris)).toEqual(
      new Date('2024-03-31T14:00:00.000Z'),
    );
    // The offset changes at 01:00 UTC: a quarter hour either side.
    expect(csvCell(column('datetime'), '2024-03-31T00:45:00.000Z', paris)).toBe('31/03/2024 01:45');
    expect(csvCell(column('datetime'), '2024-03-31T01:00:00.000Z', paris)).toBe('31/03/2024 03:00');
    expect(csvCell(column('datetime'), '2024-07-01T22:30:00.000Z', context('en-EU', 'America/New_York'))).toBe(
      '01-07-2024 18:30',
    );
  });

  it('keeps days as stored, numbers as numbers, list values as labels', () => {
    expect(xlsxCell(column('date'), '2024-02-29', context('en-EU', 'Pacific/Kiritimati'))).toEqual(
      new Date('2024-02-29T00:00:00Z'),
    );
    expect(xlsxCell(column('currency'), 1234.5, context('en-EU'))).toBe(1234.5);
    expect(xlsxCell(column('select', 'financialProduct'), 'LEASE', context('fr-FR'))).toBe('Crédit-bail');
    expect(xlsxCell(column('select', 'financialProduct'), ['LEASE', 'OTHER'], context('fr-FR'))).toBe(
      'Crédit-bail, OTHER',
    );
    expect(
      xlsxCell(
        column('object'),
        [{ role: 'CLIENT', name: 'Martin' }, { personRegistration: 'PER1' }],
        context('en-EU'),
      ),
    ).toBe('CLIENT: Martin, PER1');
    expect(xlsxCell(column('text'), null, context('en-EU'))).toBeNull();
  });

  it('writes CSV texts in the locale: decimals, percentages, days, its delimiter', () => {
    expect(csvDelimiter('fr-FR')).toBe(';');
    expect(csvDelimiter('en-EU')).toBe(',');
    expect(csvCell(column('currency'), 1234.5, context('fr-FR'))).toBe('1234,50');
    expect(csvCell(column('currency'), 1234.5, context('en-EU'))).toBe('1234.50');
    expect(csvCell(column('percentage'), 0.0325, context('fr-FR'))).toBe('3,25%');
    expect(csvCell(column('date'), '2024-03-15', context('en-US'))).toBe('03-15-2024');
    expect(excelFormat('date', 'fr-FR')).toBe('dd/mm/yyyy');
    expect(excelFormat('datetime', 'en-EU')).toBe('dd-mm-yyyy hh:mm');
  });
});
