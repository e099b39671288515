import { describe, expect, it } from 'vitest';
import { phoneCountryOptions, phoneFieldParts, phoneInputValue } from './phone-value.ts';

describe('the phone field', () => {
  it("starts on the country of the user's locale", () => {
    expect(phoneFieldParts(undefined, 'fr-FR')).toEqual({ country: 'FR', local: '' });
    expect(phoneFieldParts(undefined, 'en-EU')).toEqual({ country: undefined, local: '' });
    expect(phoneFieldParts('+12025550143', 'fr-FR')).toEqual({ country: 'US', local: '(202) 555-0143' });
  });

  it('stores what the picked country reads in E.164, and keeps the rest as invalid input', () => {
    expect(phoneInputValue('06 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(phoneInputValue('06 12 34 56 78', 'BE')).toEqual({ invalidInput: '06 12 34 56 78' });
    expect(phoneInputValue('+32 2 555 12 12', 'FR')).toBe('+3225551212');
    expect(phoneInputValue('  ', 'FR')).toBeUndefined();
  });

  it('offers every country with its calling code, searchable by name', () => {
    const options = phoneCountryOptions(new Intl.DisplayNames(['en'], { type: 'region' }));
    expect(options.length).toBeGreaterThan(200);
    expect(options.find((o) => o.value === 'MA')).toMatchObject({ label: 'MA +212' });
    expect(options.find((o) => o.value === 'MA')?.search).toContain('morocco');
  });
});
