import { isEmail } from '../fields/validation.ts';
import type { Item } from './list-edits.ts';
import { displayName, kindOf } from './person-form-rules.ts';

/** Quick add of spec 002 §2, §4, §5. Pure parts. */

/** Quick add defaults to a company. */
export const quickAddDefaultType = 'C';

/** A username is offered only for individuals, when the user may write users and users are not disabled. */
export function showsUsername(type: unknown, canWriteUsers: boolean, usersDisabled: boolean): boolean {
  return type === 'I' && canWriteUsers && !usersDisabled;
}

/** If the username looks like an email and the person has none, the email takes it. */
export function emailFromUsername(person: Item, username: string | undefined): Item {
  const u = username?.trim();
  if (!u || !isEmail(u) || (typeof person.email === 'string' && person.email.trim())) return person;
  return { ...person, email: u };
}

/** The person body: its display name, roles passed through. */
export function personBody(values: Item): Item {
  const { username: _u, ...person } = values;
  const name = displayName(person);
  return { ...person, ...(name ? { name } : {}) };
}

/** The user to create for an individual, linked to the person just posted. */
export function userBody(person: Item, username: string): Item {
  return {
    username: username.trim(),
    firstName: person.firstName,
    lastName: person.lastName,
    email: typeof person.email === 'string' ? person.email : undefined,
    personRegistration: person.registration,
    ...(typeof person.orgaRegistration === 'string' ? { orgaRegistration: person.orgaRegistration } : {}),
  };
}

/** The user query answer holds the username when it already exists. */
export function usernameTaken(answer: unknown, username: string): boolean {
  const list = Array.isArray(answer) ? answer : [];
  return list.some(
    (u) =>
      typeof u === 'object' &&
      u &&
      String((u as Item).username ?? (u as Item).registration).toLowerCase() === username.trim().toLowerCase(),
  );
}

export const isIndividual = (type: unknown) => kindOf(type) === 'individual';

/** A relation a quick add from a source person may create (`POST /api/script/runs/quick-add-relations`). */
export interface QuickAddRelation {
  relation: string;
  label?: string;
  personTypes?: string[];
  quickAddRoles?: string[];
  /** The item the new person is posted with: it holds or is linked to the source. */
  descendants?: Item[];
}

export function quickAddRelationsOf(answer: unknown): QuickAddRelation[] {
  return Array.isArray(answer)
    ? answer.filter((r): r is QuickAddRelation => Boolean(r) && typeof (r as Item).relation === 'string')
    : [];
}

/** The person posted for a relation: its roles added, the link to the source declared. */
export function withRelation(person: Item, relation: QuickAddRelation | undefined, source: string | undefined): Item {
  if (!relation) return person;
  const roles = [...((person.roles as Item[] | undefined) ?? [])];
  for (const role of relation.quickAddRoles ?? []) if (!roles.some((r) => r.role === role)) roles.push({ role });
  const link = relation.descendants?.length
    ? relation.descendants
    : source
      ? [{ personRegistration: source, relation: relation.relation }]
      : [];
  return {
    ...person,
    ...(roles.length ? { roles } : {}),
    descendants: [...((person.descendants as Item[] | undefined) ?? []), ...link],
  };
}
