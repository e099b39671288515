import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Entity } from '@lbo/model/entity';
import { request } from '../app/api/client.ts';
import { listQuery, type ListState } from './list-state.ts';

export type Row = Record<string, unknown>;

/** What identifies a row of a list: its registration, else its `_id`. */
export const registrationOf = (row: Row) => String(row.registration ?? row._id);

export interface ListResult {
  rows: Row[];
  /** Matching records (pagination-size). */
  size: number;
  /** More records follow (pagination-continues). */
  continues: boolean;
  breakdown?: Record<string, Record<string, number>>;
}

const empty: ListResult = { rows: [], size: 0, continues: false };

/** Reads a list answer: an array, or `{entities, breakdown}`; pagination from the headers. */
export function readListAnswer(data: unknown, headers: Headers): ListResult {
  const body = data as Row[] | { entities?: Row[]; breakdown?: ListResult['breakdown'] } | undefined;
  const rows = Array.isArray(body) ? body : (body?.entities ?? []);
  const size = Number(headers.get('pagination-size'));
  return {
    rows,
    size: Number.isFinite(size) && headers.has('pagination-size') ? size : rows.length,
    continues: headers.get('pagination-continues') === 'true',
    breakdown: Array.isArray(body) ? undefined : body?.breakdown,
  };
}

/** The rows of a list screen; a failed load shows an empty list (spec 001 §8) after the client's notice. */
export function useEntityList(entity: Entity, state: ListState, pageSize: number) {
  const query = listQuery(entity, state, pageSize);
  return useQuery({
    queryKey: ['list', entity.route, query],
    queryFn: async ({ signal }) => {
      try {
        const answer = await request<unknown>('GET', `/api/${entity.route}`, { query, signal });
        return readListAnswer(answer.data, answer.headers);
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        return empty;
      }
    },
    placeholderData: keepPreviousData,
  });
}
