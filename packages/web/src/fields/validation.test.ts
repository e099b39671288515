import { describe, expect, it } from 'vitest';
import type { FormField } from './form-field.ts';
import { withCheckDigits } from '@lbo/model/values/verdicts';
import { fieldError, lengthCounter, caseOf } from './validation.ts';
import {
  parseCurrencyInput,
  parseDateInput,
  parseDateTimeInput,
  parseNumberInput,
  parsePercentageInput,
} from './parse.ts';

const ctx = { locale: 'en-EU', tenant: 'demo' };
const f = (type: string, extra: Partial<FormField> = {}): FormField => ({ name: 'x', type, label: 'Amount', ...extra });
const error = (field: FormField, value: unknown, touched = true) => fieldError(field, value, touched, ctx);

describe('mandatory', () => {
  it('says "{label} is mandatory" once touched, for every empty form', () => {
    const field = f('text', { mandatory: true, label: 'Name' });
    expect(error(field, '', false)).toBeUndefined();
    for (const empty of [undefined, null, '', '   ', []]) expect(error(field, empty)).toBe('Name is mandatory');
    expect(error(f('select', { mandatory: true, label: 'Type' }), undefined)).toBe('Type is mandatory');
    expect(error(f('checkbox', { mandatory: false }), undefined)).toBeUndefined();
  });
});

describe('numbers', () => {
  it('checks numbers, integers and bounds formatted like the field', () => {
    expect(error(f('number'), Number.NaN)).toBe('Amount has to be a number');
    expect(error(f('integer'), 1.5)).toBe('Amount has to be an integer');
    expect(error(f('number', { min: 0 }), -1)).toBe('Amount must be ≥ 0');
    expect(error(f('integer', { max: 360 }), 400)).toBe('Amount must be ≤ 360');
    expect(error(f('currency', { min: 1000 }), 5)).toBe('Amount must be ≥ 1,000.00 €');
    expect(error(f('percentage', { max: 0.2 }), 0.25)).toBe('Amount must be ≤ 20%');
    expect(error(f('currency'), Number.NaN)).toBe('Amount has to be a number');
    expect(error(f('number', { min: 0 }), 0)).toBeUndefined();
  });

  it('parses locale decimals, signs, exponents and percentages stored /100', () => {
    expect(parseNumberInput('1,234.5', 'en-EU')).toBe(1234.5);
    expect(parseNumberInput('1 234,5', 'fr-FR')).toBe(1234.5);
    expect(parseNumberInput('-2e3', 'en-EU')).toBe(-2000);
    expect(parseNumberInput('abc', 'en-EU')).toBeNaN();
    expect(parseNumberInput('  ', 'en-EU')).toBeUndefined();
    expect(parseCurrencyInput('1,000.50 €', 'en-EU')).toBe(1000.5);
    expect(parsePercentageInput('5.25%', 'en-EU')).toBe(0.0525);
    expect(parsePercentageInput('33,333333333333%', 'fr-FR')).toBe(0.3333333333);
  });
});

describe('text', () => {
  it('checks trimmed length with both message forms and shows a counter', () => {
    const field = f('text', { label: 'Code', min: 3, max: 5 });
    expect(error(field, ' ab ')).toBe('Code length must be ≥ 3');
    expect(error(field, 'abcdef')).toBe('Code length must be ≤ 5');
    expect(error(field, 'abcd')).toBeUndefined();
    expect(lengthCounter(field, 'abcd')).toBe('4/5 (Min: 3)');
    expect(lengthCounter(f('textarea', { max: 200 }), 'hello')).toBe('5/200');
    expect(error(f('password', { min: 8, label: 'Password' }), 'short')).toBe('Password length must be ≥ 8');
  });

  it('checks custom patterns, uuids and case options', () => {
    expect(error(f('text', { pattern: '^[A-Z]{3}$' }), 'abc')).toBe('Invalid format');
    expect(error(f('text', { format: 'uuid' }), '123')).toBe('Invalid format');
    expect(error(f('text', { format: 'uuid' }), '3f2504e0-4f89-11d3-9a0c-0305e82c3301')).toBeUndefined();
    expect(caseOf(f('text', { upperCase: true }), 'ab')).toBe('AB');
    expect(caseOf(f('text', { lowerCase: true }), 'AB')).toBe('ab');
  });
});

describe('identifiers', () => {
  it('checks emails, lists of emails and usernames', () => {
    expect(error(f('email'), 'not-an-email')).toBe('Email format should be "name@example.com"');
    expect(error(f('email'), 'a.b@c.fr')).toBeUndefined();
    expect(error(f('emails'), ['a@b.fr', 'bad'])).toBe('Email format should be "name@example.com"');
    expect(error(f('username'), 'john')).toBe('Should be a valid email or a valid string ending with @demo');
    expect(error(f('username'), 'john.doe@demo')).toBeUndefined();
    expect(error(f('username'), 'john@example.com')).toBeUndefined();
  });

  it('checks phones and IBANs', () => {
    expect(error(f('phone'), '+33 1 23 45 67 89')).toBeUndefined();
    expect(error(f('phone'), 'call me')).toBe('Invalid format');
    // A local form is read in the country of the locale (en-EU has none: it must be international).
    expect(error(f('phone'), '01 23 45 67 89')).toBe('Invalid format');
    expect(fieldError(f('phone'), '01 23 45 67 89', true, { locale: 'fr-FR' })).toBeUndefined();
    expect(error(f('phone'), '+33 1 23')).toBe('Invalid format');
    expect(error(f('phone'), { invalidInput: '01 23' })).toBe('Invalid format');
    expect(error(f('iban'), 'FR76 3000 6000 0112 3456 7890 189')).toBeUndefined();
    expect(error(f('iban'), 'FR76 3000 6000 0112 3456 7890 188')).toBe('IBAN is invalid');
    expect(error(f('iban'), 'DE89370400440532013000')).toBeUndefined();
    expect(error(f('iban'), 'DE8937040044053201300')).toBe('IBAN is invalid');
    expect(error(f('iban'), 'GB82WEST12345698765432')).toBeUndefined();
    // The country lengths are ibantools' (the server's): SA has 24 characters, BR 29.
    expect(error(f('iban'), 'SA0380000000608010167519')).toBeUndefined();
    expect(error(f('iban'), withCheckDigits('SA', '8000000060801016751'))).toBe('IBAN is invalid');
  });
});

describe('dates', () => {
  const today = new Date(2024, 4, 15);
  it('accepts keywords, compact stamps, ISO and separated day-month-year', () => {
    expect(parseDateInput('today', 'en-EU', today)).toBe('2024-05-15');
    expect(parseDateInput('yesterday', 'en-EU', today)).toBe('2024-05-14');
    expect(parseDateInput('first day of month', 'en-EU', today)).toBe('2024-05-01');
    expect(parseDateInput('20240301', 'en-EU')).toBe('2024-03-01');
    expect(parseDateInput('20240301123000', 'en-EU')).toBe('2024-03-01');
    expect(parseDateInput('2024-03-01', 'en-EU')).toBe('2024-03-01');
    expect(parseDateInput('05/03/2024', 'fr-FR')).toBe('2024-03-05');
    expect(parseDateInput('05-03-2024', 'en-EU')).toBe('2024-03-05');
    expect(parseDateInput('05-03-2024', 'en-US')).toBe('2024-05-03');
    expect(parseDateInput('', 'en-EU')).toBeUndefined();
  });

  it('says "Invalid date" for anything else', () => {
    for (const bad of ['31-02-2024', 'soon', '2024-13-01', '1/2/24']) {
      const parsed = parseDateInput(bad, 'en-EU');
      expect(error(f('date'), parsed)).toBe('Invalid date');
    }
    expect(error(f('date'), '2024-03-01')).toBeUndefined();
    expect(error(f('datetime'), parseDateTimeInput('05-03-2024 - 25:00', 'en-EU'))).toBe('Invalid date');
    expect(parseDateTimeInput('05-03-2024 - 14:30', 'en-EU')).toEqual(new Date(2024, 2, 5, 14, 30));
  });
});

describe('translation', () => {
  it('passes messages through the translator with their values', () => {
    const translate = (key: string, values: Record<string, unknown>) =>
      key.replace('{label}', String(values.label)).replace('is mandatory', 'est obligatoire');
    expect(fieldError(f('text', { mandatory: true, label: 'Nom' }), '', true, { locale: 'fr-FR', translate })).toBe(
      'Nom est obligatoire',
    );
  });
});
