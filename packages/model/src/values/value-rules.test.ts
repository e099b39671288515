import { describe, expect, it } from 'vitest';
import { countrySpecs } from 'ibantools';
import { currencyDecimals } from './currencies.ts';
import { checkRegistration, compactRegistrationNumber } from './identifiers/registration-check.ts';
import { phoneParts } from './phones.ts';
import { refusalText, valueVerdict } from './value-rules.ts';
import { identifierCases, valueCases } from './verdicts.ts';

describe('the shared verdict table, on the model', () => {
  it('covers every country whose IBAN ibantools knows, with wrong lengths', () => {
    const countries = Object.entries(countrySpecs)
      .filter(([, s]) => s.chars)
      .map(([c]) => c);
    expect(countries.length).toBeGreaterThan(80);
    for (const country of countries) {
      expect(
        valueCases.filter((c) => c.type === 'iban' && c.about.startsWith(`${country}:`)),
        country,
      ).toHaveLength(3);
    }
  });

  it.each(valueCases.map((c) => [`${c.type} ${JSON.stringify(c.input)} (${c.about})`, c] as const))('%s', (_, c) => {
    const verdict = valueVerdict(c.type, c.input, { country: c.country, tenant: c.tenant });
    if (c.message === null) expect(verdict).toEqual({ valid: true, value: c.stored });
    else expect(!verdict.valid && refusalText(verdict)).toBe(c.message);
  });

  it.each(identifierCases.map((c) => [`${c.registrationType} ${JSON.stringify(c.input)} (${c.about})`, c] as const))(
    '%s',
    (_, c) => {
      expect(checkRegistration(c.registrationType, c.input)).toBe(c.message);
      if (c.stored) expect(compactRegistrationNumber(c.registrationType, c.input)).toBe(c.stored);
    },
  );
});

describe('phones in the phone field', () => {
  it('shows a stored number as its country and local number', () => {
    expect(phoneParts('+33123456789')).toEqual({ country: 'FR', local: '01 23 45 67 89' });
    expect(phoneParts('call me', 'FR')).toEqual({ country: 'FR', local: 'call me' });
  });
});

describe('currency decimals (spec 000 §9)', () => {
  it('come from Intl, with TND 3 and XPF 0', () => {
    expect(['JPY', 'XOF', 'XAF', 'GNF', 'XPF'].map(currencyDecimals)).toEqual([0, 0, 0, 0, 0]);
    expect(currencyDecimals('TND')).toBe(3);
    expect(['EUR', 'USD', 'GBP', 'MAD', 'RMB', 'eur'].map(currencyDecimals)).toEqual([2, 2, 2, 2, 2, 2]);
  });
});
