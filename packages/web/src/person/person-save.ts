import type { Values } from '../entities/form-values.ts';
import { completeAddress } from './addresses.ts';
import { compactIban, withDefaultNames, type Item } from './list-edits.ts';
import { displayName } from './person-form-rules.ts';
import {
  alignFirstRegistration,
  automaticTypes,
  cleanRegistrations,
  composeRegistration,
  type RegistrationItem,
} from './registrations.ts';

/**
 * The person as it is sent: its display name; registrations without empty rows, the main one
 * first; the registration from the main type and number unless that type is numbered by the
 * server; addresses with every field; IBANs without spaces and bank accounts named.
 */
export function personToSave(values: Values): Values {
  const person: Values = { ...values };
  const name = displayName(person);
  if (name) person.name = name;
  const rows = cleanRegistrations((person.registrations as RegistrationItem[] | undefined) ?? []);
  const main = rows[0];
  if (!person.registration && main?.type && !automaticTypes.has(main.type))
    person.registration = composeRegistration(main.type, main.number);
  person.registrations = rows.length ? alignFirstRegistration(rows, person.registration) : undefined;
  if (Array.isArray(person.addresses)) person.addresses = (person.addresses as Item[]).map((a) => completeAddress(a));
  if (Array.isArray(person.bankAccounts)) {
    person.bankAccounts = withDefaultNames(
      (person.bankAccounts as Item[]).map((a) => ({ ...a, bankIban: compactIban(a.bankIban) })),
      person,
    );
  }
  return person;
}
