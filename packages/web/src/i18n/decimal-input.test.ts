import { describe, expect, it } from 'vitest';
import { decimalInputText, parseDecimalInput } from './decimal-input.ts';

describe('amounts typed in the locale', () => {
  it('reads what each locale types as the same exact decimal', () => {
    const typed: [string, string][] = [
      ['fr-FR', '1 234,56'],
      ['fr-FR', '1\u202f234,56'],
      ['de-DE', '1.234,56'],
      ['en-US', '1,234.56'],
      ['en-EU', '1,234.56'],
      ['de-CH', '1’234.56'],
      ['de-CH', "1'234.56"],
      ['lt-LT', '1 234,56'],
      ['ar-EG', '١٬٢٣٤٫٥٦'],
      ['ar-EG', '1234.56'],
      ['ar-MA', '1.234,56'],
      ['fr-TN', '1 234,56'],
      ['en-IN', '1,234.56'],
      ['fr-FR', '1234.56'],
    ];
    for (const [locale, text] of typed) expect(parseDecimalInput(text, locale), `${locale} ${text}`).toBe('1234.56');
  });

  it('keeps every digit, where a float would not', () => {
    expect(parseDecimalInput('12 345 678 901 234,567', 'fr-FR')).toBe('12345678901234.567');
    expect(parseDecimalInput('0,1', 'fr-FR')).toBe('0.1');
    expect(parseDecimalInput('-0,50', 'de-DE')).toBe('-0.5');
    expect(parseDecimalInput('1,5e3', 'fr-FR')).toBe('1500');
    expect(parseDecimalInput('12,34,567.5', 'en-IN')).toBe('1234567.5');
    expect(parseDecimalInput('٣٫٢٥٠', 'ar-EG')).toBe('3.25');
  });

  it('refuses what is not a number in the locale', () => {
    expect(parseDecimalInput('  ', 'fr-FR')).toBeUndefined();
    expect(parseDecimalInput('abc', 'en-US')).toBeNull();
    // A comma followed by two digits is no group in en-US, and a period groups thousands in de-DE.
    expect(parseDecimalInput('1 234,56', 'en-US')).toBeNull();
    expect(parseDecimalInput('1,234.56', 'de-DE')).toBeNull();
    expect(parseDecimalInput('1.2.3', 'en-US')).toBeNull();
    expect(parseDecimalInput('1,234,56', 'fr-FR')).toBeNull();
    expect(parseDecimalInput('1.234,5.6', 'de-DE')).toBeNull();
    expect(parseDecimalInput('1e999', 'en-US')).toBeNull();
    expect(parseDecimalInput('1,23', 'en-US')).toBeNull();
  });

  it('writes a number back for editing with the locale’s digits and decimal symbol', () => {
    expect(decimalInputText(1234.56, 'fr-FR')).toBe('1234,56');
    expect(decimalInputText(1234.56, 'en-US')).toBe('1234.56');
    expect(decimalInputText(1234.56, 'ar-EG')).toBe('١٢٣٤٫٥٦');
    expect(decimalInputText(1234.56, 'ar-MA')).toBe('1234,56');
    expect(parseDecimalInput(decimalInputText(-0.125, 'ar-EG'), 'ar-EG')).toBe('-0.125');
  });
});
