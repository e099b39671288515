import type { Entity } from '@lbo/model/entity';
import { api } from '../app/api/client.ts';
import type { Item } from './list-edits.ts';

/** The calls of the person editor (spec 002 §7), in one place. */

const enc = encodeURIComponent;

export const personPaths = {
  record: (entity: Entity, registration: string) => `/api/${entity.route}/${enc(registration)}`,
  registrationLookup: (type: string) => `/api/external/pivot/person-registration/${enc(type)}`,
  addresses: '/api/external/pivot/addresses',
  hierarchy: (entity: Entity, registration: string) => `/api/${entity.route}/${enc(registration)}/hierarchy`,
  schema: '/api/person/persons-schema',
  users: '/api/core/users',
  layoutScript: '/api/script/scripts/person-layout',
};

/** Lookup in an external register; a failure only stops the loading indicator (spec 002 §8). */
export function lookupRegistration(type: string, value: string, personType: unknown, signal?: AbortSignal) {
  return api.post<unknown>(personPaths.registrationLookup(type), {
    value, personType, displayFirstRegistrationsInPriority: true, withDetails: false,
  }, { silent: true, signal });
}

/** Details of one lookup result. */
export function registrationDetails(type: string, selectedId: string, personType: unknown) {
  return api.post<unknown>(personPaths.registrationLookup(type), { selectedId, personType, withDetails: true }, { silent: true });
}

/** The person or prospect with that registration, or undefined. */
export async function findPerson(entity: Entity, registration: string): Promise<Item | undefined> {
  try {
    return await api.get<Item>(personPaths.record(entity, registration), { query: { projection: 'registration,name' }, silent: true });
  } catch {
    return undefined;
  }
}

export interface AddressQuery {
  search?: string;
  placeId?: string;
  coordinates?: string;
  provider?: string;
  language?: string;
  country?: string;
  sessiontoken?: string;
  region?: string;
  extraInfo?: string;
  detailFromCoordinates?: string;
}

/** Address suggestions or details; failures are ignored (spec 002 §8). */
export async function addressPivot(query: AddressQuery, signal?: AbortSignal): Promise<unknown> {
  if (query.provider === 'None') return undefined;
  const clean = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;
  try {
    return await api.post<unknown>(personPaths.addresses, undefined, { query: clean, silent: true, signal });
  } catch {
    return undefined;
  }
}

export async function hierarchyOf(entity: Entity, registration: string, signal?: AbortSignal): Promise<unknown> {
  return api.get<unknown>(personPaths.hierarchy(entity, registration), { signal, silent: true });
}

/** Extension fields of contacts, from the person schema (`schema.contacts[0]`); none when it is not served. */
export async function contactExtensions(): Promise<Record<string, unknown>> {
  try {
    const answer = await api.get<{ schema?: { contacts?: unknown[] } }>(personPaths.schema, { silent: true });
    const first = answer?.schema?.contacts?.[0];
    return first && typeof first === 'object' ? (first as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function usersNamed(username: string): Promise<unknown> {
  return api.get<unknown>(personPaths.users, { query: { username }, silent: true });
}

/** The `person-layout` script, or undefined when there is none. */
export async function personLayoutScript(): Promise<Item | undefined> {
  try {
    return await api.get<Item>(personPaths.layoutScript, { silent: true });
  } catch {
    return undefined;
  }
}
