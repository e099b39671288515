import type { Entity } from '@lbo/model/entity';
import type { QueryValue } from '../app/api/wire-format.ts';
import { filterParams } from './entity-fields.ts';

/**
 * The state of a list screen, all of it in the URL (spec 001 §1): the filters under their
 * query names, `filter` (free text, sent as `search`), `page` (1-based), `sort` (`-field`
 * descending) and `range` once Load more has extended the rows shown.
 */
export interface ListState {
  filters: Record<string, string>;
  search: string;
  page: number;
  sort?: string;
  /** Rows [start, end] (inclusive) after Load more. */
  range?: [number, number];
}

const rangePattern = /^\[(\d+)-(\d+)\]$/;

export function readListState(entity: Entity, params: URLSearchParams): ListState {
  const filters: Record<string, string> = {};
  for (const name of filterParams(entity)) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const m = rangePattern.exec(params.get('range') ?? '');
  const range: [number, number] | undefined = m && +m[2] >= +m[1] ? [+m[1], +m[2]] : undefined;
  return { filters, search: params.get('filter') ?? '', page, sort: params.get('sort') || undefined, range };
}

export function writeListState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(state.filters)) if (value) params.set(name, value);
  if (state.search.trim()) params.set('filter', state.search.trim());
  if (state.sort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.range) params.set('range', `[${state.range[0]}-${state.range[1]}]`);
  return params;
}

/** The rows a state shows: its range, else its page. */
export function rowsOf(state: ListState, pageSize: number): [number, number] {
  if (state.range) return state.range;
  const start = (state.page - 1) * pageSize;
  return [start, start + pageSize - 1];
}

/** The list call's query: declared filters, free text, sort, range and the status breakdown. */
export function listQuery(entity: Entity, state: ListState, pageSize: number): Record<string, QueryValue> {
  const [start, end] = rowsOf(state, pageSize);
  return {
    ...state.filters,
    search: state.search,
    sort: state.sort,
    range: `[${start}-${end}]`,
    breakdown: entity.status ? 'status' : undefined,
  };
}

/** Sorting cycles ascending → descending → off (spec 001 §4). */
export function nextSort(current: string | undefined, field: string): string | undefined {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return undefined;
  return field;
}

/** A state with new filters starts again at page 1. */
export const withFilters = (state: ListState, filters: Record<string, string>, search = state.search): ListState => ({
  ...state,
  filters,
  search,
  page: 1,
  range: undefined,
});

/** Filters with some values changed; an empty value removes the filter. */
export function mergeFilters(filters: Record<string, string>, changes: Record<string, string>): Record<string, string> {
  const next = { ...filters, ...changes };
  for (const [name, value] of Object.entries(next)) if (!value) delete next[name];
  return next;
}

/** Page sizes offered (spec 001 §9: 5, 10, the default, 25, 50, 100). */
export const defaultPageSize = 20;
export const pageSizes = [5, 10, defaultPageSize, 25, 50, 100];

/** At most 10 page numbers around the current page (spec 000 §9). */
export function pageNumbers(current: number, pages: number, max = 10): number[] {
  if (pages <= 0) return [];
  const count = Math.min(max, pages);
  let first = Math.max(1, current - Math.floor(count / 2));
  first = Math.min(first, pages - count + 1);
  return Array.from({ length: count }, (_, i) => first + i);
}

/** First and last buttons appear past 10 pages. */
export const showFirstLast = (pages: number) => pages > 10;

export const pageCount = (size: number, pageSize: number) => Math.max(1, Math.ceil(size / pageSize));
