import type { Entity } from '@lbo/model/entity';
import type { UserPreference } from '../app/session/configuration.ts';
import { filterParams, humanise } from './entity-fields.ts';
import { writeListState, type ListState } from './list-state.ts';

/**
 * Saved searches of a list screen (spec 000 §5, 001 §2.11): SEARCH_FILTER preferences of the
 * user whose groupId is the page path, each `{name, query}` where `query` holds the URL
 * parameters that make the search. Only what shows as a badge is kept (the declared filters,
 * range bounds included), with `props_` parameters, the free text and the sort; the page and
 * the Load-more range are not part of a search.
 */
export interface SavedSearch {
  _id?: string;
  name: string;
  query: Record<string, string>;
}

const kept = (entity: Entity) => new Set([...filterParams(entity), 'filter', 'sort']);

/** The query of a list state that a saved search keeps. */
export function searchQuery(
  entity: Entity,
  state: ListState,
  extra: URLSearchParams = new URLSearchParams(),
): Record<string, string> {
  const keep = kept(entity);
  const query: Record<string, string> = {};
  for (const [name, value] of writeListState(state)) if (keep.has(name) && value) query[name] = value;
  for (const [name, value] of extra) if (name.startsWith('props_') && value.trim()) query[name] = value.trim();
  return Object.fromEntries(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));
}

const sameQuery = (a: Record<string, string>, b: Record<string, string>) => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
};

/** Why a search is not saved: empty, or identical to one already saved; undefined when it can be. */
export function refusalOf(query: Record<string, string>, saved: SavedSearch[]): 'empty' | 'duplicate' | undefined {
  if (Object.keys(query).length === 0) return 'empty';
  return saved.some((s) => sameQuery(s.query, query)) ? 'duplicate' : undefined;
}

/** A name that says what the search holds: `Status: ACTIVE, Name: ^leas`, cut at 60 characters. */
export function defaultSearchName(query: Record<string, string>, label: (param: string) => string = humanise): string {
  const text = Object.entries(query)
    .map(([name, value]) => `${label(name)}: ${value}`)
    .join(', ');
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** The saved searches of a page among the user's preferences, oldest first; malformed ones are left out. */
export function savedSearchesOf(preferences: UserPreference[], page: string): SavedSearch[] {
  return preferences
    .filter((p) => p.type === 'SEARCH_FILTER' && p.groupId === page)
    .flatMap((p) => {
      const value = p.value as Partial<SavedSearch> | undefined;
      if (!value || typeof value.query !== 'object' || value.query === null) return [];
      const query = Object.fromEntries(Object.entries(value.query).filter(([, v]) => typeof v === 'string')) as Record<
        string,
        string
      >;
      return [
        {
          _id: p._id,
          name: typeof value.name === 'string' && value.name ? value.name : defaultSearchName(query),
          query,
        },
      ];
    });
}

/** The URL of a recalled search: its parameters, from page 1. */
export const recalledParams = (search: SavedSearch) => new URLSearchParams(search.query);
