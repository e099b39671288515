import type { QueryClient } from '@tanstack/react-query';
import type { Entity } from '@lbo/model/entity';
import type { ColumnDef } from '@lbo/model/search';
import { dataProvider, queryKeys } from '../app/api/data-provider.ts';
import { notify } from '../app/notify.tsx';
import type { Option } from '../fields/form-field.ts';
import { optionLabel } from '../fields/reference-lists.ts';
import { listQuery, type ListState } from './list-state.ts';
import type { Row } from './use-entity-list.ts';
import { fieldAt, valueAt } from './entity-fields.ts';
import { objectText, renderOf } from './cell-renderers.tsx';

/** Rows exported at most, fetched 250 at a time (the API's largest range). */
export const maxExportRows = 10_000;
const chunk = 250;

/** Excel formats of the renderers (named formats of POST /api/report/excel). */
const formats: Record<string, string | undefined> = {
  currency: 'currency', percentage: 'percentage', date: 'date', datetime: 'datetime', number: 'number', bytes: 'bytes', milliseconds: 'milliseconds',
};

async function allRows(entity: Entity, state: ListState): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = 0; start < maxExportRows; start += chunk) {
    const query = { ...listQuery(entity, { ...state, range: [start, start + chunk - 1] }, chunk), breakdown: undefined };
    const result = await dataProvider.list(entity, query);
    rows.push(...result.rows);
    if (!result.continues || result.rows.length < chunk) break;
  }
  return rows;
}

/** A cell as the file holds it: numbers and days as themselves, labels for list values. */
function exportValue(entity: Entity, column: ColumnDef, row: Row, listOf: (name: string) => Option[]): unknown {
  const value = valueAt(row, column.field);
  const render = renderOf(entity, column);
  const list = column.field === 'status' ? entity.status : fieldAt(entity, column.field)?.list;
  if ((render === 'select' || render === 'badge') && list) {
    const options = listOf(list);
    return Array.isArray(value) ? value.map((v) => optionLabel(options, String(v))).join(', ') : value == null ? null : optionLabel(options, String(value));
  }
  if (render === 'object') return objectText(value);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') return objectText(value);
  return value ?? null;
}

/** Exports the list's matching rows and visible columns to xlsx through POST /api/report/excel. */
export async function exportToExcel(args: {
  entity: Entity; state: ListState; columns: ColumnDef[]; labels: string[]; title: string; locale: string; queryClient: QueryClient;
}) {
  const { entity, state, columns, labels, title, locale, queryClient } = args;
  notify({ level: 'info', message: 'Downloading file' });
  const rows = await allRows(entity, state);
  const listOf = (name: string) => queryClient.getQueryData<Option[]>(queryKeys.referenceList(name, locale)) ?? [];
  const body = {
    fileName: title,
    sheetName: title,
    autoFilter: true,
    columns: columns.map((c, i) => ({ headerLabel: labels[i], width: Math.max(12, Math.min(40, labels[i].length + 4)), format: formats[renderOf(entity, c)] })),
    data: rows.map((row) => columns.map((c) => exportValue(entity, c, row, listOf))),
  };
  const { file, fileName } = await dataProvider.excel(body);
  if (!fileName) {
    notify({ level: 'warning', message: 'No file name found' });
    return;
  }
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  notify({ level: 'success', message: 'File downloaded' });
}
