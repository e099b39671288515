import { describe, expect, it } from 'vitest';
import { locales } from '@lbo/model/i18n/locales';
import {
  dateFormatOf,
  formatBytes,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercentage,
  formatTime,
} from './formats.ts';
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

  describe('per locale', () => {
    /** Intl separates groups with no-break spaces: compared as plain spaces. */
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    const amount = (locale: string, currency?: string, value: number | string = 1234.5) =>
      plain(formatCurrency(value, currency ?? locales.find((l) => l.tag === locale)?.currency, locale));

    it('writes amounts with the locale’s separators, the currency’s decimals and the symbol’s place', () => {
      expect(amount('fr-FR')).toBe('1 234,50 €');
      expect(amount('en-US')).toBe('$1,234.50');
      expect(amount('en-GB')).toBe('£1,234.50');
      expect(amount('de-DE')).toBe('1.234,50 €');
      expect(amount('de-CH')).toMatch(/^1[’']234\.50 CHF$/);
      expect(amount('lt-LT')).toBe('1 234,50 €');
      expect(amount('ar-EG')).toMatch(/^١٬٢٣٤٫٥٠ /);
      expect(amount('ar-MA')).toMatch(/^1\.234,50 /);
      expect(amount('fr-TN', undefined, 1234.5678)).toBe('1 234,568 DT');
      expect(amount('fr-PF', undefined, 1234.5)).toMatch(/^1 235 /);
      // An exact decimal string is written without passing through a float.
      expect(amount('fr-FR', 'EUR', '12345678901234.56')).toBe('12 345 678 901 234,56 €');
    });

    it('writes numbers and percentages in the locale’s digits', () => {
      expect(plain(formatNumber(1234567.891, 'fr-FR'))).toBe('1 234 567,891');
      expect(formatNumber(1234.5, 'ar-EG')).toBe('١٬٢٣٤٫٥');
      expect(formatNumber(1234.5, 'ar-SA')).toBe('١٬٢٣٤٫٥');
      expect(formatNumber(1234.5, 'ar-MA')).toBe('1.234,5');
      expect(formatNumber(1234.5, 'ar-TN')).toBe('1.234,5');
      expect(plain(formatPercentage(0.0525, 'fr-FR'))).toBe('5,25 %');
      expect(formatPercentage(0.0525, 'en-US')).toBe('5.25%');
      expect(formatPercentage(0.0525, 'ar-EG')).toMatch(/^٥٫٢٥٪/);
    });

    it('writes days in the locale’s format and digits, times as HH:mm', () => {
      expect(formatDate('2025-04-03', 'fr-FR')).toBe('03/04/2025');
      expect(formatDate('2025-04-03', 'en-US')).toBe('04-03-2025');
      expect(formatDate('2025-04-03', 'de-DE')).toBe('03-04-2025');
      expect(formatDate('2025-04-03', 'lt-LT')).toBe('2025-04-03');
      expect(formatDate('2025-04-03', 'ar-EG')).toBe('٠٣-٠٤-٢٠٢٥');
      expect(formatDate('2025-04-03', 'ar-MA')).toBe('03-04-2025');
      expect(formatTime(new Date(2025, 3, 3, 9, 5), 'fr-FR')).toBe('09:05');
      expect(formatDateTime(new Date(2025, 3, 3, 9, 5), 'en-US')).toBe('04-03-2025 - 09:05');
    });

    it('formats every shipped locale', () => {
      for (const { tag, currency } of locales) {
        expect(formatCurrency(1234.5, currency, tag), tag).toMatch(/[\d\u0660-\u0669]/);
        expect(formatPercentage(0.5, tag), tag).toMatch(/[5٥]/);
        expect(
          formatDate('2025-04-03', tag).replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660)),
          tag,
        ).toBe(dateFormatOf(tag).replace('YYYY', '2025').replace('MM', '04').replace('DD', '03'));
      }
    });
  });
});
