import { PassThrough, type Writable } from 'node:stream';
import { sql } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import { ApiError } from '@lbo/model/errors';
import type { ListItem } from '@lbo/model/reference-lists';
import { isTimeZone } from '@lbo/model/values/dates';
import { scopeOf, type Db, type Scope } from '../db/database.ts';
import { readFromReplica } from '../db/read-replica.ts';
import { compileListQuery, sortKeys } from '../entities/list-query.ts';
import { databaseError, type Caller, type Query } from '../entities/crud.operation.ts';
import { countRows } from '../entities/storage.ts';
import { cellsSql, exportColumns, labelMaps, type ExportColumn } from './export-columns.ts';
import { listChunks } from './export-rows.ts';
import { exportFormats, writeExport, type ExportFile, type ExportFormat } from './export-writers.ts';

/**
 * A list export (docs/api.md "List exports"): the list query of `GET /api/{route}` run on the
 * server, its rows read in chunks and written as they come, to the response or, past
 * `backgroundThreshold` rows, to the object store by a background export (export-records.ts).
 */
export interface ExportPlan {
  entity: Entity;
  format: ExportFormat;
  columns: ExportColumn[];
  /** The list query as given, paging and export parameters left out (kept on a background export's record). */
  query: Query;
  locale: string;
  timeZone: string;
  fileName: string;
}

/** Rows past which an export runs in the background (docs/decisions.md "List exports"). */
export const BACKGROUND_THRESHOLD = 50_000;
/** Rows read per statement. */
export const CHUNK_ROWS = 5_000;

/** Export parameters, and list parameters an export does not use (it exports every matching row, as cells). */
const exportKeys = new Set(['format', 'columns', 'labels', 'locale', 'fileName']);
const pagingKeys = new Set(['range', 'page', 'limit', 'projection', 'include', 'breakdown', 'count']);

const single = (query: Query, key: string) => {
  const value = query[key];
  return Array.isArray(value) ? value.join(',') : value;
};

/** Checks an export request and plans it; the first problem throws the catalogue error naming the parameter. */
export function planExport(caller: Caller, entity: Entity, query: Query): ExportPlan {
  const format = single(query, 'format') ?? 'xlsx';
  if (!(exportFormats as readonly string[]).includes(format))
    throw new ApiError('INVALID_FIELD_IN_QUERY', ['format', `${format} is not one of ${exportFormats.join(', ')}`]);
  const locale = single(query, 'locale') || 'en-EU';
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale))
    throw new ApiError('INVALID_FIELD_IN_QUERY', ['locale', `${locale} is not a locale`]);
  const timeZone = caller.timeZone || 'UTC';
  if (!isTimeZone(timeZone)) throw new ApiError('INVALID_FIELD_IN_HEADERS', ['client-timezone']);
  const fileName = (single(query, 'fileName') ?? '').trim() || entity.labels.en.plural;
  if (fileName.length > 200) throw new ApiError('INVALID_FIELD_IN_QUERY', ['fileName', 'at most 200 characters']);
  const listQuery: Query = {};
  for (const [key, value] of Object.entries(query))
    if (!exportKeys.has(key) && !pagingKeys.has(key)) listQuery[key] = value;
  // Checked now, so that a bad filter or sort is refused before anything is answered or recorded.
  compileListQuery(entity, listQuery, timeZone);
  sortKeys(entity, single(listQuery, 'sort'));
  const columns = exportColumns(entity, single(query, 'columns'), single(query, 'labels'), locale);
  return { entity, format: format as ExportFormat, columns, query: listQuery, locale, timeZone, fileName };
}

/** The name of the file: `Contracts.xlsx`, path separators and quotes removed. */
export function exportFileName(plan: Pick<ExportPlan, 'fileName' | 'format'>): string {
  const clean = plan.fileName.replace(/[/\\"\r\n]/g, '_');
  return clean.toLowerCase().endsWith(`.${plan.format}`) ? clean : `${clean}.${plan.format}`;
}

/** The tenant's overrides of the lists whose labels the export writes. */
async function listOverrides(db: Db, scope: Scope, columns: ExportColumn[]): Promise<Record<string, ListItem[]>> {
  const names = [...new Set(columns.filter((c) => c.kind === 'select' && c.list).map((c) => c.list!))];
  if (!names.length) return {};
  const listEntity = entityByName('List')!;
  return readFromReplica(db, scope, async (tx) => {
    const { rows } = await sql<{
      registration: string;
      values: ListItem[] | null;
    }>`SELECT registration, data -> 'values' AS values
      FROM ${sql.table(listEntity.table)} WHERE tenant = ${scope.tenant} AND registration = ANY(${names}::text[])`.execute(
      tx,
    );
    return Object.fromEntries(rows.filter((r) => Array.isArray(r.values)).map((r) => [r.registration, r.values!]));
  });
}

/** Matching rows, counted up to `cap` (the threshold's decision needs no more), or all of them. */
export async function countMatches(db: Db, scope: Scope, plan: ExportPlan, cap?: number): Promise<number> {
  const q = compileListQuery(plan.entity, plan.query, plan.timeZone);
  return readFromReplica(db, scope, (tx) => countRows(tx, plan.entity, scope.tenant, q, cap), 60_000).catch((e) =>
    databaseError(e, plan.entity),
  );
}

/**
 * The export's rows, chunk by chunk. The first chunk is read before this answers, so that a
 * query the database refuses (an invalid regular expression) is refused before a file starts.
 */
export async function exportChunks(db: Db, scope: Scope, plan: ExportPlan): Promise<AsyncIterable<unknown[][]>> {
  const q = compileListQuery(plan.entity, plan.query, plan.timeZone);
  const chunks = listChunks({
    db,
    scope,
    entity: plan.entity,
    where: q.where,
    keys: sortKeys(plan.entity, single(plan.query, 'sort')),
    cells: cellsSql(plan.columns),
    chunkSize: CHUNK_ROWS,
  });
  const first = await chunks.next().catch((e) => databaseError(e, plan.entity));
  return readingAhead(first, chunks);
}

/**
 * The chunks, the next one read while the current one is written: the database (its own thread
 * or server) and the writer work at the same time, and memory holds two chunks at most.
 */
async function* readingAhead(
  first: IteratorResult<unknown[][]>,
  chunks: AsyncGenerator<unknown[][]>,
): AsyncGenerator<unknown[][]> {
  let current = first;
  while (!current.done) {
    const next = chunks.next();
    // Heard at once, so that a failure while the current chunk is written is not unhandled.
    next.catch(() => undefined);
    yield current.value;
    current = await next;
  }
}

/** What the writers need besides the rows: columns, labels of lists, locale and zone. */
export async function exportFile(db: Db, scope: Scope, plan: ExportPlan): Promise<ExportFile> {
  const overrides = await listOverrides(db, scope, plan.columns);
  return {
    format: plan.format,
    sheetName: plan.fileName,
    columns: plan.columns,
    context: { locale: plan.locale, timeZone: plan.timeZone, labels: labelMaps(plan.columns, plan.locale, overrides) },
  };
}

/**
 * Streams the export into a new stream, answered at once: the rows follow as they are read. A
 * failure after the first bytes can only cut the file short (the response is then aborted).
 */
export async function streamExport(
  db: Db,
  caller: Caller,
  plan: ExportPlan,
  onError: (error: unknown) => void,
): Promise<PassThrough> {
  const scope = scopeOf(caller);
  const file = await exportFile(db, scope, plan);
  const chunks = await exportChunks(db, scope, plan);
  const out = new PassThrough();
  writeExport(file, chunks, out).catch((error) => {
    onError(error);
    out.destroy(error as Error);
  });
  return out;
}

/** Writes the whole export to `out`; `onProgress` hears the rows written so far. */
export async function writeWholeExport(
  db: Db,
  scope: Scope,
  plan: ExportPlan,
  out: Writable,
  onProgress: (rows: number) => Promise<void> | void,
): Promise<number> {
  const file = await exportFile(db, scope, plan);
  const chunks = await exportChunks(db, scope, plan);
  return writeExport(file, chunks, out, onProgress);
}
