import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Entity } from '@lbo/model/entity';
import { dataProvider, queryKeys, type ListResult, type Row } from '../app/api/data-provider.ts';
import { listQuery, type ListState } from './list-state.ts';

export { readListAnswer, type ListResult, type Row } from '../app/api/data-provider.ts';

/** What identifies a row of a list: its registration, else its `_id`. */
export const registrationOf = (row: Row) => String(row.registration ?? row._id);

const empty: ListResult = { rows: [], size: 0, sizeAtLeast: false, continues: false };

/**
 * The rows of a list screen; a failed load shows an empty list (spec 001 §8) after the client's
 * notice. The page shown stays on screen while the next one loads.
 */
export function useEntityList(
  entity: Entity,
  state: ListState,
  pageSize: number,
  refetchInterval?: (result: ListResult | undefined) => number | false,
) {
  const query = listQuery(entity, state, pageSize);
  return useQuery({
    queryKey: queryKeys.list(entity, query),
    queryFn: async ({ signal }) => {
      try {
        return await dataProvider.list(entity, query, { signal });
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        return empty;
      }
    },
    placeholderData: keepPreviousData,
    refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data) : undefined,
  });
}
