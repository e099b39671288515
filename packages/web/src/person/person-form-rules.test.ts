import { describe, expect, it } from 'vitest';
import {
  displayName,
  fieldsOfSection,
  kindOf,
  mandatoryOf,
  personRuleErrors,
  registrationTypeList,
  roleLabel,
  sectionsOf,
  withFieldProps,
} from './person-form-rules.ts';
import {
  emailFromUsername,
  personBody,
  quickAddRelationsOf,
  showsUsername,
  userBody,
  usernameTaken,
  withRelation,
} from './quick-add.ts';
import type { FormField } from '../fields/form-field.ts';

const titles = (type: string) => sectionsOf(type).map((s) => s.title);

describe('the person form by type', () => {
  it('groups types into individual, company and professional', () => {
    expect(['I', 'E', 'P', 'O', 'C'].map(kindOf)).toEqual([
      'individual',
      'individual',
      'professional',
      'company',
      'company',
    ]);
  });
  it('shows family, employment, income and expenditure for individuals, the legal section for companies', () => {
    expect(titles('I')).toEqual(
      expect.arrayContaining(['Family', 'Employment', 'Income (monthly net)', 'Expenditure (monthly net)']),
    );
    expect(titles('I')).not.toContain('Legal');
    expect(titles('C')).toContain('Legal');
    expect(titles('C')).not.toContain('Family');
    expect(titles('P')).toEqual(expect.arrayContaining(['Legal', 'Birth']));
  });
  it('keeps employmentEndDate for individuals only', () => {
    const employment = (type: string) => sectionsOf(type).find((s) => s.title === 'Employment')!.fields;
    expect(employment('I')).toContain('employmentEndDate');
    expect(employment('E')).not.toContain('employmentEndDate');
  });
  it('makes name mandatory for companies and lastName for individuals', () => {
    expect(mandatoryOf('C')).toEqual(new Set(['name']));
    expect(mandatoryOf('I')).toEqual(new Set(['lastName']));
    expect(mandatoryOf('P')).toEqual(new Set());
    const all = new Map<string, FormField>([
      ['name', { name: 'name', type: 'text', label: 'Name' }],
      ['lastName', { name: 'lastName', type: 'text', label: 'Last name' }],
    ]);
    expect(fieldsOfSection({ title: 'x', fields: ['name', 'lastName', 'unknown'] }, all, 'C')).toEqual([
      { name: 'name', type: 'text', label: 'Name', mandatory: true },
      { name: 'lastName', type: 'text', label: 'Last name' },
    ]);
  });
  it('needs a registration number and a contact for professionals, once a save was tried', () => {
    expect(personRuleErrors({ type: 'P' })).toEqual({
      registration: 'Person identifier is mandatory',
      contacts: 'Contact is mandatory',
    });
    expect(personRuleErrors({ type: 'P' }, { submitted: false })).toEqual({});
    expect(personRuleErrors({ type: 'P', registration: 'SIR1', contacts: [{ position: 'x' }] })).toEqual({});
  });
  it('checks identifiers and BICs with the model rules, at once', () => {
    expect(
      personRuleErrors(
        {
          type: 'C',
          name: 'Acme',
          registrations: [{ type: 'SIR', number: '123' }],
          bankAccounts: [{ bankBic: 'NOPE' }],
        },
        { submitted: false },
      ),
    ).toEqual({ 'registrations.0.number': expect.any(String), 'bankAccounts.0.bankBic': 'BIC is invalid' });
  });
  it('names the person and its registration list by type', () => {
    expect(displayName({ type: 'I', firstName: 'Jeanne', lastName: 'Martin' })).toBe('Jeanne Martin');
    expect(displayName({ type: 'C', name: 'Acme' })).toBe('Acme');
    expect(['I', 'P', 'O', 'C'].map(registrationTypeList)).toEqual([
      'individualRegistrationType',
      'professionalRegistrationType',
      'organizationRegistrationType',
      'companyRegistrationType',
    ]);
  });
  it("hides or disables fields by the record's props_ flags", () => {
    const fields: FormField[] = [
      { name: 'name', type: 'text', label: 'Name' },
      { name: 'email', type: 'email', label: 'Email' },
    ];
    expect(withFieldProps(fields, { props_name: { hidden: true }, props_email: { disabled: true } })).toEqual([
      { name: 'name', type: 'text', label: 'Name', hidden: true },
      { name: 'email', type: 'email', label: 'Email', disabled: true },
    ]);
    expect(withFieldProps(fields, {})).toEqual(fields);
  });
  it('shows an unknown role as {role} (???)', () => {
    expect(roleLabel('CLIENT', [{ value: 'CLIENT', label: 'Client' }])).toBe('Client');
    expect(roleLabel('WIZARD', [{ value: 'CLIENT', label: 'Client' }])).toBe('WIZARD (???)');
  });
});

describe('quick add', () => {
  it('offers a username only for individuals, when users may be written and are not disabled', () => {
    expect(showsUsername('I', true, false)).toBe(true);
    expect(showsUsername('C', true, false)).toBe(false);
    expect(showsUsername('I', false, false)).toBe(false);
    expect(showsUsername('I', true, true)).toBe(false);
  });
  it('fills an empty email from a username that looks like one', () => {
    expect(emailFromUsername({}, 'jeanne@example.com')).toEqual({ email: 'jeanne@example.com' });
    expect(emailFromUsername({ email: 'kept@example.com' }, 'jeanne@example.com')).toEqual({
      email: 'kept@example.com',
    });
    expect(emailFromUsername({}, 'jeanne@demo')).toEqual({});
  });
  it('builds the person and the user linked to it', () => {
    expect(
      personBody({ type: 'I', firstName: 'Jeanne', lastName: 'Martin', username: 'x', roles: [{ role: 'CLIENT' }] }),
    ).toEqual({
      type: 'I',
      firstName: 'Jeanne',
      lastName: 'Martin',
      name: 'Jeanne Martin',
      roles: [{ role: 'CLIENT' }],
    });
    expect(
      userBody(
        { registration: 'PER1', firstName: 'Jeanne', lastName: 'Martin', email: 'j@example.com' },
        ' jeanne@demo ',
      ),
    ).toEqual({
      username: 'jeanne@demo',
      firstName: 'Jeanne',
      lastName: 'Martin',
      email: 'j@example.com',
      personRegistration: 'PER1',
    });
  });
  it("posts the person added from a source with the relation's roles and its link to the source", () => {
    const relation = { relation: 'SIGNEROF', quickAddRoles: ['SIGNEROF'], personTypes: ['I'] };
    expect(withRelation({ type: 'I', roles: [{ role: 'CLIENT' }] }, relation, 'PER000001')).toEqual({
      type: 'I',
      roles: [{ role: 'CLIENT' }, { role: 'SIGNEROF' }],
      descendants: [{ personRegistration: 'PER000001', relation: 'SIGNEROF' }],
    });
    expect(withRelation({ type: 'I' }, undefined, 'PER000001')).toEqual({ type: 'I' });
    expect(quickAddRelationsOf([{ relation: 'SPOUSE' }, { nope: 1 }, null])).toEqual([{ relation: 'SPOUSE' }]);
    expect(quickAddRelationsOf({ error: 'x' })).toEqual([]);
  });
  it('finds an existing username in the users answer', () => {
    expect(usernameTaken([{ username: 'Jeanne@demo' }], 'jeanne@demo')).toBe(true);
    expect(usernameTaken([], 'jeanne@demo')).toBe(false);
  });
});
