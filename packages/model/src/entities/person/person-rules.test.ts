import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.ts';
import { checkPerson, personProblems } from './person-rules.ts';
import { person } from './person.entity.ts';
import { prospect } from './prospect.entity.ts';

const thrown = (doc: Record<string, unknown>) => {
  try {
    checkPerson(doc);
  } catch (e) {
    return e as ApiError;
  }
  return undefined;
};

describe('person rules by type (spec 002 §5)', () => {
  it('wants a name for companies and organizations', () => {
    expect(thrown({ type: 'C' })?.reference).toBe('400|MISSING_FIELD_IN_BODY|Missing field name in body');
    expect(thrown({ type: 'O', name: ' ' })?.args).toEqual(['name']);
    expect(thrown({ type: 'C', name: 'Acme' })).toBeUndefined();
  });
  it('wants a last name for individuals and employees', () => {
    expect(thrown({ type: 'I', firstName: 'Ana', name: 'Ana' })?.args).toEqual(['lastName']);
    expect(thrown({ type: 'E', name: 'x' })?.extra).toEqual({ reason: 'Last name is mandatory' });
    expect(thrown({ type: 'I', lastName: 'Ruiz' })).toBeUndefined();
  });
  it('wants an identifier and a contact for professionals', () => {
    expect(thrown({ type: 'P', name: 'Dr Ruiz', contacts: [{ position: 'Owner' }] })?.args).toEqual(['registrations']);
    expect(
      thrown({ type: 'P', registrations: [{ type: 'SIR', number: '' }], contacts: [{ position: 'Owner' }] })?.args,
    ).toEqual(['registrations']);
    expect(thrown({ type: 'P', registrations: [{ type: 'AUT' }] })?.args).toEqual(['contacts']);
    expect(thrown({ type: 'P', registrations: [{ type: 'AUT' }], contacts: [{ position: 'Owner' }] })).toBeUndefined();
    expect(thrown({ type: 'P', registration: 'SIR732829320', contacts: [{ position: 'Owner' }] })).toBeUndefined();
  });
  it('checks each identifier by its type and names it', () => {
    const e = thrown({
      type: 'C',
      name: 'Acme',
      registrations: [
        { type: 'SIR', number: '732829320' },
        { type: 'NIF', number: '12345678A' },
      ],
    });
    expect(e?.reference).toBe('400|INVALID_FIELD_VALUE|Invalid value "12345678A" for field registrations[1].number');
    expect(e?.extra).toEqual({ reason: 'Spanish ID is invalid' });
    expect(thrown({ type: 'C', name: 'Acme', bankAccounts: [{ name: 'Main', bankBic: 'NOPE' }] })?.args).toEqual([
      '"NOPE"',
      'bankAccounts[0].bankBic',
    ]);
  });
  it('takes tenant patterns per type', () => {
    const problems = personProblems(
      { registrations: [{ type: 'GBR', number: '12' }] },
      { registration: () => ({ pattern: '\\d{8}' }) },
    );
    expect(problems).toEqual([
      { code: 'INVALID_FIELD_VALUE', field: 'registrations[0].number', message: 'Invalid format', value: '12' },
    ]);
  });
  it('checks props_ flags of declared fields', () => {
    expect(thrown({ props_email: { hidden: true, disabled: false, colProps: { span: 6 } } })).toBeUndefined();
    expect(thrown({ props_nothing: { hidden: true } })?.args).toEqual(['{"hidden":true}', 'props_nothing']);
    expect(thrown({ props_email: { hidden: 'yes' } })?.extra).toEqual({ reason: 'hidden must be a boolean' });
    expect(thrown({ props_email: { shown: true } })?.extra).toEqual({ reason: 'Unknown flag shown' });
  });
  it('is the check of both declarations (loaded on first use)', async () => {
    await expect(person.check?.({ type: 'C' })).rejects.toThrow(ApiError);
    await expect(prospect.check?.({ type: 'I' })).rejects.toThrow(ApiError);
  });
});
