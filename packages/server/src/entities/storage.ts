import { sql, type RawBuilder } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import type { AuditFields, DataOf } from '@lbo/model/record-types';
import { PREPARED, type Tx } from '../db/database.ts';
import type { EntityRow } from '../db/tables.ts';
import type { ListQuery } from './list-query.ts';

/**
 * SQL for one entity table. Every statement also filters by tenant (the second wall
 * behind row-level security). No permission or validation logic lives here.
 */
export type Doc = Record<string, unknown>;

/** A record as read from its kind's table (db/tables.ts). */
export type Row = EntityRow;

/**
 * A record of the kind `E` as read from its table, its document typed by the kind's declaration
 * (`RowOf<typeof invoice>`: `row.data.dueDate` is a `YYYY-MM-DD` string). The reads below answer it for
 * the declaration they are given; given a kind not known at compile time (`Entity`), a `Row`.
 */
export type RowOf<E extends Entity> = Omit<Row, 'data'> & { data: DataOf<E> };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const table = (entity: Entity) => sql.table(entity.table);
const columnList =
  '_id, registration, status, name, type, data, _insert_date, _insert_user, _update_date, _update_user, _version';
const columns = sql.raw(columnList);

/** A typed row's document with its audit fields (`RecordOf` its kind); a generic row's, a generic document. */
export type DocumentOf<D extends Doc> = Doc extends D ? Doc : D & AuditFields;

/** The document an API answers: `data` with the columns and audit fields on top. */
export function toDocument<D extends Doc = Doc>(row: Omit<Row, 'data'> & { data: D }): DocumentOf<D> {
  // Keep in step with documentText, which builds the same document in SQL.
  return {
    ...row.data,
    _id: row._id,
    registration: row.registration,
    ...(row.status !== null ? { status: row.status } : {}),
    _insertDate: row._insert_date.toISOString(),
    _insertUser: row._insert_user,
    _updateDate: row._update_date?.toISOString() ?? null,
    _updateUser: row._update_user,
    _version: row._version,
  } as DocumentOf<D>;
}

/** A timestamp as JavaScript's toISOString writes it (milliseconds, UTC, Z), both truncating microseconds. */
const isoText = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * toDocument's document as JSON text, built by PostgreSQL: a page of documents then goes to the
 * client without being parsed, copied and serialised again in the API (on a page of 20
 * contracts that was 0.8 ms of the API's CPU).
 *
 * The audit fields are spliced into `data`'s text rather than merged as jsonb (`data || …`),
 * which would decode and re-encode the whole document: on 200 contracts of about 1 KB that
 * took 13.6 ms against 6.1 ms. `registration` and `status` are added only when `data` lacks them:
 * every write sets those columns from `data` (insertRow, updateRow, updateMany), so where `data`
 * has them they are the columns' values.
 */
const documentText = sql`CASE WHEN data = '{}'::jsonb THEN meta ELSE left(data::text, -1) || ', ' || substr(meta, 2) END AS document`;
const documentMeta = sql`(jsonb_build_object('_id', _id, '_insertDate', ${isoText('_insert_date')}, '_insertUser', _insert_user,
  '_updateDate', ${isoText('_update_date')}, '_updateUser', _update_user, '_version', _version)
  || CASE WHEN data ? 'registration' THEN '{}'::jsonb ELSE jsonb_build_object('registration', registration) END
  || CASE WHEN status IS NULL OR data ? 'status' THEN '{}'::jsonb ELSE jsonb_build_object('status', status) END)::text AS meta`;

const scalar = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? null : String(v));

/** Finds a record by registration, or by `_id` when the identifier is a uuid. */
export async function findOne<E extends Entity>(
  tx: Tx,
  entity: E,
  tenant: string,
  id: string,
  forUpdate = false,
): Promise<RowOf<E> | undefined> {
  return (await findStatement(entity, tenant, id, forUpdate).execute(tx)).rows[0] as RowOf<E> | undefined;
}

/**
 * A refused write's error, holding the document when it repeats a value another record holds
 * (a unique violation): PostgreSQL withholds the repeated key's value from its message under
 * row-level security, and `databaseError` names it from the document.
 */
export interface DuplicateError {
  code: '23505';
  duplicate: Doc;
}

const noting =
  (data: Doc) =>
  (error: unknown): never => {
    if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505')
      (error as DuplicateError).duplicate = data;
    throw error;
  };

export async function insertRow<E extends Entity>(
  tx: Tx,
  entity: E,
  tenant: string,
  user: string,
  data: Doc,
): Promise<RowOf<E>> {
  const { rows } =
    await sql<Row>`INSERT INTO ${table(entity)} (tenant, registration, status, name, type, data, _insert_user)
    VALUES (${tenant}, ${data.registration as string}, ${scalar(data.status)}, ${scalar(data.name)}, ${scalar(data.type)}, ${JSON.stringify(data)}::jsonb, ${user})
    RETURNING ${columns}`
      .execute(tx)
      .catch(noting(data));
  return rows[0] as RowOf<E>;
}

/** Inserts several records of one kind in one statement, answering nothing (a contract's elements, their History rows). */
export async function insertMany(tx: Tx, entity: Entity, tenant: string, user: string, docs: Doc[]): Promise<void> {
  if (!docs.length) return;
  await sql`INSERT INTO ${table(entity)} (tenant, registration, status, name, type, data, _insert_user)
    SELECT ${tenant}, d ->> 'registration', d ->> 'status', d ->> 'name', d ->> 'type', d, ${user}
    FROM jsonb_array_elements(${JSON.stringify(docs)}::jsonb) AS d`.execute(tx);
}

export async function updateRow<E extends Entity>(
  tx: Tx,
  entity: E,
  tenant: string,
  user: string,
  id: string,
  data: Doc,
): Promise<RowOf<E>> {
  const { rows } =
    await sql<Row>`UPDATE ${table(entity)} SET status = ${scalar(data.status)}, name = ${scalar(data.name)}, type = ${scalar(data.type)},
      data = ${JSON.stringify(data)}::jsonb, _update_date = now(), _update_user = ${user}, _version = _version + 1
    WHERE tenant = ${tenant} AND _id = ${id}::uuid RETURNING ${columns}`
      .execute(tx)
      .catch(noting(data));
  return rows[0] as RowOf<E>;
}

/**
 * Updates several records of one kind in one statement (a billing chunk's elements), answering the
 * rows written. Their `data` is the caller's own document, not read back: a billing chunk's
 * elements carry their whole schedules.
 */
export async function updateMany<E extends Entity>(
  tx: Tx,
  entity: E,
  tenant: string,
  user: string,
  changes: { id: string; data: Doc }[],
): Promise<RowOf<E>[]> {
  if (!changes.length) return [];
  // The ids are named to the table as well as joined: a table just written (a statement's 100,000
  // entries, before autovacuum has analysed them) was otherwise scanned whole and joined in a
  // nested loop, 6 s for 500 rows; by its primary key, 0.4 s.
  const { rows } = await sql<
    Omit<Row, 'data'>
  >`UPDATE ${table(entity)} AS t SET status = c.d ->> 'status', name = c.d ->> 'name', type = c.d ->> 'type',
      data = c.d, _update_date = now(), _update_user = ${user}, _version = t._version + 1
    FROM (SELECT (e ->> 'id')::uuid AS id, e -> 'data' AS d FROM jsonb_array_elements(${JSON.stringify(changes)}::jsonb) AS e) AS c
    WHERE t.tenant = ${tenant} AND t._id = ANY(${changes.map((c) => c.id)}::uuid[]) AND t._id = c.id RETURNING ${sql.raw(
      columnList
        .split(', ')
        .filter((c) => c !== 'data')
        .map((c) => `t.${c}`)
        .join(', '),
    )}`.execute(tx);
  const data = new Map(changes.map((c) => [c.id, c.data]));
  return rows.map((row) => ({ ...row, data: data.get(row._id)! }) as RowOf<E>);
}

export async function deleteRow(tx: Tx, entity: Entity, tenant: string, id: string): Promise<void> {
  await sql`DELETE FROM ${table(entity)} WHERE tenant = ${tenant} AND _id = ${id}::uuid`.execute(tx);
}

/**
 * The statement of one page of documents (as JSON text), one more than asked so that the caller
 * knows whether more exist.
 */
export function listStatement(entity: Entity, tenant: string, q: ListQuery) {
  // OFFSET 0 keeps a selective filter's subquery apart, so that it is planned on its own (see ListQuery.selective).
  const source = q.selective
    ? sql`(SELECT ${columns} FROM ${table(entity)} WHERE tenant = ${tenant} AND ${q.where} OFFSET 0) AS matched`
    : sql`${table(entity)} WHERE tenant = ${tenant} AND ${q.where}`;
  // The documents are built for the page only: built in the same SELECT, they could be built for
  // every row that reaches the sort.
  return sql<{ document: string }>`SELECT ${documentText}
    FROM (SELECT *, ${documentMeta} FROM (SELECT ${columns} FROM ${source} ORDER BY ${q.orderBy} LIMIT ${q.limit + 1} OFFSET ${q.offset}) AS page) AS page ORDER BY ${q.orderBy}`;
}

export async function listDocuments(tx: Tx, entity: Entity, tenant: string, q: ListQuery): Promise<string[]> {
  return (await listStatement(entity, tenant, q).execute(tx)).rows.map((r) => r.document);
}

/** The statement counting matching rows, up to `cap` unless exact (an unbounded count of a large table is slow). */
export function countStatement(entity: Entity, tenant: string, q: ListQuery, cap?: number) {
  const limit = cap === undefined ? sql`` : sql`LIMIT ${cap}`;
  return sql<{
    n: string;
  }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${table(entity)} WHERE tenant = ${tenant} AND ${q.where} ${limit}) AS matched`;
}

export async function countRows(tx: Tx, entity: Entity, tenant: string, q: ListQuery, cap?: number): Promise<number> {
  return Number((await countStatement(entity, tenant, q, cap).execute(tx)).rows[0].n);
}

/** The statement reading one record by registration, or by `_id` when the identifier is a uuid. */
export function findStatement(entity: Entity, tenant: string, id: string, forUpdate = false) {
  const byId = uuidPattern.test(id) ? sql`OR _id = ${id}::uuid` : sql``;
  const lock = forUpdate ? sql`FOR UPDATE` : sql``;
  return sql<Row>`${sql.raw(PREPARED)} SELECT ${columns} FROM ${table(entity)} WHERE tenant = ${tenant} AND (registration = ${id} ${byId}) LIMIT 1 ${lock}`;
}

/** Counts per value of each breakdown field, for KPI strips. */
export async function breakdownCounts(
  tx: Tx,
  entity: Entity,
  tenant: string,
  q: ListQuery,
  field: ReturnType<typeof sql>,
): Promise<Record<string, number>> {
  const { rows } = await sql<{
    value: string | null;
    n: string;
  }>`SELECT ${field}::text AS value, count(*) AS n FROM ${table(entity)}
    WHERE tenant = ${tenant} AND ${q.where} GROUP BY 1 ORDER BY 2 DESC LIMIT 100`.execute(tx);
  return Object.fromEntries(rows.map((r) => [r.value ?? '', Number(r.n)]));
}

/** Rows whose registration is one of `registrations` (for `include`). */
export async function findMany<E extends Entity>(
  tx: Tx,
  entity: E,
  tenant: string,
  registrations: string[],
  forUpdate = false,
): Promise<RowOf<E>[]> {
  if (!registrations.length) return [];
  // Locked in one order, so that two writers locking overlapping sets wait rather than deadlock.
  const lock = forUpdate ? sql`ORDER BY registration FOR UPDATE` : sql``;
  const { rows } =
    await sql<Row>`SELECT ${columns} FROM ${table(entity)} WHERE tenant = ${tenant} AND registration = ANY(${registrations}::text[]) ${lock}`.execute(
      tx,
    );
  return rows as RowOf<E>[];
}

/** Rows of the tenant meeting `condition`, oldest first (a record's documents, records still to complete). */
export async function findWhere<E extends Entity>(
  tx: Tx,
  entity: E,
  tenant: string,
  condition: RawBuilder<boolean>,
  limit = 1000,
): Promise<RowOf<E>[]> {
  const { rows } = await sql<Row>`SELECT ${columns} FROM ${table(entity)} WHERE tenant = ${tenant} AND ${condition}
    ORDER BY _insert_date, registration LIMIT ${limit}`.execute(tx);
  return rows as RowOf<E>[];
}

/** A field of the kind `E`'s document, by name (any name for a kind not known at compile time). */
export type FieldName<E extends Entity> = Extract<keyof DataOf<E>, string>;

/**
 * Rows of the tenant whose document's `field` holds the text `value`, oldest first (an invoice's
 * lines: `findByField(tx, invoiceLine, tenant, 'invoiceRegistration', registration)`), the field
 * named as the kind declares it.
 */
export async function findByField<E extends Entity>(
  tx: Tx,
  entity: E,
  tenant: string,
  field: FieldName<E>,
  value: string,
  limit = 1000,
): Promise<RowOf<E>[]> {
  return findWhere(tx, entity, tenant, sql<boolean>`data->>${field} = ${value}`, limit);
}

/** The first of `n` consecutive values of a per-tenant counter, taken atomically in the caller's transaction. */
export async function nextCounters(tx: Tx, tenant: string, name: string, n: number): Promise<number> {
  const { rows } = await sql<{
    value: string;
  }>`INSERT INTO sequence_counter (tenant, entity, value) VALUES (${tenant}, ${name}, ${n})
    ON CONFLICT (tenant, entity) DO UPDATE SET value = sequence_counter.value + ${n} RETURNING value`.execute(tx);
  return Number(rows[0].value) - n + 1;
}

/** Next value of a per-tenant counter, taken atomically in the caller's transaction. */
export async function nextCounter(tx: Tx, tenant: string, name: string): Promise<number> {
  const { rows } = await sql<{
    value: string;
  }>`INSERT INTO sequence_counter (tenant, entity, value) VALUES (${tenant}, ${name}, 1)
    ON CONFLICT (tenant, entity) DO UPDATE SET value = sequence_counter.value + 1 RETURNING value`.execute(tx);
  return Number(rows[0].value);
}
