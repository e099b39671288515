import { useMemo } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@lbo/model/search';
import { valueAt } from './entity-fields.ts';
import type { Row } from './use-entity-list.ts';

/** Whether the free text matched rows only through fields the table does not show. */
export function hitsOnHiddenFields(search: string, columns: ColumnDef[], rows: Row[]): boolean {
  const text = search.trim().toLowerCase();
  if (!text || rows.length === 0) return false;
  return !rows.some((row) =>
    columns.some((c) => {
      const value = valueAt(row, c.field);
      return (
        value !== undefined &&
        value !== null &&
        (typeof value === 'object' ? JSON.stringify(value) : String(value)).toLowerCase().includes(text)
      );
    }),
  );
}

/** Spec 000 §5: the notice shown when the search found its results on fields not displayed. */
export function HiddenHitsNotice({
  search,
  columns,
  rows,
  loading,
}: {
  search: string;
  columns: ColumnDef[];
  rows: Row[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  const hidden = useMemo(() => hitsOnHiddenFields(search, columns, rows), [search, columns, rows]);
  if (loading || !hidden) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 8 }}
      message={t('The search has found results on fields not displayed')}
      data-testid="hidden-hits"
    />
  );
}
