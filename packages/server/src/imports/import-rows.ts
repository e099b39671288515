import { sql } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import { ApiError } from '@lbo/model/errors';
import { referenceLists } from '@lbo/model/reference-lists';
import { validateFields } from '@lbo/model/values/validate';
import type { Tx } from '../db/database.ts';
import { createManyIn, updateManyIn, type BulkUpdate } from '../entities/bulk-writes.ts';
import { freeRegistrations, type Caller, type WriteHooks } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc, Row } from '../entities/storage.ts';
import { tenantRulesOf, type TenantRules } from '../entities/tenant-rules.ts';
import { documentOf, type CellError, type PlannedColumn } from './import-mapping.ts';
import type { SheetRow } from './import-files.ts';

/**
 * A chunk of rows checked and written: each row's document checked as a client's create or merge
 * is (declared fields, the tenant's lists and extensions, mandatory fields, the kind's rule and
 * its write hooks), its key looked up to update rather than duplicate, then the chunk's creates
 * and updates written in bulk with their History rows. A refused row writes nothing; the dry run
 * runs the same plan in a transaction it rolls back.
 */
export interface RowFailure {
  row: number;
  errors: CellError[];
}

export interface ChunkSettings {
  entity: Entity;
  columns: PlannedColumn[];
  encoding: string;
  keyField?: string;
  hooks: WriteHooks;
  importRegistration: string;
}

interface PlannedCreate {
  row: number;
  doc: Doc;
}

interface PlannedUpdate {
  row: number;
  target: Row;
  doc: Doc;
}

export interface ChunkPlan {
  creates: PlannedCreate[];
  updates: PlannedUpdate[];
  failures: RowFailure[];
}

const systemFields = ['_id', '_version', '_insertDate', '_insertUser', '_updateDate', '_updateUser'];
const withoutSystem = (doc: Doc) => {
  const out = { ...doc };
  for (const field of systemFields) delete out[field];
  return out;
};

/** The field a catalogue error names: the first of its arguments that is a path of the document. */
function fieldOfError(error: ApiError, fallback: string): string {
  const args = (error as unknown as { args?: unknown[] }).args ?? [];
  for (const arg of args) if (typeof arg === 'string' && /^[A-Za-z_][\w.[\]]*$/.test(arg) && arg !== 'body') return arg;
  return fallback;
}

function errorOf(error: unknown, field: string, columns: PlannedColumn[]): CellError {
  if (!(error instanceof ApiError)) throw error;
  const named = fieldOfError(error, field);
  const top = named.split(/[.[]/)[0];
  const column =
    columns.find((c) => c.path === named)?.column ?? columns.find((c) => c.path.split(/[.[]/)[0] === top)?.column ?? '';
  return { column, field: named, code: error.code, message: error.message };
}

const initialStatusOf = (entity: Entity) =>
  entity.status ? (referenceLists[entity.status]?.[0]?.value ?? 'DRAFT') : undefined;

/**
 * Each given field checked on its own, so that a row answers all its bad fields at once; then the
 * whole document as the write path checks it (mandatory fields on a create, the kind's rule).
 */
async function checkDocument(
  entity: Entity,
  given: Doc,
  before: Doc | undefined,
  rules: TenantRules,
  caller: Caller,
  columns: PlannedColumn[],
  cellsRefused = false,
): Promise<{ doc?: Doc; errors: CellError[] }> {
  // Most rows pass: the whole document is checked once, and only a refused one field by field.
  if ((!entity.key || before) && !cellsRefused)
    try {
      const doc = validateFields(before ? { ...withoutSystem(before), ...given } : given, entity.fields, '', {
        ...rules,
        requireMandatory: true,
        refuseUnknown: true,
        timeZone: caller.timeZone,
      });
      await entity.check?.(doc);
      return { doc, errors: [] };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  const errors: CellError[] = [];
  const options = { ...rules, requireMandatory: false, refuseUnknown: true, timeZone: caller.timeZone };
  const checked: Doc = {};
  for (const [name, value] of Object.entries(given)) {
    try {
      Object.assign(checked, validateFields({ [name]: value }, { [name]: entity.fields[name] }, '', options));
    } catch (error) {
      errors.push(errorOf(error, name, columns));
    }
  }
  if (!before && !cellsRefused)
    for (const [name, field] of Object.entries(entity.fields))
      if (field.mandatory && (given[name] === undefined || given[name] === '') && name !== entity.key)
        errors.push({ ...errorOf(new ApiError('MISSING_FIELD_IN_BODY', [name]), name, columns), column: '' });
  if (
    entity.key &&
    !before &&
    !cellsRefused &&
    (typeof given[entity.key] !== 'string' || !String(given[entity.key]).trim())
  )
    errors.push({ ...errorOf(new ApiError('MISSING_FIELD_IN_BODY', [entity.key]), entity.key, columns) });
  // A refused cell left its field out: the document's own checks would only repeat it as missing.
  if (errors.length || cellsRefused) return { errors };
  try {
    const doc = validateFields(before ? { ...withoutSystem(before), ...checked } : checked, entity.fields, '', {
      ...rules,
      requireMandatory: true,
      timeZone: caller.timeZone,
    });
    await entity.check?.(doc);
    return { doc, errors };
  } catch (error) {
    return { errors: [errorOf(error, '', columns)] };
  }
}

/** The records the chunk's key values name (a registration, or a top-level field's value). */
async function existingByKey(
  tx: Tx,
  caller: Caller,
  entity: Entity,
  keyField: string,
  values: string[],
): Promise<Map<string, Row>> {
  if (!values.length) return new Map();
  if (keyField === 'registration') {
    const rows = await storage.findMany(tx, entity, caller.tenant, values, true);
    return new Map(rows.map((row) => [row.registration, row as Row]));
  }
  const rows = await storage.findWhere(
    tx,
    entity,
    caller.tenant,
    sql<boolean>`data->>${keyField} = ANY(${values}::text[])`,
    values.length * 2,
  );
  const out = new Map<string, Row>();
  for (const row of rows) {
    const value = String((row.data as Doc)[keyField] ?? '');
    if (!out.has(value)) out.set(value, row as Row);
  }
  return out;
}

const keyValueOf = (doc: Doc, keyField: string | undefined) => {
  if (!keyField) return undefined;
  const value = doc[keyField];
  return typeof value === 'string' && value.trim()
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : undefined;
};

/** Checks a chunk of rows and plans their writes (the hooks may number registrations: the dry run rolls them back). */
export async function planChunk(tx: Tx, caller: Caller, settings: ChunkSettings, rows: SheetRow[]): Promise<ChunkPlan> {
  const { entity, columns, keyField, hooks } = settings;
  const rules = await tenantRulesOf(tx, caller.tenant, entity);
  const plan: ChunkPlan = { creates: [], updates: [], failures: [] };
  const built = rows.map((row) => ({ row, ...documentOf(columns, row.cells, settings.encoding) }));
  const keys = [...new Set(built.flatMap(({ doc }) => keyValueOf(doc, keyField) ?? []))];
  const existing = keyField ? await existingByKey(tx, caller, entity, keyField, keys) : new Map<string, Row>();
  const keysSeen = new Set<string>();
  const initial = initialStatusOf(entity);
  for (const { row, doc: given, errors } of built) {
    const fail = (more: CellError[]) => plan.failures.push({ row: row.number, errors: [...errors, ...more] });
    const key = keyValueOf(given, keyField);
    if (key !== undefined && keysSeen.has(key)) {
      const column = columns.find((c) => c.path === keyField)?.column ?? '';
      const duplicate = new ApiError('VALUE_ALREADY_EXISTS', [key, keyField]);
      fail([{ column, field: keyField!, code: duplicate.code, message: duplicate.message }]);
      continue;
    }
    if (key !== undefined) keysSeen.add(key);
    const target = key !== undefined ? existing.get(key) : undefined;
    try {
      if (given.status !== undefined && given.status !== (target?.status ?? initial))
        throw new ApiError('STATUS_PATCH_PROHIBITED');
      if (!target && entity.fields.registration?.readOnly && given.registration !== undefined)
        throw new ApiError('INVALID_FIELD_IN_BODY', ['registration']);
      if (target && entity.frozenIn.includes(String(target.status)))
        throw new ApiError('RECORD_FROZEN', [entity.name, target.registration, target.status]);
    } catch (error) {
      fail([errorOf(error, 'status', columns)]);
      continue;
    }
    const before = target ? storage.toDocument(target) : undefined;
    const checked = await checkDocument(entity, given, before, rules, caller, columns, errors.length > 0);
    if (errors.length || checked.errors.length || !checked.doc) {
      fail(checked.errors);
      continue;
    }
    try {
      if (target) {
        const doc = hooks.beforeUpdate
          ? await hooks.beforeUpdate(tx, caller, entity, checked.doc, before!)
          : checked.doc;
        plan.updates.push({ row: row.number, target, doc });
        continue;
      }
      let input: Doc = { ...checked.doc };
      if (entity.key) input.registration = String(input[entity.key]).trim();
      const hooked = hooks.beforeCreate ? await hooks.beforeCreate(tx, caller, entity, input) : input;
      if ('existing' in hooked && hooked.existing) {
        // The kind's own rule found the record (a person's identifier): the row updates it.
        const found = await storage.findOne(tx, entity, caller.tenant, String((hooked.existing as Doc)._id), true);
        if (!found) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [entity.name, String(hooked.existing)]);
        const merged = await checkDocument(entity, given, storage.toDocument(found), rules, caller, columns);
        if (!merged.doc) {
          fail(merged.errors);
          continue;
        }
        plan.updates.push({ row: row.number, target: found as Row, doc: merged.doc });
        continue;
      }
      input = { ...(hooked as Doc), ...(initial ? { status: initial } : {}) };
      plan.creates.push({ row: row.number, doc: input });
    } catch (error) {
      fail([errorOf(error, '', columns)]);
    }
  }
  return plan;
}

/** Inside a savepoint: a refusal of the database undoes only what `work` wrote. */
async function inSavepoint<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
  await sql`SAVEPOINT import_rows`.execute(tx);
  try {
    const result = await work();
    await sql`RELEASE SAVEPOINT import_rows`.execute(tx);
    return result;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT import_rows`.execute(tx);
    throw error;
  }
}

/** A create the database refused as a repeat of a stored value: the row's failure names its value and field. */
const duplicateFailure = (
  row: number,
  error: unknown,
  entity: Entity,
  columns: PlannedColumn[],
  doc: Doc,
): RowFailure => {
  if ((error as { code?: string }).code !== '23505') throw error;
  const field = entity.key ?? 'registration';
  const value = doc[field] ?? doc.registration;
  const refusal = new ApiError('VALUE_ALREADY_EXISTS', [String(value ?? ''), field]);
  const column = columns.find((c) => c.path === field)?.column ?? '';
  return { row, errors: [{ column, field, code: refusal.code, message: refusal.message }] };
};

export interface WrittenChunk {
  created: number;
  updated: number;
  failures: RowFailure[];
}

/**
 * Writes a planned chunk in the caller's transaction: creates in one statement, updates in
 * another, each with their History rows (which name the import). A create the database refuses
 * (a registration taken meanwhile) sends the chunk's creates one by one, each in a savepoint.
 */
export async function writeChunk(
  tx: Tx,
  caller: Caller,
  settings: ChunkSettings,
  plan: ChunkPlan,
): Promise<WrittenChunk> {
  const { entity, columns } = settings;
  const history = { importRegistration: settings.importRegistration };
  const failures = [...plan.failures];
  const unnumbered = plan.creates.filter(({ doc }) => typeof doc.registration !== 'string' || !doc.registration);
  const numbers = await freeRegistrations(tx, caller, entity, unnumbered.length);
  unnumbered.forEach((create, i) => {
    create.doc.registration = numbers[i];
  });
  const docs = plan.creates.map(({ doc }) => doc as Doc & { registration: string });
  let created = 0;
  try {
    await inSavepoint(tx, () => createManyIn(tx, caller, entity, docs, { history }));
    created = docs.length;
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    for (const create of plan.creates)
      try {
        await inSavepoint(tx, () =>
          createManyIn(tx, caller, entity, [create.doc as Doc & { registration: string }], { history }),
        );
        created += 1;
      } catch (refused) {
        failures.push(duplicateFailure(create.row, refused, entity, columns, create.doc));
      }
  }
  const updates: BulkUpdate<Entity>[] = plan.updates.map(({ target, doc }) => ({
    row: target as storage.RowOf<Entity>,
    data: { ...doc, registration: target.registration, ...(target.status !== null ? { status: target.status } : {}) },
  }));
  await updateManyIn(tx, caller, entity, updates, { history });
  failures.sort((a, b) => a.row - b.row);
  return { created, updated: updates.length, failures };
}
