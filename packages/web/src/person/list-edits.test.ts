import { describe, expect, it } from 'vitest';
import {
  addContact,
  canSave,
  closeContact,
  closeSession,
  compactIban,
  defaultBankAccountName,
  editContact,
  makeFirst,
  openSession,
  removeAt,
  saveContact,
  withDefaultNames,
} from './list-edits.ts';

describe('make first and delete', () => {
  it('swaps the chosen item with the first', () => {
    expect(makeFirst(['a', 'b', 'c'], 2)).toEqual(['c', 'b', 'a']);
    expect(makeFirst(['a', 'b'], 1)).toEqual(['b', 'a']);
  });
  it('leaves the list alone for the first item or an index out of range', () => {
    const list = ['a', 'b'];
    expect(makeFirst(list, 0)).toBe(list);
    expect(makeFirst(list, 5)).toBe(list);
  });
  it('removes one item', () => expect(removeAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']));
});

describe('a list modal restores the list on close', () => {
  it('keeps a copy that later edits do not reach', () => {
    const accounts = [{ name: 'Main', bankIban: 'FR76' }];
    const session = openSession(accounts);
    accounts[0].name = 'Changed';
    expect(closeSession(session)).toEqual([{ name: 'Main', bankIban: 'FR76' }]);
    expect(closeSession(openSession(undefined))).toEqual([]);
  });
  it('saves only when no error is under the list', () => {
    expect(canSave({ 'bankAccounts.0.name': 'Name is mandatory' }, 'bankAccounts')).toBe(false);
    expect(canSave({ bankAccounts: 'x' }, 'bankAccounts')).toBe(false);
    expect(canSave({ 'bankAccountsOther.0': 'x', lastName: 'Last name is mandatory' }, 'bankAccounts')).toBe(true);
  });
});

describe('contacts', () => {
  it('add creates a blank contact at the end; closing discards it', () => {
    const before = [{ position: 'CEO' }];
    const { contacts, session } = addContact(before);
    expect(contacts).toEqual([{ position: 'CEO' }, {}]);
    expect(session).toMatchObject({ index: 1, added: true });
    expect(closeContact(session)).toEqual([{ position: 'CEO' }]);
  });
  it('closing after an edit restores the previous values', () => {
    const contacts = [{ position: 'CEO', lastName: 'Martin' }];
    const session = editContact(contacts, 0);
    const edited = [{ position: 'CFO', lastName: 'Durand' }];
    expect(edited).not.toEqual(closeContact(session));
    expect(closeContact(session)).toEqual([{ position: 'CEO', lastName: 'Martin' }]);
  });
  it('saving a default contact removes the flag from all others', () => {
    const contacts = [{ position: 'A', isDefault: true }, { position: 'B', isDefault: true }, { position: 'C' }];
    expect(saveContact(contacts, 1)).toEqual([
      { position: 'A', isDefault: false },
      { position: 'B', isDefault: true },
      { position: 'C' },
    ]);
  });
  it('saving a contact that is not default changes no flag', () => {
    const contacts = [{ position: 'A', isDefault: true }, { position: 'B' }];
    expect(saveContact(contacts, 1)).toBe(contacts);
  });
});

describe('bank accounts', () => {
  it('names an account after the company, or the individual first and last name', () => {
    expect(defaultBankAccountName({ type: 'C', name: 'Acme SA' })).toBe('Acme SA');
    expect(defaultBankAccountName({ type: 'I', firstName: 'Jeanne', lastName: 'Martin', name: 'ignored' })).toBe(
      'Jeanne Martin',
    );
    expect(defaultBankAccountName({ type: 'C' })).toBeUndefined();
  });
  it('gives the name only to accounts with an IBAN and no name', () => {
    const person = { type: 'C', name: 'Acme SA' };
    expect(withDefaultNames([{ bankIban: 'FR76' }, { bankIban: 'FR76', name: 'Kept' }, {}], person)).toEqual([
      { bankIban: 'FR76', name: 'Acme SA' },
      { bankIban: 'FR76', name: 'Kept' },
      {},
    ]);
  });
  it('keeps IBANs without spaces, upper case', () =>
    expect(compactIban('fr76 3000 6000 0112')).toBe('FR76300060000112'));
});
