import { describe, expect, it } from 'vitest';
import { identifierCases, valueCases, verdictTenant } from '@lbo/model/values/verdicts';
import { personRuleErrors } from '../person/person-form-rules.ts';
import type { FormField } from './form-field.ts';
import { phoneInputValue } from './phone-value.ts';
import { fieldError } from './validation.ts';

/**
 * The shared verdict table (model/values/verdicts.ts) run through the web's field validators:
 * the same verdicts and messages as the model and the server's routes.
 */
const ctx = { locale: 'en-EU', tenant: verdictTenant };
const field = (type: string): FormField => ({ name: type, type, label: type });

describe('the shared verdict table, in the web form', () => {
  it.each(valueCases.map((c) => [`${c.type} ${JSON.stringify(c.input)} (${c.about})`, c] as const))('%s', (_, c) => {
    // A phone goes through the phone field, whose picker names the country of a local number.
    const value = c.type === 'phone' ? phoneInputValue(c.input, c.country) : c.input;
    expect(fieldError(field(c.type), value, true, ctx) ?? null).toBe(c.message);
    if (c.type === 'phone' && c.message === null) expect(value).toBe(c.stored);
  });

  it.each(identifierCases.map((c) => [`${c.registrationType} ${JSON.stringify(c.input)} (${c.about})`, c] as const))(
    '%s',
    (_, c) => {
      const errors = personRuleErrors({
        type: 'C',
        name: 'Acme',
        registrations: [{ type: c.registrationType, number: c.input }],
      });
      expect(errors['registrations.0.number'] ?? null).toBe(c.message);
    },
  );
});
