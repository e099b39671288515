import { useMemo, type ReactNode } from 'react';
import { Table, type TableColumnsType } from 'antd';
import { useQueries } from '@tanstack/react-query';
import type { SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import type { ColumnDef } from '@lbo/model/search';
import { renderCell } from './cell-renderers.tsx';
import { itemLinkOf } from './LinkedItemsCell.tsx';
import { FastLink, FastLinkScope } from './FastLink.tsx';
import { listQueryOptions, optionLabel } from '../fields/reference-lists.ts';
import type { Option } from '../fields/form-field.ts';
import { columnLabel, detailPath, fieldAt, parentPath, valueAt } from './entity-fields.ts';
import { nextSort } from './list-state.ts';
import { registrationOf, type Row } from './use-entity-list.ts';

/** Top-level scalar fields can be sorted on by the server. */
export function sortable(entity: Entity, column: ColumnDef): boolean {
  if (column.field.includes('.')) return false;
  const type = fieldAt(entity, column.field)?.type;
  return type !== undefined && !['list', 'object', 'json'].includes(type);
}

/** The reference lists a column's cells show labels of: its own, or the roles of linked items (`Payer: …`). */
function listsOfColumn(entity: Entity, column: ColumnDef): (string | undefined)[] {
  if (column.field === 'status') return [entity.status || undefined];
  const field = fieldAt(entity, column.field);
  return [field?.list, itemLinkOf(field) ? field?.fields?.role?.list : undefined];
}

const orderOf = (sort: string | undefined, field: string): SortOrder => (sort === field ? 'ascend' : sort === `-${field}` ? 'descend' : null);

interface Props {
  entity: Entity;
  columns: ColumnDef[];
  rows: Row[];
  loading: boolean;
  sort?: string;
  onSort(sort: string | undefined): void;
  /** Row checkboxes: the selected registrations and their change (kinds with a status). */
  selection?: { registrations: string[]; onChange(registrations: string[]): void };
  /** Badge tones of the statuses, from the kind's workflow. */
  tones?: Record<string, string>;
  /** A click on a row outside its links and checkboxes. */
  onRowClick?(row: Row): void;
  /** A control at the end of each row (pin, unpin). */
  rowAction?(row: Row): ReactNode;
}

/** Clicks on links, buttons, inputs and the selection column belong to them, not to the row. */
const ownClick = (target: EventTarget | null) =>
  target instanceof Element && Boolean(target.closest('a, button, input, label, .ant-checkbox-wrapper, .ant-table-selection-column'));


/** The result table: declared columns and renderers, registration linked to the detail, sorting cycling asc/desc/off. */
export function ResultTable({ entity, columns, rows, loading, sort, onSort, selection, tones, onRowClick, rowAction }: Props) {
  const { t, i18n } = useTranslation();
  const keyField = entity.key ?? 'registration';
  const lists = useMemo(() => [...new Set(columns.flatMap((c) => listsOfColumn(entity, c)).filter((l): l is string => Boolean(l)))], [columns, entity]);
  const loaded = useQueries({ queries: lists.map((list) => listQueryOptions(list, i18n.language)) });
  const optionsByList = new Map<string, Option[] | undefined>(lists.map((list, i) => [list, loaded[i]?.data]));
  const listsKey = loaded.map((q) => q.dataUpdatedAt).join(',');
  const tableColumns = useMemo<TableColumnsType<Row>>(() => columns.map((column) => {
    const field = fieldAt(entity, column.field);
    const linked = column.field === 'registration' || column.field === keyField;
    return {
      key: column.field,
      dataIndex: column.field.split('.'),
      title: t(columnLabel(entity, column)),
      sorter: sortable(entity, column),
      sortOrder: orderOf(sort, column.field),
      sortDirections: ['ascend', 'descend'],
      showSorterTooltip: false,
      align: ['currency', 'number', 'integer', 'percentage'].includes(field?.type ?? '') ? 'right' : undefined,
      render: (_: unknown, row: Row) => {
        const value = valueAt(row, column.field);
        if (linked && typeof value === 'string') return <FastLink to={detailPath(entity, String(row.registration ?? value))}>{value}</FastLink>;
        const parent = column.field === 'entityRegistration' ? parentPath(row.entityName, value) : undefined;
        if (parent) return <FastLink to={parent}>{String(value)}</FastLink>;
        const labelOf = (list: string | undefined, v: string) => {
          const options = list ? optionsByList.get(list) : undefined;
          return options ? optionLabel(options, v) : v;
        };
        return renderCell(value, { entity, column, field, row, locale: i18n.language, labelOf, toneOf: (status) => tones?.[status] }, (v) => (v ? t('Yes') : t('No')));
      },
    };
    // The lists' load times stand for their contents in the dependencies.
  }), [columns, entity, keyField, sort, t, i18n.language, listsKey, tones]);
  const allColumns = useMemo<TableColumnsType<Row>>(() => (rowAction
    ? [...tableColumns, { key: '_action', width: 40, render: (_: unknown, row: Row) => rowAction(row) }]
    : tableColumns), [rowAction, tableColumns]);

  return (
    <FastLinkScope>
      <Table<Row>
        size="small"
        rowKey={(row) => String(row._id ?? row.registration)}
        columns={allColumns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('No data') }}
        rowSelection={selection && {
          selectedRowKeys: rows.filter((row) => selection.registrations.includes(registrationOf(row))).map((row) => String(row._id ?? row.registration)),
          onChange: (_keys, selected) => {
            const shown = new Set(rows.map(registrationOf));
            selection.onChange([...selection.registrations.filter((r) => !shown.has(r)), ...selected.map(registrationOf)]);
          },
          getCheckboxProps: (row) => ({ 'aria-label': t('Select {registration}', { registration: registrationOf(row) }) }) as object,
        }}
        onRow={onRowClick && ((row) => ({
          style: { cursor: 'pointer' },
          onClick: (event) => { if (!ownClick(event.target)) onRowClick(row); },
        }))}
        onChange={(_p, _f, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          if (one?.columnKey) onSort(nextSort(sort, String(one.columnKey)));
        }}
      />
    </FastLinkScope>
  );
}
