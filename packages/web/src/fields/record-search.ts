import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Entity } from '@lbo/model/entity';
import { dataProvider, queryKeys } from '../app/api/data-provider.ts';
import type { Option } from './form-field.ts';

/** Autocomplete starts after more than 2 characters, 250 ms after the last keystroke (spec 000 §5, §9). */
export const minSearchLength = 3;
export const autocompleteDelayMs = 250;

export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** Records of `entity` whose text matches, as options `registration - name`; `roles` narrows persons. */
export function useRecordSearch(
  entity: Entity | undefined,
  text: string,
  roles?: string[],
): { options: Option[]; loading: boolean } {
  const term = useDebounced(text.trim(), autocompleteDelayMs);
  const enabled = Boolean(entity) && term.length >= minSearchLength;
  const { data, isFetching } = useQuery({
    queryKey: queryKeys.search(entity, term, roles),
    queryFn: ({ signal }) =>
      dataProvider.search(
        entity!,
        term,
        roles?.length && entity!.filters.some((f) => f.name === 'role') ? { role: roles } : {},
        { silent: true, signal },
      ),
    enabled,
  });
  const options = enabled
    ? (data ?? []).map((r) => ({
        value: r.registration,
        label: r.name ? `${r.registration} - ${r.name}` : r.registration,
      }))
    : [];
  return { options, loading: isFetching };
}
