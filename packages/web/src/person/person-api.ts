import type { Entity } from '@lbo/model/entity';
import { dataProvider } from '../app/api/data-provider.ts';
import type { Item } from './list-edits.ts';

/** The calls of the person editor (spec 002 §7), asked of the data provider. */

/** Lookup in an external register; a failure only stops the loading indicator (spec 002 §8). */
export function lookupRegistration(type: string, value: string, personType: unknown, signal?: AbortSignal) {
  return dataProvider.registrationLookup(
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
  return dataProvider.registrationLookup(type, { selectedId, personType, withDetails: true }, { silent: true });
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
    return await dataProvider.addresses(clean, { silent: true, signal });
  } catch {
    return undefined;
  }
}

export async function hierarchyOf(entity: Entity, registration: string, signal?: AbortSignal): Promise<unknown> {
  return dataProvider.hierarchy(entity, registration, { signal, silent: true });
}

/** Extension fields of contacts, from the person schema (`schema.contacts[0]`); none when it is not served. */
export async function contactExtensions(): Promise<Record<string, unknown>> {
  try {
    const answer = await dataProvider.personsSchema<{ schema?: { contacts?: unknown[] } }>({ silent: true });
    const first = answer?.schema?.contacts?.[0];
    return first && typeof first === 'object' ? (first as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function usersNamed(username: string): Promise<unknown> {
  return dataProvider.usersNamed(username, { silent: true });
}

/** The `person-layout` script, or undefined when there is none. */
export async function personLayoutScript(): Promise<Item | undefined> {
  try {
    return await dataProvider.script<Item>('person-layout', { silent: true });
  } catch {
    return undefined;
  }
}
