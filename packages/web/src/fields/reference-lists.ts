import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dataProvider, queryKeys, type ListValue } from '../app/api/data-provider.ts';
import type { Option } from './form-field.ts';

/**
 * Lists asked for in the same tick are fetched in one call (a form holds many selects).
 * The first item `ERROR` means the list does not exist: it then has no options.
 */
const pending = new Map<string, { names: Set<string>; promise: Promise<Record<string, Option[]>> }>();

function batchFetch(name: string, locale: string): Promise<Option[]> {
  let batch = pending.get(locale);
  if (!batch) {
    const names = new Set<string>();
    const promise = new Promise<Record<string, Option[]>>((resolve, reject) => {
      setTimeout(() => {
        pending.delete(locale);
        const list = [...names];
        dataProvider
          .referenceLists(list, locale)
          .then((answer) => resolve(Object.fromEntries(list.map((n, i) => [n, optionsOf(answer?.[i])]))))
          .catch(reject);
      }, 0);
    });
    batch = { names, promise };
    pending.set(locale, batch);
  }
  batch.names.add(name);
  return batch.promise.then((lists) => lists[name] ?? []);
}

function optionsOf(values: ListValue[] | undefined): Option[] {
  if (!Array.isArray(values) || values[0]?.value === 'ERROR') return [];
  return values.map((v) => ({ value: v.value, label: v.label }));
}

/** The query of a reference list in a language, cached for the session. */
export const listQueryOptions = (list: string | undefined, locale: string) => ({
  queryKey: queryKeys.referenceList(list, locale),
  queryFn: () => batchFetch(list!, locale),
  enabled: Boolean(list),
  staleTime: Infinity,
});

/** The options of a reference list in the interface language. */
export function useListOptions(list: string | undefined): { options: Option[]; loading: boolean } {
  const { i18n } = useTranslation();
  const { data, isLoading } = useQuery(listQueryOptions(list, i18n.language));
  return { options: data ?? [], loading: isLoading };
}

/** The label of a value; a value not among the options is shown followed by (???) (spec 000 §5). */
export function optionLabel(options: Option[], value: string, loaded = true): string {
  const found = options.find((o) => o.value === value);
  if (found) return found.label;
  return loaded && options.length ? `${value} (???)` : value;
}
