import type { ReactNode } from 'react';
import type { Entity } from '@lbo/model/entity';
import type { FieldDef } from '@lbo/model/fields';
import type { ColumnDef } from '@lbo/model/search';
import { kindByName } from '@lbo/model/lazy-registry';
import {
  formatBytes,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatMilliseconds,
  formatNumber,
  formatPercentage,
} from '../i18n/formats.ts';
import { StatusTag } from './StatusBadge.tsx';
import { FastLink } from './FastLink.tsx';
import { LinkedItemsCell, itemLinkOf } from './LinkedItemsCell.tsx';
import { detailPath, fieldAt, valueAt } from './entity-fields.ts';
import { objectText } from '@lbo/model/values/object-text';

export type Render = NonNullable<ColumnDef['render']>;

interface CellContext {
  entity: Entity;
  column: ColumnDef;
  field?: FieldDef;
  row: Record<string, unknown>;
  locale: string;
  /** The label of a value of a reference list (the table loads its lists once, not per cell). */
  labelOf(list: string | undefined, value: string): string;
  /** The badge tone of a status, from the kind's workflow. */
  toneOf?(status: string): string | undefined;
}

function listText(c: CellContext, list: string | undefined, value: unknown): string {
  const values = Array.isArray(value) ? value : [value];
  return values
    .filter((v) => v !== undefined && v !== null && v !== '')
    .map((v) => c.labelOf(list, String(v)))
    .join(', ');
}

/** Column renderers of spec 001 §1 (status badge, currency, percentage, date, datetime, bytes, milliseconds, object). */
export const cellRenderers: Record<Render, (value: unknown, c: CellContext) => ReactNode> = {
  badge: (value, c) =>
    typeof value === 'string' && value ? (
      <StatusTag
        status={value}
        label={c.labelOf(c.field?.list ?? (c.entity.status || undefined), value)}
        tone={c.column.field === 'status' ? c.toneOf?.(value) : undefined}
      />
    ) : null,
  currency: (value, c) =>
    formatCurrency(
      value,
      String(c.column.currencyField ? (valueAt(c.row, c.column.currencyField) ?? 'EUR') : (c.row.currency ?? 'EUR')),
      c.locale,
    ),
  percentage: (value, c) => formatPercentage(value, c.locale),
  date: (value, c) => formatDate(value, c.locale),
  datetime: (value, c) => formatDateTime(value, c.locale),
  bytes: (value, c) => formatBytes(value, c.locale),
  milliseconds: (value, c) => formatMilliseconds(value, c.locale),
  object: (value, c) =>
    Array.isArray(value) && c.field && itemLinkOf(c.field) ? (
      <LinkedItemsCell
        items={value}
        field={c.field}
        roleLabel={(role) => c.labelOf(c.field?.fields?.role?.list, role)}
      />
    ) : (
      objectText(value)
    ),
  link: (value, c) => {
    // Items linking to records (`persons`): each name links to its own (spec 001 §2.6, §2.7).
    if (Array.isArray(value) && c.field && itemLinkOf(c.field)) {
      return (
        <LinkedItemsCell
          items={value}
          field={c.field}
          roleLabel={(role) => c.labelOf(c.field?.fields?.role?.list, role)}
          linked
        />
      );
    }
    const kind = c.field?.entity ?? (c.column.entityField ? valueAt(c.row, c.column.entityField) : undefined);
    const target = typeof kind === 'string' && kind ? kindByName(kind) : undefined;
    return target && typeof value === 'string' && value ? (
      <FastLink to={detailPath(target, value)}>{value}</FastLink>
    ) : (
      objectText(value)
    );
  },
  text: (value) =>
    value === undefined || value === null ? '' : typeof value === 'object' ? objectText(value) : String(value),
};

/** The renderer of a column: declared, else from the field type. */
export function renderOf(entity: Entity, column: ColumnDef): Render | 'select' | 'boolean' | 'number' {
  if (column.render) return column.render;
  const field = fieldAt(entity, column.field);
  if (column.field === 'status') return 'badge';
  switch (field?.type) {
    case 'currency':
      return 'currency';
    case 'percentage':
      return 'percentage';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'select':
      return 'select';
    case 'boolean':
      return 'boolean';
    case 'number':
    case 'integer':
      return 'number';
    case 'link':
      return 'link';
    case 'list':
    case 'object':
    case 'json':
      return 'object';
    default:
      return 'text';
  }
}

export function renderCell(value: unknown, c: CellContext, yesNo: (v: boolean) => string): ReactNode {
  const render = renderOf(c.entity, c.column);
  if (render === 'select') return c.field?.list ? listText(c, c.field.list, value) : cellRenderers.text(value, c);
  if (render === 'boolean') return typeof value === 'boolean' ? yesNo(value) : '';
  if (render === 'number')
    return typeof value === 'number' ? formatNumber(value, c.locale) : cellRenderers.text(value, c);
  return cellRenderers[render](value, c);
}
