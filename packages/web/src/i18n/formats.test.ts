import { describe, expect, it } from 'vitest';
import { dateFormatOf, formatBytes, formatCurrency, formatDate, formatDateTime, formatPercentage } from './formats.ts';
import { initialLocale } from './locale.ts';

describe('locale formats', () => {
  it('formats days per locale without shifting them', () => {
    expect(formatDate('2024-03-05', 'en-EU')).toBe('05-03-2024');
    expect(formatDate('2024-03-05', 'fr-FR')).toBe('05/03/2024');
    expect(formatDate('2024-03-05', 'en-US')).toBe('03-05-2024');
    expect(formatDate('2024-03-05', 'lt-LT')).toBe('2024-03-05');
    expect(dateFormatOf('fr-BE')).toBe('DD/MM/YYYY');
  });

  it('adds " - HH:mm" to instants', () => {
    expect(formatDateTime(new Date(2024, 2, 5, 14, 7), 'en-EU')).toBe('05-03-2024 - 14:07');
  });

  it('formats EUR with 2 decimals, comma thousands and the symbol after', () => {
    expect(formatCurrency(1234.5, 'EUR', 'en-EU')).toBe('1,234.50 €');
    expect(formatCurrency(1234.5, undefined, 'fr-FR').replace(/\s/g, ' ')).toBe('1 234,50 €');
    expect(formatCurrency(1234.5, 'USD', 'en-EU')).toBe('$1,234.50');
    expect(formatCurrency(1.2345, 'TND', 'en-EU')).toMatch(/^1\.235 /);
    expect(formatCurrency(1234.4, 'XPF', 'en-EU')).toMatch(/^1,234 /);
    // Decimals from Intl: none for the yen and the CFA and Guinean francs.
    for (const code of ['JPY', 'XOF', 'XAF', 'GNF'])
      expect(formatCurrency(1234.4, code, 'en-EU'), code).toMatch(/^[^\d]*1,234( |$)/);
    expect(formatCurrency(1234.5, 'RMB', 'en-EU')).toMatch(/^1,234\.50 /);
  });

  it('formats ratios as percentages and sizes in 1024 steps', () => {
    expect(formatPercentage(0.0525, 'en-EU')).toBe('5.25%');
    expect(formatBytes(1536, 'en-EU')).toBe('1.5 KB');
    expect(formatBytes(5 * 1048576, 'en-EU')).toBe('5 MB');
  });

  it('takes the stored locale, then a supported browser language, then en-EU', () => {
    expect(initialLocale('fr-FR', 'en-US')).toBe('fr-FR');
    expect(initialLocale(null, 'fr')).toBe('fr-FR');
    expect(initialLocale(null, 'en-US')).toBe('en-US');
    expect(initialLocale(null, 'de')).toBe('de-DE');
    expect(initialLocale(null, 'es-MX')).toBe('mx-MX');
    expect(initialLocale(null, 'ja-JP')).toBe('en-EU');
  });
});
