import { automaticRegistrationTypes } from '@lbo/model/values/identifiers/registration-check';
import type { Item } from './list-edits.ts';

/** Registration rules of spec 002 §3, §4, §5. Pure. */

export const automaticTypes: ReadonlySet<string> = new Set(automaticRegistrationTypes);
export const lookupTypes = new Set(['SIR', 'EVA', 'GBR', 'CHE', 'CIF', 'NIF', 'ITA', 'DEU']);

export interface RegistrationItem extends Item {
  type?: string;
  number?: string;
}

/** A registration is its 3-character type code followed by the number. */
export const composeRegistration = (type: string | undefined, number: string | undefined) =>
  type && number ? `${type}${number.replace(/\s+/g, '')}` : undefined;

/** The type and number of a registration string, when it starts with a known type code. */
export function splitRegistration(
  registration: unknown,
  knownTypes: Iterable<string>,
): { type?: string; number?: string } {
  if (typeof registration !== 'string' || registration.length < 4) return {};
  const type = registration.slice(0, 3);
  return new Set(knownTypes).has(type) ? { type, number: registration.slice(3) } : {};
}

/** Empty rows (no number) are dropped unless their type is automatic (spec 002 §4). */
export function cleanRegistrations(rows: RegistrationItem[]): RegistrationItem[] {
  return rows.filter(
    (r) =>
      (typeof r.number === 'string' && r.number.trim() !== '') || (r.type !== undefined && automaticTypes.has(r.type)),
  );
}

/** The first registration's type is aligned to the first 3 characters of the registration. */
export function alignFirstRegistration(rows: RegistrationItem[], registration: unknown): RegistrationItem[] {
  if (typeof registration !== 'string' || registration.length < 3 || rows.length === 0) return rows;
  const type = registration.slice(0, 3);
  return rows[0].type === type ? rows : [{ ...rows[0], type }, ...rows.slice(1)];
}

/**
 * The registrations list once the main type and number are chosen: the main one is first. A
 * number typed before its type is kept (the missing type is then the form's message); with
 * neither, the main row goes.
 */
export function withMainRegistration(
  rows: RegistrationItem[] | undefined,
  type: string | undefined,
  number: string | undefined,
): RegistrationItem[] | undefined {
  const [first, ...rest] = rows ?? [];
  const { type: _type, number: _number, ...details } = first ?? {};
  const kept =
    type || number ? [{ ...details, ...(type ? { type } : {}), ...(number ? { number } : {}) }, ...rest] : rest;
  return kept.length ? kept : undefined;
}

/** One result of a registration lookup, and the person fields it fills. */
export interface LookupResult {
  id: string;
  number: string;
  label: string;
  person: Item;
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * Results of `POST /api/external/pivot/person-registration/{type}`: a list, or an object with
 * `results | items | persons`; each names its number (`number`, `value`, `registration` less
 * its type) and carries person fields (flat or under `person`).
 */
export function lookupResultsOf(answer: unknown, type: string): LookupResult[] {
  const raw = Array.isArray(answer)
    ? answer
    : ['results', 'items', 'persons', 'data'].map((k) => (answer as Item | null)?.[k]).find(Array.isArray);
  if (!Array.isArray(raw))
    return answer && typeof answer === 'object' && !Array.isArray(answer) ? lookupResultsOf([answer], type) : [];
  return raw.flatMap((entry): LookupResult[] => {
    if (!entry || typeof entry !== 'object') return [];
    const e = entry as Item;
    const person = (e.person && typeof e.person === 'object' ? e.person : e) as Item;
    const registration = str(person.registration ?? e.registration);
    const number =
      str(e.number ?? e.value) || (registration.startsWith(type) ? registration.slice(type.length) : registration);
    if (!number) return [];
    const name = str(person.name ?? e.name);
    return [
      {
        id: str(e.id ?? e.selectedId) || number,
        number,
        label: str(e.label) || (name ? `${number} - ${name}` : number),
        person,
      },
    ];
  });
}

/** Person fields a lookup result may fill; identity and bookkeeping fields are left alone. */
export function personFromLookup(person: Item): Item {
  const {
    _id,
    _version,
    registration: _r,
    status: _s,
    id: _id2,
    number: _n,
    value: _v,
    label: _l,
    selectedId: _sel,
    ...fields
  } = person;
  return fields;
}
