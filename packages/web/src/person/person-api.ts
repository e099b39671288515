import type { Entity } from '@lbo/model/entity';
import { api } from '../app/api/client.ts';
import {
  apiPaths,
  dataProvider,
  queryKeys,
  type CallOptions,
  type Kind,
  type Query,
} from '../app/api/data-provider.ts';
import type { Item } from './list-edits.ts';

/** The calls of the person editor (spec 002 §7): its own paths, the kinds' through the data provider. */
const enc = encodeURIComponent;
const personPaths = {
  hierarchy: (kind: Kind, id: string) => `${apiPaths.record(kind, id)}/hierarchy`,
  registrationLookup: (type: string) => `/api/external/pivot/person-registration/${enc(type)}`,
  addresses: '/api/external/pivot/addresses',
  personsSchema: '/api/person/persons-schema',
  users: '/api/core/users',
};

/** What the person editor reads besides records; a person's relations sit under its kind (a write refreshes them). */
export const personKeys = {
  hierarchy: (kind: Kind, id: string | undefined) => [...queryKeys.kind(kind), 'hierarchy', id] as const,
  quickAddRelations: (source: string | undefined) => ['quick-add-relations', source] as const,
  personsSchema: ['persons-schema'] as const,
};

function registrationLookup(type: string, body: unknown, options: CallOptions = {}) {
  return api.post<unknown>(personPaths.registrationLookup(type), body, options);
}

/** Lookup in an external register; a failure only stops the loading indicator (spec 002 §8). */
export function lookupRegistration(type: string, value: string, personType: unknown, signal?: AbortSignal) {
  return registrationLookup(
    type,
    {
      value,
      personType,
      displayFirstRegistrationsInPriority: true,
      withDetails: false,
    },
    { silent: true, signal },
  );
}

/** Details of one lookup result. */
export function registrationDetails(type: string, selectedId: string, personType: unknown) {
  return registrationLookup(type, { selectedId, personType, withDetails: true }, { silent: true });
}

/** The person or prospect with that registration, or undefined. */
export async function findPerson(entity: Entity, registration: string): Promise<Item | undefined> {
  try {
    return await dataProvider.get<Item>(entity, registration, {
      query: { projection: 'registration,name' },
      silent: true,
    });
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
  const clean = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string
  >;
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
    const answer = await api.get<{ schema?: { contacts?: unknown[] } }>(personPaths.personsSchema, { silent: true });
    const first = answer?.schema?.contacts?.[0];
    return first && typeof first === 'object' ? (first as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The users of that username (a person's user, spec 002 §7). */
export async function usersNamed(username: string): Promise<unknown> {
  return api.get<unknown>(personPaths.users, { query: { username }, silent: true });
}

/** Creates a user for a person; `syncPerson` gives the person it names its username. */
export function createPersonUser(body: unknown, query: Query = {}) {
  return api.post<unknown>(personPaths.users, body, { query });
}
