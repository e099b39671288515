import { describe, expect, it } from 'vitest';
import {
  alignFirstRegistration,
  cleanRegistrations,
  composeRegistration,
  lookupResultsOf,
  personFromLookup,
  splitRegistration,
  withMainRegistration,
} from './registrations.ts';
import { personToSave } from './person-save.ts';
import { entityByName } from '@lbo/model/entity-registry';
import { formFieldsOf } from '../fields/form-field.ts';
import { formErrors } from '../entities/form-values.ts';

describe('registrations', () => {
  it('composes and splits a registration: type code then number', () => {
    expect(composeRegistration('SIR', '552 100 554')).toBe('SIR552100554');
    expect(composeRegistration('SIR', undefined)).toBeUndefined();
    expect(splitRegistration('SIR552100554', ['SIR', 'EVA'])).toEqual({ type: 'SIR', number: '552100554' });
    expect(splitRegistration('PER000001', ['SIR'])).toEqual({});
  });
  it('drops empty rows unless their type is automatic', () => {
    expect(
      cleanRegistrations([
        { type: 'SIR', number: '552100554' },
        { type: 'EVA', number: ' ' },
        { type: 'AUT' },
        { type: 'DNI' },
      ]),
    ).toEqual([{ type: 'SIR', number: '552100554' }, { type: 'AUT' }]);
  });
  it('aligns the first type to the registration', () => {
    expect(alignFirstRegistration([{ type: 'EVA', number: '1' }, { type: 'SIR' }], 'SIR552100554')).toEqual([
      { type: 'SIR', number: '1' },
      { type: 'SIR' },
    ]);
  });
  it('puts the main type and number first', () => {
    expect(withMainRegistration(undefined, 'SIR', '1')).toEqual([{ type: 'SIR', number: '1' }]);
    expect(
      withMainRegistration(
        [
          { type: 'EVA', number: 'x', verified: true },
          { type: 'DNI', number: 'y' },
        ],
        'SIR',
        '2',
      ),
    ).toEqual([
      { type: 'SIR', number: '2', verified: true },
      { type: 'DNI', number: 'y' },
    ]);
  });
  it('keeps a number typed before its type, and the type without a number', () => {
    expect(withMainRegistration(undefined, undefined, '732829320')).toEqual([{ number: '732829320' }]);
    expect(withMainRegistration([{ number: '732829320' }], 'SIR', '732829320')).toEqual([
      { type: 'SIR', number: '732829320' },
    ]);
    expect(withMainRegistration([{ type: 'SIR', number: '1' }], 'SIR', undefined)).toEqual([{ type: 'SIR' }]);
    expect(
      withMainRegistration(
        [
          { type: 'SIR', number: '1' },
          { type: 'EVA', number: 'FR1' },
        ],
        undefined,
        undefined,
      ),
    ).toEqual([{ type: 'EVA', number: 'FR1' }]);
    expect(withMainRegistration([{ type: 'SIR' }], undefined, undefined)).toBeUndefined();
  });
  it('refuses to save a number without its type rather than dropping it', () => {
    const values = { type: 'C', name: 'Acme', registrations: withMainRegistration(undefined, undefined, '732829320') };
    const fields = formFieldsOf(entityByName('Person')!.fields);
    expect(formErrors(fields, values, () => true, { locale: 'en-EU' })).toMatchObject({
      'registrations.0.type': 'Type is mandatory',
    });
    expect(personToSave(values).registrations).toEqual([{ number: '732829320' }]);
  });
});

describe('registration lookup answers', () => {
  it('reads results from a list or an object, with the person flat or nested', () => {
    const results = lookupResultsOf(
      {
        results: [
          { id: '1', registration: 'SIR552100554', name: 'Acme', legalForm: 'SA' },
          { number: '999', person: { name: 'Beta' } },
        ],
      },
      'SIR',
    );
    expect(results.map((r) => [r.id, r.number, r.label])).toEqual([
      ['1', '552100554', '552100554 - Acme'],
      ['999', '999', '999 - Beta'],
    ]);
    expect(personFromLookup(results[0].person)).toEqual({ name: 'Acme', legalForm: 'SA' });
    expect(lookupResultsOf(undefined, 'SIR')).toEqual([]);
    expect(lookupResultsOf({ number: '1', name: 'Single' }, 'SIR')[0].label).toBe('1 - Single');
    // The provider's own label is kept.
    expect(
      lookupResultsOf([{ id: 'x', number: '732829320', name: 'LACOSTE', label: '732829320 LACOSTE (Paris)' }], 'SIR')[0]
        .label,
    ).toBe('732829320 LACOSTE (Paris)');
  });
});

describe('the person sent on save', () => {
  it('takes the registration from the main type unless the server numbers it', () => {
    expect(
      personToSave({ type: 'C', name: 'Acme', registrations: [{ type: 'SIR', number: '552100554' }, { type: 'EVA' }] }),
    ).toMatchObject({ registration: 'SIR552100554', registrations: [{ type: 'SIR', number: '552100554' }] });
    expect(personToSave({ type: 'C', name: 'Acme', registrations: [{ type: 'AUT' }] }).registration).toBeUndefined();
  });
  it('names an individual after first and last name and names bank accounts', () => {
    const saved = personToSave({
      type: 'I',
      firstName: 'Jeanne',
      lastName: 'Martin',
      bankAccounts: [{ bankIban: 'FR76 3000 6000 0112 3456 7890 189' }],
    });
    expect(saved.name).toBe('Jeanne Martin');
    expect(saved.bankAccounts).toEqual([{ bankIban: 'FR7630006000011234567890189', name: 'Jeanne Martin' }]);
  });
});
