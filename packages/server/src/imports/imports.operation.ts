import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import { entityByName } from '@lbo/model/entity-registry';
import { importEntity, importableKinds } from '@lbo/model/entities/script/import.entity';
import { ApiError } from '@lbo/model/errors';
import { inTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import type { ObjectStore } from '../db/object-store.ts';
import { createIn, updateIn, type Caller, type WriteHooks } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc, Row } from '../entities/storage.ts';
import {
  detectDelimiter,
  detectEncoding,
  openRows,
  sampleOf,
  takeRows,
  type FileSettings,
  type ImportEncoding,
  type ImportFormat,
} from './import-files.ts';
import {
  cellRefusal,
  checkMapping,
  importableFields,
  planColumns,
  suggestMapping,
  type Mapping,
} from './import-mapping.ts';
import { planChunk, type ChunkSettings, type RowFailure } from './import-rows.ts';

/**
 * The steps of an import (docs/imports.md), after Odoo's base_import: upload (the file kept in
 * the object store, its header read, a mapping suggested), mapping (saved, maybe as a named
 * template), dry run (every row checked, nothing written), run (a background batch, see
 * import-runner.ts), and the error report of the refused rows.
 */
export const CHUNK_ROWS = 1000;

/** CHUNK_ROWS, or IMPORT_CHUNK_ROWS read at each chunk: smaller chunks commit (and show progress) more often. */
export function chunkRows(): number {
  const value = Number(process.env.IMPORT_CHUNK_ROWS);
  return Number.isInteger(value) && value > 0 ? value : CHUNK_ROWS;
}
/** Failing rows a record keeps for its error report, and a dry run answers. */
export const FAILURES_KEPT = 5000;
export const FAILURES_ANSWERED = 1000;

export interface ImportServices {
  db: Db;
  store: ObjectStore;
  entities: Entity[];
  writeHooks: Record<string, WriteHooks>;
}

export type ImportDoc = Doc & {
  registration: string;
  kind: string;
  name: string;
  fileKey: string;
  format: ImportFormat;
  encoding?: ImportEncoding;
  delimiter?: string;
  sheet?: string;
  columns: string[];
  mapping: Mapping;
  keyField?: string;
  failures?: RowFailure[];
};

export const newFileKey = (tenant: string) => `${tenant}/${crypto.randomUUID()}`;

export function kindOf(services: ImportServices, name: unknown): Entity {
  const entity = typeof name === 'string' ? entityByName(name) : undefined;
  if (!entity || !importableKinds(services.entities).some((e) => e.name === entity.name))
    throw new ApiError('UNSUPPORTED_ENTITY', [String(name ?? '')]);
  return entity;
}

export const fileSettingsOf = (doc: ImportDoc): FileSettings => ({
  format: doc.format,
  encoding: doc.encoding,
  delimiter: doc.delimiter,
  sheet: doc.sheet,
});

/** The templates of a kind: each name's newest mapping. */
export async function templatesOf(
  tx: Tx,
  caller: Caller,
  kind: string,
): Promise<{ name: string; mapping: Mapping; keyField?: string }[]> {
  const rows = await storage.findWhere(
    tx,
    importEntity,
    caller.tenant,
    sql<boolean>`data->>'kind' = ${kind} AND coalesce(data->>'templateName', '') <> ''`,
    10_000,
  );
  const newest = new Map<string, Doc>();
  for (const row of rows) newest.set(String(row.data.templateName), row.data as Doc);
  return [...newest.entries()].map(([name, doc]) => ({
    name,
    mapping: (doc.mapping ?? {}) as Mapping,
    ...(doc.keyField ? { keyField: String(doc.keyField) } : {}),
  }));
}

/** What the mapping step shows: the columns, the saved and the suggested mappings, the fields and the templates. */
export async function mappingView(services: ImportServices, caller: Caller, doc: ImportDoc) {
  const entity = kindOf(services, doc.kind);
  const templates = await inTenant(services.db, scopeOf(caller), (tx) => templatesOf(tx, caller, doc.kind));
  return {
    registration: doc.registration,
    kind: doc.kind,
    columns: doc.columns,
    mapping: doc.mapping,
    suggested: suggestMapping(entity, doc.columns),
    keyField: doc.keyField ?? null,
    templateName: doc.templateName ?? null,
    fields: importableFields(entity),
    keyFields: [
      'registration',
      ...importableFields(entity)
        .filter((f) => !f.path.includes('.') && !f.path.includes('['))
        .map((f) => f.path),
    ].filter((v, i, all) => all.indexOf(v) === i),
    templates,
  };
}

export interface UploadInput {
  kind: string;
  fileName: string;
  fileKey: string;
  fileSize: number;
  encoding?: string;
  delimiter?: string;
  sheet?: string;
  template?: string;
}

/** Creates the Import of a stored file: its format, encoding and delimiter (given or detected), header and suggested mapping. */
export async function createImport(services: ImportServices, caller: Caller, input: UploadInput): Promise<ImportDoc> {
  const entity = kindOf(services, input.kind);
  const format = (
    ['csv', 'txt'].includes(input.fileName.toLowerCase().split('.').pop() ?? '') ? 'csv' : 'xlsx'
  ) as ImportFormat;
  const settings: FileSettings = { format, sheet: input.sheet || undefined };
  if (format === 'csv') {
    if (input.encoding !== undefined && !['utf-8', 'windows-1252'].includes(input.encoding))
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(input.encoding), 'encoding']);
    if (input.delimiter !== undefined && (input.delimiter.length !== 1 || /[\r\n"]/.test(input.delimiter)))
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(input.delimiter), 'delimiter']);
    const sample = await sampleOf(services.store, input.fileKey, input.fileName);
    settings.encoding = (input.encoding as ImportEncoding | undefined) ?? detectEncoding(sample);
    const text = new TextDecoder(settings.encoding).decode(sample);
    settings.delimiter = input.delimiter ?? detectDelimiter(text.replace(/^\ufeff/, '').split(/\r?\n/)[0] ?? '');
  }
  const opened = await openRows(services.store, input.fileKey, input.fileName, settings);
  opened.close();
  const columns = opened.header.map((cell, i) => cell || `Column ${i + 1}`);
  return inTenant(services.db, scopeOf(caller), async (tx) => {
    const template = input.template
      ? (await templatesOf(tx, caller, entity.name)).find((t) => t.name === input.template)
      : undefined;
    if (input.template && !template)
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(input.template), 'template']);
    const mapping = template
      ? Object.fromEntries(Object.entries(template.mapping).filter(([column]) => columns.includes(column)))
      : suggestMapping(entity, columns);
    const doc = await createIn(tx, caller, importEntity, {
      name: input.fileName,
      kind: entity.name,
      format,
      ...(settings.encoding ? { encoding: settings.encoding } : {}),
      ...(settings.delimiter ? { delimiter: settings.delimiter } : {}),
      ...(settings.sheet ? { sheet: settings.sheet } : {}),
      fileKey: input.fileKey,
      fileSize: input.fileSize,
      columns,
      mapping,
      ...(template?.keyField ? { keyField: template.keyField } : {}),
      ...(template ? { templateName: template.name } : {}),
    } as never);
    return doc as unknown as ImportDoc;
  });
}

export async function findImport(tx: Tx, caller: Caller, id: string, forUpdate = false): Promise<Row> {
  const row = await storage.findOne(tx, importEntity, caller.tenant, id, forUpdate);
  if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [importEntity.name, id]);
  return row as Row;
}

export const readImport = (services: ImportServices, caller: Caller, id: string) =>
  inTenant(
    services.db,
    scopeOf(caller),
    async (tx) => storage.toDocument(await findImport(tx, caller, id)) as ImportDoc,
  );

/** Statuses in which the mapping may still change and a run may start. */
const editable = new Set(['DRAFT', 'ERROR', 'STOPPED', 'SUCCESS', 'WARNING']);

export function mustBeEditable(row: Row) {
  if (!editable.has(String(row.status)))
    throw new ApiError('IMPORT_NOT_READY', [row.registration, row.status, 'its run is under way']);
}

export interface MappingInput {
  mapping: Mapping;
  keyField?: string | null;
  templateName?: string | null;
}

/** Saves the mapping (and key field); a template name makes it the newest mapping of that template. */
export async function saveMapping(
  services: ImportServices,
  caller: Caller,
  id: string,
  input: MappingInput,
): Promise<ImportDoc> {
  return inTenant(services.db, scopeOf(caller), async (tx) => {
    const row = await findImport(tx, caller, id, true);
    mustBeEditable(row);
    const doc = storage.toDocument(row) as ImportDoc;
    const entity = kindOf(services, doc.kind);
    checkMapping(entity, doc.columns, input.mapping);
    const keyField = input.keyField || undefined;
    if (keyField !== undefined) {
      const field = entity.fields[keyField];
      if (keyField !== 'registration' && (!field || field.type === 'list' || field.type === 'object'))
        throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(keyField), 'keyField']);
      if (!Object.values(input.mapping).includes(keyField))
        throw new ApiError('MISSING_FIELD_IN_BODY', [`mapping of ${keyField}`]);
    }
    const data: Doc = { ...doc, mapping: input.mapping };
    delete data.keyField;
    if (keyField) data.keyField = keyField;
    if (input.templateName !== undefined) {
      delete data.templateName;
      if (input.templateName) data.templateName = input.templateName.trim();
    }
    return (await updateIn(tx, caller, importEntity, row as never, data as never)) as unknown as ImportDoc;
  });
}

/** The chunk settings of an import: its kind, compiled mapping, key and the kind's write hooks. */
export function chunkSettingsOf(services: ImportServices, doc: ImportDoc, header: string[]): ChunkSettings {
  const entity = kindOf(services, doc.kind);
  if (!Object.keys(doc.mapping ?? {}).length) throw new ApiError('MISSING_FIELD_IN_BODY', ['mapping']);
  return {
    entity,
    columns: planColumns(entity, header, doc.mapping),
    encoding: doc.encoding ?? 'utf-8',
    keyField: doc.keyField,
    hooks:
      entity.writeHooks && Object.hasOwn(services.writeHooks, entity.writeHooks)
        ? services.writeHooks[entity.writeHooks]
        : {},
    importRegistration: doc.registration,
  };
}

/** Thrown to roll a dry run's chunk back with what it found. */
class DryRunResult extends Error {
  constructor(readonly failures: RowFailure[]) {
    super('dry run');
  }
}

/**
 * Checks every row as the run would (lookups of keys and the kind's hooks included), chunk by
 * chunk in transactions rolled back: nothing is written but the counts and the failures on the
 * Import.
 */
export async function dryRun(services: ImportServices, caller: Caller, id: string) {
  const doc = await readImport(services, caller, id);
  const opened = await openRows(services.store, doc.fileKey, doc.name, fileSettingsOf(doc));
  const failures: RowFailure[] = [];
  let total = 0;
  let failed = 0;
  try {
    const settings = chunkSettingsOf(services, doc, opened.header);
    for (;;) {
      const rows = await takeRows(opened.rows, CHUNK_ROWS);
      if (!rows.length) break;
      total += rows.length;
      const found = await inTenant(
        services.db,
        scopeOf(caller),
        async (tx) => {
          const plan = await planChunk(tx, caller, settings, rows);
          throw new DryRunResult(plan.failures);
        },
        120_000,
      ).catch((error) => {
        if (error instanceof DryRunResult) return error.failures;
        throw error;
      });
      failed += found.length;
      for (const failure of found) if (failures.length < FAILURES_KEPT) failures.push(failure);
      if (rows.length < CHUNK_ROWS) break;
    }
  } finally {
    opened.close();
  }
  await inTenant(services.db, scopeOf(caller), async (tx) => {
    const row = await findImport(tx, caller, id, true);
    await updateIn(
      tx,
      caller,
      importEntity,
      row as never,
      {
        ...storage.toDocument(row),
        totalRows: total,
        validRows: total - failed,
        failedRows: failed,
        failures,
      } as never,
      { historyAs: 'none' },
    );
  });
  return {
    registration: doc.registration,
    totalRows: total,
    validRows: total - failed,
    failedRows: failed,
    failures: failures.slice(0, FAILURES_ANSWERED),
    truncated: failed > FAILURES_ANSWERED,
  };
}

/** A cell written back in the error report: what a spreadsheet would run as a formula is quoted. */
const neutralised = (text: string) =>
  cellRefusal(text, '', 'utf-8')?.code === 'IMPORT_FORMULA_REFUSED' ? `'${text}` : text;

/**
 * The error report: the file's header and an `errors` column, then each refused row as read from
 * the file (formulas quoted, overlong cells cut), with its errors. Fixed, it imports again.
 */
export async function* errorReport(services: ImportServices, doc: ImportDoc): AsyncGenerator<string[]> {
  const failures = new Map((doc.failures ?? []).map((failure) => [failure.row, failure]));
  const opened = await openRows(services.store, doc.fileKey, doc.name, fileSettingsOf(doc));
  try {
    yield [...opened.header, 'errors'].map(neutralised);
    if (!failures.size) return;
    for (;;) {
      const next = await opened.rows.next();
      if (next.done) break;
      const failure = failures.get(next.value.number);
      if (!failure) continue;
      const cells = opened.header.map((_, i) => neutralised((next.value.cells[i] ?? '').slice(0, 32_767)));
      const errors = failure.errors.map((e) => `${e.column || e.field}: ${e.message}`).join('; ');
      yield [...cells, neutralised(errors)];
      failures.delete(next.value.number);
      if (!failures.size) break;
    }
  } finally {
    opened.close();
  }
}
