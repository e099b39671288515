import { useCallback, useMemo } from 'react';
import type { Entity } from '@lbo/model/entity';
import { deletePreference, savePreference } from '../app/session/preferences.ts';
import { useSession } from '../app/session/session-context.tsx';
import { useUiState } from '../app/ui-state.ts';
import { defaultPageSize } from './list-state.ts';

/** Table configuration of a list route (spec 000 §3): visible columns, page size, where the advanced search shows. */
export interface TableConfig {
  columns: string[];
  pageSize: number;
  /** The advanced search shows as a modal (default) rather than an inline card. */
  advancedSearchInModal: boolean;
}

/**
 * The configuration saved for a route: in the interface state, and as the user's
 * TABLE_CONFIGURATION preference when the server keeps preferences. Reset returns to the
 * declaration's defaults.
 */
export function useTableConfig(
  entity: Entity,
  route: string,
  pageSizeDefault = defaultPageSize,
  columnsDefault?: string[],
) {
  const { configuration, user } = useSession();
  const [stored, setStored] = useUiState<TableConfig | null | undefined>(`tables.${route}`, undefined);
  const [savedId, setSavedId] = useUiState<string | undefined>(`tablePreferences.${route}`, undefined);
  const preference = configuration?.userPreferences.find(
    (p) => p.type === 'TABLE_CONFIGURATION' && p.groupId === route,
  );
  // Default columns: the page configuration's (those declared), else the declared visible ones.
  const columnsKey = columnsDefault?.join(',');
  const defaults = useMemo<TableConfig>(() => {
    const declared = new Set(entity.columns.map((c) => c.field));
    const configured = columnsDefault?.filter((f) => declared.has(f));
    return {
      columns: configured?.length ? configured : entity.columns.filter((c) => !c.hidden).map((c) => c.field),
      pageSize: pageSizeDefault,
      advancedSearchInModal: true,
    };
    // The configured columns are compared by their text, not by the array of each render.
  }, [entity, pageSizeDefault, columnsKey]);
  // null: reset to the defaults during this session (the configuration loaded at sign-in still holds the old preference).
  const config: TableConfig =
    stored === null ? defaults : { ...defaults, ...(preference?.value as Partial<TableConfig> | undefined), ...stored };
  const id = stored === null ? savedId : (savedId ?? preference?._id);

  const save = useCallback(
    (next: Partial<TableConfig>) => {
      const value = { ...config, ...next };
      setStored(value);
      void savePreference(user, {
        groupId: route,
        type: 'TABLE_CONFIGURATION',
        value,
        ...(id ? { _id: id } : {}),
      }).then((saved) => saved && setSavedId(saved));
    },
    [config, setStored, user, route, id, setSavedId],
  );

  const reset = useCallback(() => {
    setStored(null);
    setSavedId(undefined);
    void deletePreference(user, id);
  }, [setStored, setSavedId, user, id]);

  return { config, save, reset };
}
