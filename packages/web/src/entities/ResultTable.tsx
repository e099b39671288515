import { memo, useCallback, useMemo, useRef, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { Checkbox, theme } from 'antd';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Entity } from '@lbo/model/entity';
import type { ColumnDef } from '@lbo/model/search';
import './result-table.css';
import { renderCell } from './cell-renderers.tsx';
import { madeNameText } from '../i18n/made-name-text.ts';
import { itemLinkOf } from './LinkedItemsCell.tsx';
import { FastLink, FastLinkScope } from './FastLink.tsx';
import { listQueryOptions, optionLabel } from '../fields/reference-lists.ts';
import type { Option } from '../fields/form-field.ts';
import { columnLabel, detailPath, fieldAt, parentPath, valueAt } from './entity-fields.ts';
import { nextSort } from './list-state.ts';
import { registrationOf, type Row } from './use-entity-list.ts';

/** Top-level scalar fields can be sorted on by the server. */
export function sortable(entity: Entity, column: ColumnDef): boolean {
  if (column.field.includes('.') || column.sortable === false) return false;
  const type = fieldAt(entity, column.field)?.type;
  return type !== undefined && !['list', 'object', 'json'].includes(type);
}

/** The reference lists a column's cells show labels of: its own, or the roles of linked items (`Payer: …`). */
function listsOfColumn(entity: Entity, column: ColumnDef): (string | undefined)[] {
  if (column.field === 'status') return [entity.status || undefined];
  const field = fieldAt(entity, column.field);
  return [field?.list, itemLinkOf(field) ? field?.fields?.role?.list : undefined];
}

const ariaSortOf = (sort: string | undefined, field: string) =>
  sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : undefined;

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
  /** A domain screen's own drawing of some declared columns, by field (an invoice's payer and payee as links). */
  renderers?: Record<string, (row: Row) => ReactNode>;
  /** Columns a domain screen adds after the declared ones (a batch's progress). */
  extraColumns?: ExtraColumn[];
}

/** Columns that hold a record's name or subject, which the server may have made (model i18n/made-names.ts). */
const madeNameColumns = new Set(['name', 'subject']);

/** A column that is not a declared field: its header and how a row shows it. */
export interface ExtraColumn {
  key: string;
  label: string;
  render(row: Row): ReactNode;
}

/** A column as the rows draw it. */
interface Cell {
  key: string;
  label: string;
  sortable: boolean;
  align?: 'right';
  render(row: Row): ReactNode;
}

/** Clicks on links, buttons, inputs and the selection column belong to them, not to the row. */
const ownClick = (target: EventTarget | null) =>
  target instanceof Element && Boolean(target.closest('a, button, input, label, .lbo-table-selection'));

const rowKeyOf = (row: Row) => String(row._id ?? row.registration);

interface RowProps {
  row: Row;
  cells: Cell[];
  selectable: boolean;
  selected: boolean;
  selectLabel?: string;
  onToggle(row: Row, selected: boolean): void;
  clickable: boolean;
  onClick(row: Row, event: MouseEvent): void;
  action?(row: Row): ReactNode;
}

/**
 * One row, drawn again only when its own props change: a loading state, a selection elsewhere
 * or a parent's render leaves the other rows as they are.
 */
const ResultRow = memo(function ResultRow({
  row,
  cells,
  selectable,
  selected,
  selectLabel,
  onToggle,
  clickable,
  onClick,
  action,
}: RowProps) {
  return (
    <tr
      className={clickable ? 'ant-table-row lbo-clickable' : 'ant-table-row'}
      aria-selected={selectable ? selected : undefined}
      onClick={clickable ? (event) => onClick(row, event) : undefined}
    >
      {selectable && (
        <td className="lbo-table-selection lbo-table-narrow">
          <Checkbox
            checked={selected}
            aria-label={selectLabel}
            onChange={(event) => onToggle(row, event.target.checked)}
          />
        </td>
      )}
      {cells.map((cell) => (
        <td key={cell.key} data-align={cell.align}>
          {cell.render(row)}
        </td>
      ))}
      {action && <td className="lbo-table-narrow">{action(row)}</td>}
    </tr>
  );
});

/**
 * The result table: declared columns and renderers, registration linked to the detail, sorting
 * cycling asc/desc/off. A plain table rather than antd's: a list page draws hundreds of cells,
 * and antd's table (with its filter menus, trees and pagination) weighed a third of the list
 * route's JavaScript and redrew every row on each state change.
 */
export function ResultTable({
  entity,
  columns,
  rows,
  loading,
  sort,
  onSort,
  selection,
  tones,
  onRowClick,
  rowAction,
  renderers,
  extraColumns,
}: Props) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const keyField = entity.key ?? 'registration';
  const lists = useMemo(
    () => [...new Set(columns.flatMap((c) => listsOfColumn(entity, c)).filter((l): l is string => Boolean(l)))],
    [columns, entity],
  );
  const loaded = useQueries({ queries: lists.map((list) => listQueryOptions(list, i18n.language)) });
  const listsKey = loaded.map((q) => q.dataUpdatedAt).join(',');
  const optionsByList = useMemo(
    () => new Map<string, Option[] | undefined>(lists.map((list, i) => [list, loaded[i]?.data])),
    // The lists' load times stand for their contents.
    [lists, listsKey],
  );
  const cells = useMemo<Cell[]>(
    () =>
      columns
        .map((column): Cell => {
          const field = fieldAt(entity, column.field);
          const linked = column.field === 'registration' || column.field === keyField;
          const labelOf = (list: string | undefined, v: string) => {
            const options = list ? optionsByList.get(list) : undefined;
            return options ? optionLabel(options, v) : v;
          };
          return {
            key: column.field,
            label: t(columnLabel(entity, column)),
            sortable: sortable(entity, column),
            align: ['currency', 'number', 'integer', 'percentage'].includes(field?.type ?? '') ? 'right' : undefined,
            render:
              renderers?.[column.field] ??
              ((row: Row) => {
                const value = valueAt(row, column.field);
                if (linked && typeof value === 'string')
                  return <FastLink to={detailPath(entity, String(row.registration ?? value))}>{value}</FastLink>;
                const parent = column.field === 'entityRegistration' ? parentPath(row.entityName, value) : undefined;
                if (parent) return <FastLink to={parent}>{String(value)}</FastLink>;
                // A name the server made for its own record reads in the reader's language.
                if (madeNameColumns.has(column.field) && typeof value === 'string') return madeNameText(t, value);
                return renderCell(
                  value,
                  { entity, column, field, row, locale: i18n.language, labelOf, toneOf: (status) => tones?.[status] },
                  (v) => (v ? t('Yes') : t('No')),
                );
              }),
          };
        })
        .concat(
          (extraColumns ?? []).map(
            (extra): Cell => ({ key: extra.key, label: extra.label, sortable: false, render: extra.render }),
          ),
        ),
    [columns, entity, keyField, t, i18n.language, optionsByList, tones, renderers, extraColumns],
  );

  // The handlers read the latest props through refs, so that the rows keep the same ones.
  const latest = useRef({ rows, selection, onRowClick });
  latest.current = { rows, selection, onRowClick };
  const toggle = useCallback((row: Row, checked: boolean) => {
    const current = latest.current.selection;
    if (!current) return;
    const registration = registrationOf(row);
    current.onChange(
      checked
        ? [...current.registrations.filter((r) => r !== registration), registration]
        : current.registrations.filter((r) => r !== registration),
    );
  }, []);
  const click = useCallback((row: Row, event: MouseEvent) => {
    if (!ownClick(event.target)) latest.current.onRowClick?.(row);
  }, []);
  const selected = useMemo(() => new Set(selection?.registrations ?? []), [selection?.registrations]);
  const shownSelected = selection ? rows.filter((row) => selected.has(registrationOf(row))).length : 0;
  const toggleAll = (checked: boolean) => {
    if (!selection) return;
    const shown = new Set(rows.map(registrationOf));
    selection.onChange([...selection.registrations.filter((r) => !shown.has(r)), ...(checked ? [...shown] : [])]);
  };

  const style = {
    '--lbo-border': token.colorBorderSecondary,
    '--lbo-header-bg': token.colorFillAlter,
    '--lbo-header-hover': token.colorFillSecondary,
    '--lbo-heading': token.colorTextHeading,
    '--lbo-text': token.colorText,
    '--lbo-quiet': token.colorTextQuaternary,
    '--lbo-primary': token.colorPrimary,
    '--lbo-row-hover': token.controlItemBgHover,
    '--lbo-row-selected': token.controlItemBgActive,
    '--lbo-link': token.colorLink,
    '--lbo-link-hover': token.colorLinkHover,
    '--lbo-font-size': `${token.fontSize}px`,
  } as CSSProperties;
  const width = cells.length + (selection ? 1 : 0) + (rowAction ? 1 : 0);

  return (
    <FastLinkScope>
      <div className="lbo-table" style={style} aria-busy={loading}>
        <div className="lbo-table-scroll">
          <table>
            <thead className="ant-table-thead">
              <tr>
                {selection && (
                  <th className="lbo-table-selection lbo-table-narrow">
                    <Checkbox
                      checked={rows.length > 0 && shownSelected === rows.length}
                      indeterminate={shownSelected > 0 && shownSelected < rows.length}
                      aria-label={t('Select all')}
                      onChange={(event) => toggleAll(event.target.checked)}
                    />
                  </th>
                )}
                {cells.map((cell) => (
                  <th
                    key={cell.key}
                    data-align={cell.align}
                    aria-sort={cell.sortable ? (ariaSortOf(sort, cell.key) ?? 'none') : undefined}
                    className={cell.sortable ? 'lbo-sortable' : undefined}
                    onClick={cell.sortable ? () => onSort(nextSort(sort, cell.key)) : undefined}
                  >
                    {cell.label}
                    {cell.sortable && (
                      <span className="lbo-sorter" aria-hidden>
                        <span className="lbo-sorter-up" />
                        <span className="lbo-sorter-down" />
                      </span>
                    )}
                  </th>
                ))}
                {rowAction && <th className="lbo-table-narrow" />}
              </tr>
            </thead>
            <tbody className="ant-table-tbody">
              {rows.length ? (
                rows.map((row) => (
                  <ResultRow
                    key={rowKeyOf(row)}
                    row={row}
                    cells={cells}
                    selectable={Boolean(selection)}
                    selected={selected.has(registrationOf(row))}
                    selectLabel={
                      selection ? t('Select {registration}', { registration: registrationOf(row) }) : undefined
                    }
                    onToggle={toggle}
                    clickable={Boolean(onRowClick)}
                    onClick={click}
                    action={rowAction}
                  />
                ))
              ) : (
                <tr className="lbo-table-empty">
                  <td colSpan={width}>{loading ? '' : t('No data')}</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </div>
    </FastLinkScope>
  );
}
