import { useQueries, useQuery } from '@tanstack/react-query';
import { dataProvider, type Kind, queryKeys } from '../app/api/data-provider.ts';

/**
 * Names of linked records (a contract's client, an invoice's payer), shown beside their
 * registrations. Every name asked for in the same moment (the cells of a list page, the links
 * of a form) is read in one request per kind: `registration=a,b,…&projection=registration,name`.
 */

/** The most rows a list request answers (docs/api.md, `range`). */
const pageLimit = 250;
/** Names are read again after a minute: a person renamed meanwhile shows under the new name. */
const staleTime = 60_000;

interface Batch {
  registrations: Set<string>;
  names: Promise<Map<string, string>>;
}

const waiting = new Map<string, Batch>();

async function readNames(entity: Kind, registrations: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let start = 0; start < registrations.length; start += pageLimit) {
    const chunk = registrations.slice(start, start + pageLimit);
    const found = await dataProvider.names(entity, chunk, { silent: true });
    for (const record of found)
      if (record.registration && typeof record.name === 'string' && record.name)
        names.set(record.registration, record.name);
  }
  return names;
}

/** The name of one record; the names asked for before the next task starts share one request. */
export function linkedName(entity: Kind, registration: string): Promise<string | null> {
  let batch = waiting.get(entity.route);
  if (!batch) {
    const registrations = new Set<string>();
    const names = new Promise<Map<string, string>>((resolve, reject) =>
      setTimeout(() => {
        waiting.delete(entity.route);
        readNames(entity, [...registrations]).then(resolve, reject);
      }, 0),
    );
    batch = { registrations, names };
    waiting.set(entity.route, batch);
  }
  batch.registrations.add(registration);
  return batch.names.then((names) => names.get(registration) ?? null);
}

/** The cache key of a linked record's name. */
export const linkedNameKey = queryKeys.name;

const nameQuery = (entity: Kind | undefined, registration: string | undefined) => ({
  queryKey: linkedNameKey(entity, registration),
  queryFn: () => linkedName(entity!, registration!),
  enabled: Boolean(entity && registration),
  staleTime,
  retry: false,
});

/** The name of the linked record, once read (undefined while unknown or when it has none). */
export function useLinkedName(entity: Kind | undefined, registration: string | undefined): string | undefined {
  return useQuery(nameQuery(entity, registration)).data ?? undefined;
}

/** The names of several linked records of one kind, by registration. */
export function useLinkedNames(entity: Kind | undefined, registrations: string[]): Map<string, string> {
  const answers = useQueries({ queries: registrations.map((r) => nameQuery(entity, r)) });
  return new Map(registrations.flatMap((r, i) => (answers[i]?.data ? [[r, answers[i].data] as const] : [])));
}

/** A name cut to `length` characters with an ellipsis (spec 001 §2.4: payer and payee in 17). */
export function truncated(text: string, length: number): string {
  const characters = [...text];
  return characters.length > length ? `${characters.slice(0, length).join('').trimEnd()}…` : text;
}
