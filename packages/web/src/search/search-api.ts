import type { SearchAnswer, SearchGroup, SearchHit } from '@lbo/model/global-search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../app/api/client.ts';
import { useUiState } from '../app/ui-state.ts';

export type { SearchAnswer, SearchGroup, SearchHit };

/** The server searches from 3 characters (spec 000 §5: autocomplete after more than 2). */
export const QUERY_MIN = 3;

/** Whether `text` is long enough to be searched. */
export const searchable = (text: string) => text.trim().length >= QUERY_MIN;

/** The tenant's records matching `text`, grouped by kind, `limit` per kind; no request under 3 characters. */
export function useSearch(text: string, limit: number) {
  const q = text.trim();
  return useQuery<SearchAnswer>({
    queryKey: ['global-search', q, limit],
    enabled: searchable(q),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<SearchAnswer>('/api/search', { query: { q, limit: String(limit) }, signal, silent: true }),
  });
}

const RECENT = 8;

/** The user's last searches in this browser, newest first. */
export function useRecentSearches(): [string[], (text: string) => void] {
  const [recent, setRecent] = useUiState<string[]>('search.recent', []);
  const remember = (text: string) => {
    const q = text.trim();
    if (!searchable(q)) return;
    setRecent([q, ...recent.filter((r) => r.toLowerCase() !== q.toLowerCase())].slice(0, RECENT));
  };
  return [recent, remember];
}

/** The hits of the groups in the order shown, for the keyboard's up and down. */
export const flatHits = (answer: SearchAnswer | undefined): SearchHit[] => answer?.groups.flatMap((g) => g.hits) ?? [];
