/**
 * Pure rules of the person editor's list modals (spec 002 §4): open, close and restore,
 * make-first, the default contact, default bank-account names. The components only call these.
 */
export type Item = Record<string, unknown>;

/** Moves the chosen item to first place by swapping it with the first one. */
export function makeFirst<T>(items: T[], index: number): T[] {
  if (index <= 0 || index >= items.length) return items;
  const next = [...items];
  [next[0], next[index]] = [next[index], next[0]];
  return next;
}

export function removeAt<T>(items: T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

/**
 * A modal editing a list in place: it remembers the list as it was when opened, so that
 * closing without saving restores it.
 */
export interface ListSession<T> {
  snapshot: T[];
}

export const openSession = <T>(items: T[] | undefined): ListSession<T> => ({ snapshot: structuredClone(items ?? []) });

/** The list to keep when the modal closes without saving. */
export const closeSession = <T>(session: ListSession<T>): T[] => session.snapshot;

/** Save closes only when validation found nothing (bank accounts, addresses, registrations). */
export const canSave = (errors: Record<string, string>, prefix: string) =>
  !Object.keys(errors).some((path) => path === prefix || path.startsWith(`${prefix}.`));

/** The contact modal: which contact is edited, whether it was just added, and the list before. */
export interface ContactSession {
  index: number;
  added: boolean;
  snapshot: Item[];
}

/** Add creates a blank contact at the end and edits it. */
export function addContact(contacts: Item[] | undefined): { contacts: Item[]; session: ContactSession } {
  const list = contacts ?? [];
  return { contacts: [...list, {}], session: { index: list.length, added: true, snapshot: structuredClone(list) } };
}

export function editContact(contacts: Item[] | undefined, index: number): ContactSession {
  return { index, added: false, snapshot: structuredClone(contacts ?? []) };
}

/** Closing after an add discards the new contact; closing after an edit restores the previous values. */
export function closeContact(session: ContactSession): Item[] {
  return session.snapshot;
}

/** Saving a default contact removes the default flag from all the others. */
export function saveContact(contacts: Item[], index: number): Item[] {
  if (contacts[index]?.isDefault !== true) return contacts;
  return contacts.map((c, i) => (i !== index && c.isDefault ? { ...c, isDefault: false } : c));
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * The name a bank account with an IBAN and no name gets: the company name for a company,
 * first and last name for an individual (spec 002 §4).
 */
export function defaultBankAccountName(person: Item): string | undefined {
  const individual = person.type === 'I' || person.type === 'E' || person.type === 'P';
  const name = individual
    ? [text(person.firstName), text(person.lastName)].filter(Boolean).join(' ')
    : text(person.name);
  return name || text(person.name) || undefined;
}

export function withDefaultNames(accounts: Item[], person: Item): Item[] {
  const name = defaultBankAccountName(person);
  return accounts.map((a) => (text(a.bankIban) && !text(a.name) && name ? { ...a, name } : a));
}

/** IBANs are kept without spaces (spec 002 §5: stripped when typed and when saved). */
export const compactIban = (value: unknown) =>
  typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : value;
