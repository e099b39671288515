import type { Entity } from '@lbo/model/entity';
import type { InputOf, RecordOf } from '@lbo/model/record-types';
import { ApiError } from '@lbo/model/errors';
import { entities, entityByName } from '@lbo/model/entity-registry';
import { sql } from 'kysely';
import { validateFields, isObject } from '@lbo/model/values/validate';
import { referenceLists } from '@lbo/model/reference-lists';
import { inTenant, readInTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import { readFromReplica } from '../db/read-replica.ts';
import { compileListQuery } from './list-query.ts';
import { resolvePath } from '../db/field-paths.ts';
import * as storage from './storage.ts';
import { insertHistory } from './history.ts';
import { tenantRulesOf } from './tenant-rules.ts';
import { moveCounterPastTaken } from './registration-counter.ts';
import type { Doc, Row, RowOf } from './storage.ts';
import { COUNT_AHEAD } from '@lbo/model/list-paging';

/**
 * The generic operations behind every entity route: tenant scope, validation, registration
 * numbering, optimistic versions and history, each in one transaction.
 */
export interface Caller {
  tenant: string;
  username: string;
  /** IANA zone of the client (`client-timezone` header), for reading days. */
  timeZone?: string;
}

export type Query = Record<string, string | string[] | undefined>;

export interface ListResult {
  /** Each document of the page as JSON text, as it is answered. */
  documents: string[];
  breakdown?: Record<string, Record<string, number>>;
  offset: number;
  limit: number;
  size: number;
  continues: boolean;
}

/**
 * What a domain adds to the generic writes of its kinds, run inside the write's transaction
 * after the field checks (registration numbering of its own, lookups of existing records).
 */
export interface WriteHooks {
  /** Completes a new document before it is numbered and stored, or names an existing record to answer instead. */
  beforeCreate?(tx: Tx, caller: Caller, entity: Entity, doc: Doc): Promise<Doc | { existing: Doc }>;
  /** Completes a replaced or merged document before it is stored. */
  beforeUpdate?(tx: Tx, caller: Caller, entity: Entity, doc: Doc, before: Doc): Promise<Doc>;
  /** Undoes what the record stood for before it is deleted (a draft invoice's billed lines planned again). */
  beforeDelete?(tx: Tx, caller: Caller, entity: Entity, doc: Doc): Promise<void>;
}

/** What a write route adds to a create, update or delete, checked or done inside its transaction. */
export interface WriteOptions {
  /** Versions the client's `If-Match` accepts ('*': any); another version answers 412 and writes nothing. */
  ifMatch?: number[] | '*';
  /** Runs last in the write's transaction with the answer's status and document (an idempotency key stored with its write). */
  withAnswer?(tx: Tx, status: number, doc: Doc): Promise<void>;
}

/** Records a create answered with an existing record (the route answers 200, not 201). */
const existingAnswers = new WeakSet<Doc>();
export const isExistingRecord = (doc: Doc) => existingAnswers.has(doc);

/** The count of matches a list page counts up to (`count=exact`: undefined, all). */
export const countCap = (q: { offset: number; limit: number; exactCount: boolean }) =>
  q.exactCount ? undefined : q.offset + q.limit + COUNT_AHEAD;

/** A record in one of its kind's final statuses (`frozenIn`) is only moved by its workflow and domain. */
function refuseFrozen(entity: Entity, row: Row): void {
  if (row.status && entity.frozenIn.includes(row.status))
    throw new ApiError('RECORD_FROZEN', [entity.name, row.registration, row.status]);
}

/** `financing-services` → `financingServices`. */
const camel = (dashed: string) => dashed.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

const systemFields = ['_id', '_version', '_insertDate', '_insertUser', '_updateDate', '_updateUser'];

function initialStatus(entity: Entity): string | undefined {
  return entity.status ? (referenceLists[entity.status]?.[0]?.value ?? 'DRAFT') : undefined;
}

function bodyOf(body: unknown): Doc {
  if (body === undefined || body === null || body === '' || (isObject(body) && Object.keys(body).length === 0))
    throw new ApiError('MISSING_BODY_PAYLOAD');
  if (Array.isArray(body)) throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', ['body']);
  if (!isObject(body)) throw new ApiError('INVALID_NON_EMPTY_OBJECT_FIELD', ['body']);
  return body;
}

function stripSystem(doc: Doc): Doc {
  const out = { ...doc };
  for (const f of systemFields) delete out[f];
  return out;
}

/**
 * The value and field a unique violation names. PostgreSQL withholds the key's value under
 * row-level security, and most callers know no registration (derived, numbered, or the
 * username of a user): the value is read from the refused document (storage.ts `noting`).
 */
function duplicateOf(error: unknown, entity: Entity, registration: string | undefined): [string, string] {
  const { constraint, duplicate } = error as { constraint?: unknown; duplicate?: Doc };
  if (typeof constraint === 'string' && constraint.includes('_unique_') && entity.unique?.length) {
    const values = entity.unique.map((path) =>
      path.split('.').reduce<unknown>((v, part) => (v as Doc | undefined)?.[part], duplicate),
    );
    return [values.map((v) => String(v ?? '')).join(', '), entity.unique.join(', ')];
  }
  const value = registration || (typeof duplicate?.registration === 'string' ? duplicate.registration : '');
  return [value || '(a value already stored)', 'registration'];
}

/** Maps database refusals that bad input can cause to catalogue errors. */
export function databaseError(error: unknown, entity: Entity, registration?: string): never {
  const code = (error as { code?: string })?.code;
  if (code === '23505') throw new ApiError('VALUE_ALREADY_EXISTS', duplicateOf(error, entity, registration));
  if (code === '2201B') throw new ApiError('INVALID_FIELD_IN_QUERY', ['regex', 'invalid regular expression']);
  if (code === '57014') throw new ApiError('INVALID_FIELD_IN_QUERY', ['query', 'took too long']);
  if (code === '22P02' || code === '22003') throw new ApiError('INVALID_FIELD_VALUE', ['query', entity.name]);
  // Text PostgreSQL cannot store (a NUL character) in an undeclared field.
  if (code === '22P05' || code === '22021')
    throw new ApiError('INVALID_FIELD_VALUE', ['(text with a NUL character)', 'body']);
  throw error;
}

/**
 * The next registration of a server-numbered kind. The counter moves past any registration
 * already taken (loaded data, records of a shared table), so that no record can block the
 * kind's creates.
 */
export async function freeRegistration(tx: Tx, caller: Caller, entity: Entity): Promise<string> {
  for (;;) {
    const registration = `${entity.prefix}${String(await storage.nextCounter(tx, caller.tenant, entity.name)).padStart(6, '0')}`;
    if (!(await storage.findOne(tx, entity, caller.tenant, registration))) return registration;
    await moveCounterPastTaken(tx, caller.tenant, entity);
  }
}

/** `n` next registrations of a server-numbered kind at once, none already taken (a billing chunk's invoices). */
export async function freeRegistrations(tx: Tx, caller: Caller, entity: Entity, n: number): Promise<string[]> {
  if (n <= 0) return [];
  for (;;) {
    const first = await storage.nextCounters(tx, caller.tenant, entity.name, n);
    const block = Array.from({ length: n }, (_, i) => `${entity.prefix}${String(first + i).padStart(6, '0')}`);
    if (!(await storage.findMany(tx, entity, caller.tenant, block)).length) return block;
    await moveCounterPastTaken(tx, caller.tenant, entity);
  }
}

/** A schedule's lines are in the record written; its History row counts them rather than copying them. */
const withLinesCounted = (doc: Doc | undefined) =>
  doc && Array.isArray(doc.lines) ? { ...doc, lines: `${doc.lines.length} lines` } : doc;

async function writeHistory(
  tx: Tx,
  caller: Caller,
  entity: Entity,
  action: string,
  before: Doc | undefined,
  after: Doc | undefined,
  options: Pick<WriteIn, 'history' | 'countLines'> = {},
) {
  if (entity.name === 'History') return;
  const count = options.countLines ? withLinesCounted : (doc: Doc | undefined) => doc;
  await insertHistory(tx, caller, {
    entityName: entity.name,
    entityRegistration: String((after ?? before)?.registration),
    action,
    before: count(before),
    after: count(after),
    ...(options.history ? { extra: options.history } : {}),
  });
}

/**
 * Checks a client's body against the declaration as the tenant sees it (tenant-rules.ts):
 * declared fields only, texts and lists within their limits, select values from the tenant's
 * lists. A merge checks the given fields so, then the merged document's types and mandatory fields.
 */
async function prepare(tx: Tx, caller: Caller, entity: Entity, body: Doc, before?: Doc): Promise<Doc> {
  const rules = await tenantRulesOf(tx, caller.tenant, entity);
  const given = validateFields(stripSystem(body), entity.fields, '', {
    ...rules,
    requireMandatory: !before,
    refuseUnknown: true,
    timeZone: caller.timeZone,
  });
  const doc = before
    ? validateFields({ ...stripSystem(before), ...given }, entity.fields, '', {
        extensions: rules.extensions,
        requireMandatory: true,
        timeZone: caller.timeZone,
      })
    : given;
  await entity.check?.(doc);
  return doc;
}

/**
 * Checks a domain's own document against the declaration: the types of its declared fields and
 * its mandatory ones, then the kind's rule across fields. The domain may write what a client may
 * not (read-only fields, the status, fields it keeps beside the declared ones, a linked record's
 * copy beside its link), so unknown fields and the tenant's lists are not checked, and the
 * document is stored as the domain wrote it: the check refuses, it does not rewrite.
 */
async function checkDomainDocument(caller: Caller, entity: Entity, doc: Doc): Promise<Doc> {
  const stored = stripSystem(doc);
  const checked = validateFields(stored, entity.fields, '', {
    requireMandatory: true,
    timeZone: caller.timeZone,
    tenant: caller.tenant,
  });
  await entity.check?.(checked);
  return stored;
}

/**
 * How a create or update inside a caller's transaction (createIn, updateIn) is checked and
 * recorded. Every write of a record, the REST routes' and the domains', goes through them: the
 * document checked against its kind's declaration, stored with its audit fields (`_insertUser`,
 * `_updateUser`: the caller's username), and its History row written in the same transaction.
 */
export interface WriteIn extends WriteOptions {
  /**
   * Whose write it is:
   * - `caller`: a client's, as the REST routes write (the body checked as the tenant sees the
   *   kind, undeclared fields refused, the kind's write hooks run, a status change, a chosen
   *   registration and a write of a frozen record refused);
   * - `system` (the default): a domain's own write on the caller's behalf (a payment allocated,
   *   a contract activated). Field types and mandatory fields are checked and the kind's rule
   *   runs, but the domain sets the status and read-only fields, may move a record its kind
   *   freezes, and the kind's write hooks, which keep what the domain writes out of clients'
   *   hands, do not run.
   */
  as?: 'caller' | 'system';
  /** The write hooks of the kind (`caller` writes only; the REST routes' operations pass them). */
  hooks?: WriteHooks;
  /** The History row's action: CREATE or UPDATE unless the domain names its own (PAYMENT, ARREARS). */
  action?: string;
  /** What the History row records beside the change (`details`, a transition). */
  history?: Doc;
  /** A schedule's `lines` are counted in the History row rather than copied (a contract's elements). */
  countLines?: boolean;
  /**
   * What the History row records: `change` (the default) the record before and after; `created`
   * the record after only, as a creation; `none` no row. A record written in steps in one
   * transaction (a bank statement, then its totals once its transactions are written) is created
   * with `none` and recorded once complete, by its last update, with `created`.
   */
  historyAs?: 'change' | 'created' | 'none';
  /**
   * A domain's create: the registration it names the record by (a contract's elements after it);
   * else the kind's key, else numbered. A registration in the body is not taken.
   */
  registration?: string;
}

/**
 * Creates a record of `entity` inside the caller's transaction `tx` (see WriteIn for who writes
 * and how it is checked): numbered unless named, in its kind's first status unless a domain
 * gives one, with its History row. Answers the record as stored.
 */
export async function createIn<E extends Entity>(
  tx: Tx,
  caller: Caller,
  entity: E,
  body: InputOf<E>,
  options: WriteIn = {},
): Promise<RecordOf<E>> {
  const initial = initialStatus(entity);
  let input: Doc;
  if (options.as === 'caller') {
    input = await prepare(tx, caller, entity, bodyOf(body));
    // A kind the server numbers never takes a registration from the client (its declaration
    // marks the field read-only): a chosen one could take a number the counter will reach.
    if (
      entity.fields.registration?.readOnly &&
      input.registration !== undefined &&
      input.registration !== null &&
      input.registration !== ''
    ) {
      throw new ApiError('INVALID_FIELD_IN_BODY', ['registration']);
    }
    if (input.status !== undefined && input.status !== initial) throw new ApiError('STATUS_PATCH_PROHIBITED');
    if (entity.key) {
      const key = input[entity.key];
      if (typeof key !== 'string' || !key.trim()) throw new ApiError('MISSING_FIELD_IN_BODY', [entity.key]);
      input.registration = key.trim();
    }
    const hooked = options.hooks?.beforeCreate ? await options.hooks.beforeCreate(tx, caller, entity, input) : input;
    if ('existing' in hooked && hooked.existing) {
      existingAnswers.add(hooked.existing as Doc);
      await options.withAnswer?.(tx, 200, hooked.existing as Doc);
      return hooked.existing as RecordOf<E>;
    }
    input = { ...hooked, ...(initial ? { status: initial } : {}) };
  } else {
    input = await checkDomainDocument(caller, entity, body);
    // A domain's document may be copied from another record (a credit note from its invoice): its
    // registration is the one the domain names, the kind's key, or numbered, never one carried over.
    const key = entity.key ? input[entity.key] : undefined;
    input.registration = options.registration ?? (typeof key === 'string' && key.trim() ? key.trim() : undefined);
    const status = input.status ?? initial;
    if (status !== undefined) input.status = status;
  }
  if (typeof input.registration !== 'string' || !input.registration)
    input.registration = await freeRegistration(tx, caller, entity);
  const row = await storage
    .insertRow(tx, entity, caller.tenant, caller.username, input)
    .catch((e) => databaseError(e, entity, input.registration as string));
  const doc = storage.toDocument(row);
  if (options.historyAs !== 'none')
    await writeHistory(tx, caller, entity, options.action ?? 'CREATE', undefined, doc, options);
  await options.withAnswer?.(tx, 201, doc);
  return doc as RecordOf<E>;
}

/**
 * Updates the record `target` (its registration or `_id`, or its row when the domain holds it
 * locked already) inside the caller's transaction `tx`: `replace` (the default) writes `body` as
 * its whole document, `merge` the given fields over it. A domain's write (`system`) keeps the
 * record's status unless `body` names one; a caller's refuses a status change, a stale
 * `_version` in the body (409), a version the `If-Match` header does not name (412) and a frozen
 * record. Its History row compares the record before and after.
 */
export async function updateIn<E extends Entity>(
  tx: Tx,
  caller: Caller,
  entity: E,
  target: string | RowOf<E>,
  body: InputOf<E>,
  options: WriteIn & {
    mode?: 'replace' | 'merge';
    /** The identifier the client named the record by (a caller's refusals repeat it). */
    id?: string;
  } = {},
): Promise<RecordOf<E>> {
  const merge = options.mode === 'merge';
  const row: Row = typeof target === 'string' ? await mustFindRow(tx, caller, entity, target, true) : (target as Row);
  const before = storage.toDocument(row);
  let data: Doc;
  if (options.as === 'caller') {
    const raw = bodyOf(body);
    const expectedVersion = raw._version;
    if (expectedVersion !== undefined && !Number.isInteger(expectedVersion))
      throw new ApiError('INVALID_INTEGER_FIELD', ['_version']);
    const id = options.id ?? (typeof target === 'string' ? target : row.registration);
    checkIfMatch(entity, id, row, options);
    refuseFrozen(entity, row);
    if (expectedVersion !== undefined && expectedVersion !== row._version) {
      throw new ApiError('VERSION_CONFLICT', [entity.name, id, expectedVersion, row._version]);
    }
    const prepared = await prepare(tx, caller, entity, raw, merge ? before : undefined);
    const { beforeUpdate } = options.hooks ?? {};
    const input = beforeUpdate ? await beforeUpdate(tx, caller, entity, prepared, before) : prepared;
    if (input.status !== undefined && input.status !== row.status) throw new ApiError('STATUS_PATCH_PROHIBITED');
    if (input.registration !== undefined && input.registration !== row.registration) {
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(input.registration), 'registration']);
    }
    if (entity.key && input[entity.key] !== undefined && input[entity.key] !== row.registration) {
      throw new ApiError('INVALID_FIELD_VALUE', [JSON.stringify(input[entity.key]), entity.key]);
    }
    data = { ...input, registration: row.registration, ...(row.status !== null ? { status: row.status } : {}) };
  } else {
    const input = await checkDomainDocument(caller, entity, merge ? { ...row.data, ...body } : body);
    const status = input.status !== undefined ? input.status : row.status;
    data = { ...input, registration: row.registration, ...(status !== null ? { status } : {}) };
  }
  const updated = storage.toDocument(
    await storage
      .updateRow(tx, entity, caller.tenant, caller.username, row._id, data)
      .catch((e) => databaseError(e, entity)),
  );
  if (options.historyAs !== 'none') {
    const recorded = options.historyAs === 'created' ? undefined : before;
    await writeHistory(tx, caller, entity, options.action ?? 'UPDATE', recorded, updated, options);
  }
  await options.withAnswer?.(tx, 200, updated);
  return updated as RecordOf<E>;
}

/** The record `id` (registration or `_id`) of `entity`, locked when `forUpdate`; 404 when the tenant has none. */
export async function mustFindRow<E extends Entity>(
  tx: Tx,
  caller: Caller,
  entity: E,
  id: string,
  forUpdate = false,
): Promise<RowOf<E>> {
  const row = await storage.findOne(tx, entity, caller.tenant, id, forUpdate);
  if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [entity.name, id]);
  return row;
}

/** Refuses a write on a locked row whose version the client's `If-Match` does not name. */
function checkIfMatch(entity: Entity, id: string, row: Row, { ifMatch }: WriteOptions) {
  if (ifMatch === undefined || ifMatch === '*' || ifMatch.includes(row._version)) return;
  throw new ApiError('PRECONDITION_FAILED', [entity.name, id, row._version, ifMatch.join(' or ')]);
}

/** `hooks` by the key a kind's declaration names (`writeHooks: 'personRegistrations'`). */
export function createOperations(db: Db, hooks: Record<string, WriteHooks> = {}) {
  const hooksOf = (entity: Entity): WriteHooks =>
    entity.writeHooks && Object.hasOwn(hooks, entity.writeHooks) ? hooks[entity.writeHooks] : {};
  const scoped = <T>(caller: Caller, work: (tx: Tx) => Promise<T>) => inTenant(db, scopeOf(caller), work);
  const reading = <T>(caller: Caller, work: (tx: Tx) => Promise<T>) => readInTenant(db, scopeOf(caller), work);

  const mustFind = mustFindRow;

  async function shape(
    tx: Tx,
    caller: Caller,
    entity: Entity,
    docs: Doc[],
    include: string[],
    projection?: string[],
  ): Promise<Doc[]> {
    for (const name of include) await includeLinked(tx, caller, entity, docs, name);
    if (!projection) return docs;
    const keep = new Set(['_id', 'registration', ...projection.map((p) => p.split('.')[0]), ...include]);
    return docs.map((d) => Object.fromEntries(Object.entries(d).filter(([k]) => keep.has(k))));
  }

  /**
   * `include=persons` puts each item's linked record beside it (`persons[].person`); `include=contract` adds `contract`;
   * `include=fundings` lists the records of the kind so named that link back to each document.
   */
  async function includeLinked(tx: Tx, caller: Caller, entity: Entity, docs: Doc[], name: string) {
    const field = entity.fields[name];
    const itemLink =
      field?.type === 'list' ? Object.entries(field.fields ?? {}).find(([, f]) => f.type === 'link') : undefined;
    const topLink =
      entity.fields[`${name}Registration`]?.type === 'link' ? entity.fields[`${name}Registration`] : undefined;
    const target = entityByName((itemLink?.[1] ?? topLink)?.entity ?? '');
    if (!target && !field) return includeReferring(tx, caller, entity, docs, name);
    if (!target) throw new ApiError('INVALID_FIELD_IN_QUERY', ['include', `${name} is not a linked field`]);
    const key = target.name[0].toLowerCase() + target.name.slice(1);
    const wanted = new Set<string>();
    for (const doc of docs) {
      if (itemLink)
        for (const item of (doc[name] as Doc[] | undefined) ?? []) wanted.add(String(item?.[itemLink[0]] ?? ''));
      else wanted.add(String(doc[`${name}Registration`] ?? ''));
    }
    wanted.delete('');
    const found = new Map(
      (await storage.findMany(tx, target, caller.tenant, [...wanted])).map((r) => [
        r.registration,
        storage.toDocument(r),
      ]),
    );
    for (const doc of docs) {
      if (itemLink)
        doc[name] = ((doc[name] as Doc[] | undefined) ?? []).map((item) => ({
          ...item,
          [key]: found.get(String(item?.[itemLink[0]])) ?? null,
        }));
      else doc[name] = found.get(String(doc[`${name}Registration`])) ?? null;
    }
  }

  /**
   * Records of another kind that point at these documents, by the kind's list name (`fundings`,
   * `financingServices`): through a `{kind}Registration` link to this kind, or, for documents,
   * through `entityName` and `entityRegistration`.
   */
  async function includeReferring(tx: Tx, caller: Caller, entity: Entity, docs: Doc[], name: string) {
    const source = entities.find((e) => camel(e.listRoute) === name);
    const linkField = `${entity.name[0].toLowerCase()}${entity.name.slice(1)}Registration`;
    const byDocument = source?.fields.entityRegistration !== undefined && source.fields.entityName !== undefined;
    if (
      !source ||
      (!byDocument && !(source.fields[linkField]?.type === 'link' && source.fields[linkField].entity === entity.name))
    ) {
      throw new ApiError('INVALID_FIELD_IN_QUERY', ['include', `${name} is not a linked field`]);
    }
    const registrations = docs.map((d) => String(d.registration));
    const condition = byDocument
      ? sql<boolean>`data->>'entityName' = ${entity.name} AND data->>'entityRegistration' = ANY(${registrations}::text[])`
      : sql<boolean>`data->>${linkField} = ANY(${registrations}::text[])`;
    const rows = await storage.findWhere(tx, source, caller.tenant, condition, 10_000);
    const key = byDocument ? 'entityRegistration' : linkField;
    for (const doc of docs) doc[name] = rows.filter((r) => r.data[key] === doc.registration).map(storage.toDocument);
  }

  return {
    async list(caller: Caller, entity: Entity, query: Query): Promise<ListResult> {
      const q = compileListQuery(entity, query, caller.timeZone);
      // A list may be read from the replica, which has every commit made before it began.
      return readFromReplica(db, scopeOf(caller), async (tx) => {
        const rows = await storage.listDocuments(tx, entity, caller.tenant, q);
        const continues = rows.length > q.limit;
        const page = rows.slice(0, q.limit);
        // A page that is not followed by another ends the matches: the page statement skipped
        // `offset` of them, so there are exactly offset + page.length and nothing is counted.
        const size =
          continues || (q.offset > 0 && !page.length)
            ? await storage.countRows(tx, entity, caller.tenant, q, countCap(q))
            : q.offset + page.length;
        let breakdown: ListResult['breakdown'];
        if (q.breakdown.length) {
          breakdown = {};
          for (const name of q.breakdown) {
            const path = resolvePath(entity, name);
            if (path?.kind === 'value')
              breakdown[name] = await storage.breakdownCounts(tx, entity, caller.tenant, q, path.text);
          }
        }
        const documents =
          q.include.length || q.projection
            ? (
                await shape(
                  tx,
                  caller,
                  entity,
                  page.map((d) => JSON.parse(d) as Doc),
                  q.include,
                  q.projection,
                )
              ).map((d) => JSON.stringify(d))
            : page;
        return {
          documents,
          breakdown,
          offset: q.offset,
          limit: q.limit,
          size: Math.max(size, q.offset + page.length),
          continues,
        };
      }).catch((e) => databaseError(e, entity));
    },

    async get(caller: Caller, entity: Entity, id: string, query: Query = {}): Promise<Doc> {
      const include = typeof query.include === 'string' ? query.include.split(',').filter(Boolean) : [];
      const projection = typeof query.projection === 'string' ? query.projection.split(',').filter(Boolean) : undefined;
      return reading(caller, async (tx) => {
        const row = await mustFind(tx, caller, entity, id);
        return (await shape(tx, caller, entity, [storage.toDocument(row)], include, projection))[0];
      });
    },

    async create(caller: Caller, entity: Entity, body: unknown, options: WriteOptions = {}): Promise<Doc> {
      const input = bodyOf(body);
      return scoped(caller, (tx) =>
        createIn(tx, caller, entity, input, { ...options, as: 'caller', hooks: hooksOf(entity) }),
      ).catch((e) => databaseError(e, entity, input.registration as string));
    },

    /**
     * PUT replaces the document, PATCH merges the given fields; both refuse a status change, a
     * stale `_version` in the body (409) and a version the `If-Match` header does not name (412).
     */
    async update(
      caller: Caller,
      entity: Entity,
      id: string,
      body: unknown,
      mode: 'replace' | 'merge',
      options: WriteOptions = {},
    ): Promise<Doc> {
      const raw = bodyOf(body);
      if (raw._version !== undefined && !Number.isInteger(raw._version))
        throw new ApiError('INVALID_INTEGER_FIELD', ['_version']);
      return scoped(caller, async (tx) =>
        updateIn(tx, caller, entity, await mustFind(tx, caller, entity, id, true), raw, {
          ...options,
          as: 'caller',
          hooks: hooksOf(entity),
          mode,
          id,
        }),
      ).catch((e) => databaseError(e, entity));
    },

    async remove(caller: Caller, entity: Entity, id: string, options: WriteOptions = {}): Promise<Doc> {
      return scoped(caller, async (tx) => {
        const row = await mustFind(tx, caller, entity, id, true);
        checkIfMatch(entity, id, row, options);
        refuseFrozen(entity, row);
        const before = storage.toDocument(row);
        await hooksOf(entity).beforeDelete?.(tx, caller, entity, before);
        await storage.deleteRow(tx, entity, caller.tenant, row._id);
        await writeHistory(tx, caller, entity, 'DELETE', before, undefined);
        await options.withAnswer?.(tx, 200, before);
        return before;
      });
    },
  };
}

export type Operations = ReturnType<typeof createOperations>;
