import { loadedDictionary } from '@lbo/model/i18n/dictionaries';
import { languageOf } from '@lbo/model/i18n/locales';
import { sql, type RawBuilder } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import type { ColumnDef } from '@lbo/model/search';
import { ApiError } from '@lbo/model/errors';
import { fieldAt } from '@lbo/model/field-at';
import { listValues, type ListItem } from '@lbo/model/reference-lists';
import { columnFields, resolvePath } from '../db/field-paths.ts';
import { humanise } from '@lbo/model/field-labels';

/**
 * The columns of a list export: which value each reads, its header and how its cells are
 * written, derived from the kind's declaration as the list screen derives its cells.
 */
export type CellKind =
  | 'text'
  | 'number'
  | 'currency'
  | 'percentage'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'select'
  | 'object'
  | 'bytes'
  | 'milliseconds';

export interface ExportColumn {
  field: string;
  header: string;
  kind: CellKind;
  /** Reference list whose labels a `select` cell shows. */
  list?: string;
}

/** Where a column's cells come from, as the generic list screen renders them (web cell-renderers). */
function kindOf(entity: Entity, column: ColumnDef): { kind: CellKind; list?: string } {
  if (column.field === 'status' && entity.status) return { kind: 'select', list: entity.status };
  const field = fieldAt(entity, column.field);
  if (column.render === 'badge') return { kind: 'select', list: field?.list };
  if (column.render && column.render !== 'link' && column.render !== 'text') return { kind: column.render };
  switch (field?.type) {
    case 'currency':
      return { kind: 'currency' };
    case 'percentage':
      return { kind: 'percentage' };
    case 'date':
      return { kind: 'date' };
    case 'datetime':
      return { kind: 'datetime' };
    case 'select':
      return { kind: 'select', list: field.list };
    case 'boolean':
      return { kind: 'boolean' };
    case 'number':
    case 'integer':
      return { kind: 'number' };
    case 'list':
    case 'object':
    case 'json':
      return { kind: 'object' };
    default:
      return { kind: 'text' };
  }
}

/**
 * The label of a column in `language`: declared, else the field's, else its path's last name;
 * French from the kind's texts, another shipped language from its dictionary.
 */
function headerOf(entity: Entity, column: ColumnDef, language: string): string {
  const english =
    column.label ??
    fieldAt(entity, column.field)?.label ??
    humanise(
      column.field
        .split('.')
        .filter((p) => !/^\d+$/.test(p))
        .pop() ?? column.field,
    );
  if (language === 'fr') return entity.labels.fr?.texts?.[english] ?? english;
  return loadedDictionary(language)?.[english] ?? english;
}

/** Whether a field on the path is declared hidden. */
function hiddenOnPath(entity: Entity, path: string): boolean {
  const parts = path.split('.');
  return parts.some((_, i) => fieldAt(entity, parts.slice(0, i + 1).join('.'))?.hidden === true);
}

const MAX_COLUMNS = 100;
const MAX_LABEL = 200;

/**
 * The columns asked (`columns=a,b`: the kind's declared columns or any declared field path), or
 * the kind's visible columns; `labels` (a JSON array, one per column) are the headers the
 * client shows, translated as it translates them.
 */
export function exportColumns(
  entity: Entity,
  columnsParam: string | undefined,
  labelsParam: string | undefined,
  locale: string,
): ExportColumn[] {
  const declared = new Map(entity.columns.map((c) => [c.field, c]));
  let chosen: ColumnDef[];
  if (columnsParam?.trim()) {
    const names = columnsParam
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (names.length > MAX_COLUMNS)
      throw new ApiError('INVALID_FIELD_IN_QUERY', ['columns', `at most ${MAX_COLUMNS} columns`]);
    chosen = names.map((name) => {
      if (declared.has(name)) return declared.get(name)!;
      // A value at a fixed path (an item field of a list, `persons.name`, holds many values), of
      // a field the screens show: hidden ones (a document's storage key) are not exported.
      if (resolvePath(entity, name)?.kind !== 'value' || hiddenOnPath(entity, name)) {
        throw new ApiError('INVALID_FIELD_IN_QUERY', ['columns', `${name} is not a field`]);
      }
      return { field: name };
    });
  } else {
    chosen = entity.columns.filter((c) => !c.hidden);
  }
  const language = languageOf(locale);
  const labels = parseLabels(labelsParam, chosen.length);
  return chosen.map((column, i) => ({
    field: column.field,
    header: labels?.[i] ?? headerOf(entity, column, language),
    ...kindOf(entity, column),
  }));
}

function parseLabels(raw: string | undefined, count: number): string[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  let labels: unknown;
  try {
    labels = JSON.parse(raw);
  } catch {
    throw new ApiError('INVALID_FIELD_IN_QUERY', ['labels', 'expected a JSON array of texts']);
  }
  if (!Array.isArray(labels) || labels.some((l) => typeof l !== 'string' || l.length > MAX_LABEL)) {
    throw new ApiError('INVALID_FIELD_IN_QUERY', [
      'labels',
      `expected a JSON array of texts of at most ${MAX_LABEL} characters`,
    ]);
  }
  if (labels.length !== count)
    throw new ApiError('INVALID_FIELD_IN_QUERY', ['labels', `${labels.length} labels for ${count} columns`]);
  return labels as string[];
}

/**
 * The cells of a row as one JSON array built by the database: only the exported values travel,
 * not whole documents (a contract's persons, assets and quotations).
 */
export function cellsSql(columns: ExportColumn[]): RawBuilder<string> {
  const values = columns.map((c) => {
    const parts = c.field.split('.');
    if (parts.length === 1 && Object.hasOwn(columnFields, c.field))
      return sql`to_jsonb(${sql.ref(columnFields[c.field])})`;
    return parts.length === 1 ? sql`(data -> ${sql.lit(parts[0])})` : sql`(data #> ${sql.lit(`{${parts.join(',')}}`)})`;
  });
  return sql<string>`jsonb_build_array(${sql.join(values)})::text`;
}

/** Labels of every `select` column's list, in the export's language, with the tenant's overrides. */
export function labelMaps(
  columns: ExportColumn[],
  locale: string,
  overrides: Record<string, ListItem[]>,
): Map<string, Map<string, string>> {
  const maps = new Map<string, Map<string, string>>();
  for (const column of columns) {
    if (column.kind !== 'select' || !column.list || maps.has(column.list)) continue;
    maps.set(column.list, new Map(listValues(column.list, locale, overrides).map((v) => [v.value, v.label])));
  }
  return maps;
}
