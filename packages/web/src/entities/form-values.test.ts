import { describe, expect, it } from 'vitest';
import { changedFields, cleanDocument, formErrors, getAt, setAt } from './form-values.ts';
import type { FormField } from '../fields/form-field.ts';

describe('form values', () => {
  it('reads and writes nested paths immutably, creating arrays for indexes', () => {
    const values = { name: 'a' };
    const next = setAt(values, 'addresses.0.city', 'Lyon');
    expect(next).toEqual({ name: 'a', addresses: [{ city: 'Lyon' }] });
    expect(values).toEqual({ name: 'a' });
    expect(getAt(next, 'addresses.0.city')).toBe('Lyon');
  });

  it('reports mandatory fields once touched, including items of lists', () => {
    const fields: FormField[] = [
      { name: 'name', type: 'text', label: 'Name', mandatory: true },
      {
        name: 'addresses',
        type: 'list',
        label: 'Addresses',
        fields: [{ name: 'type', type: 'select', label: 'Type', mandatory: true }],
      },
      { name: 'registration', type: 'text', label: 'Registration', mandatory: true, readOnly: true },
    ];
    const values = { addresses: [{}] };
    const ctx = { locale: 'en-EU' };
    expect(formErrors(fields, values, () => false, ctx)).toEqual({});
    expect(formErrors(fields, values, () => true, ctx)).toEqual({
      name: 'Name is mandatory',
      'addresses.0.type': 'Type is mandatory',
    });
  });

  it('sends only changed fields, cleared ones as null, never status or system fields', () => {
    expect(
      changedFields(
        { name: 'a', email: 'x@y.fr', status: 'ACTIVE', _version: 2 },
        { name: 'b', email: undefined, status: 'DRAFT', _version: 2 },
      ),
    ).toEqual({ name: 'b', email: null });
  });

  it('leaves empty values out of a new document', () => {
    expect(cleanDocument({ name: 'a', email: '', roles: [{}], addresses: [{ city: 'Lyon', zipcode: null }] })).toEqual({
      name: 'a',
      addresses: [{ city: 'Lyon' }],
    });
  });
});
