import { sql, type RawBuilder } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import type { FilterDef } from '@lbo/model/search';
import { ApiError } from '@lbo/model/errors';
import { addDays, parseDateValue, zonedMidnight } from '@lbo/model/values/dates';
import { resolvePath, type ResolvedPath } from '../db/field-paths.ts';
import { INDEXED_TEXT, isLongText, storedValuesColumn, textSearchSql, textWordsSql } from '../db/schema.ts';

/**
 * Compiles the list query grammar of docs/api.md into parameterised SQL parts.
 * Every value travels as a parameter; identifiers come from the declaration only.
 */
export interface ListQuery {
  where: RawBuilder<boolean>;
  orderBy: RawBuilder<unknown>;
  offset: number;
  limit: number;
  projection?: string[];
  include: string[];
  breakdown: string[];
  exactCount: boolean;
  /**
   * A registration looked up inside a list (`client=…`, `assetRegistration=…`) matches few rows,
   * but the planner cannot estimate jsonb containment and would rather walk the sort index:
   * such queries filter first, then sort.
   */
  selective: boolean;
}

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 250;
const MAX_PATTERN = 200;

/** Query keys that are not filters: paging, shaping, and client-side keys the spec's client may send. */
const controlKeys = new Set([
  'range',
  'page',
  'limit',
  'sort',
  'projection',
  'include',
  'breakdown',
  'search',
  'count',
  'filter',
  'jwt',
  'token',
  'editMode',
  'next',
  'timeZone',
  'personsNames',
  'fetchPersonsName',
  'exclude',
  'no404',
]);

type Query = Record<string, string | string[] | undefined>;
const bad = (key: string, why: string) => new ApiError('INVALID_FIELD_IN_QUERY', [key, why]);
const capital = (s: string) => s[0].toUpperCase() + s.slice(1);

function single(query: Query, key: string): string | undefined {
  const value = query[key];
  if (Array.isArray(value)) return value.join(',');
  return value;
}

/** Splits `a,b,-c` into included and excluded values; empty items are dropped. */
function values(raw: string): { include: string[]; exclude: string[] } {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const item of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (item.startsWith('-') && item.length > 1) exclude.push(item.slice(1));
    else include.push(item);
  }
  return { include, exclude };
}

/** Range filters answer to `fromX`/`toX` (dates) or `minX`/`maxX` (numbers). */
function rangeKeys(entity: Entity, filter: FilterDef): [string, string] {
  const path = resolvePath(entity, filter.field ?? filter.name);
  const dated = path?.kind === 'value' && (path.sqlKind === 'date' || path.sqlKind === 'timestamp');
  return dated
    ? [`from${capital(filter.name)}`, `to${capital(filter.name)}`]
    : [`min${capital(filter.name)}`, `max${capital(filter.name)}`];
}

export function compileListQuery(entity: Entity, query: Query, timeZone = 'UTC'): ListQuery {
  const conditions: RawBuilder<boolean>[] = [];
  let selective = false;
  const byKey = new Map<string, { filter: FilterDef; bound?: 'low' | 'high' }>();
  for (const filter of entity.filters) {
    if (filter.kind === 'range') {
      const [low, high] = rangeKeys(entity, filter);
      byKey.set(low, { filter, bound: 'low' });
      byKey.set(high, { filter, bound: 'high' });
    } else byKey.set(filter.name, { filter });
  }
  for (const key of Object.keys(query)) {
    const raw = single(query, key);
    if (raw?.includes('\u0000')) throw bad(key, 'contains a NUL character');
    if (controlKeys.has(key) || raw === undefined || raw === '') continue;
    const known = byKey.get(key) ?? implicitFilter(entity, key);
    if (!known) throw bad(key, 'unknown filter');
    const { filter, bound } = known;
    const path = resolvePath(entity, filter.field ?? filter.name);
    if (!path) throw bad(key, 'unknown field');
    conditions.push(filterCondition(key, filter, path, raw, bound, timeZone));
    // A reference-list value (a financial product) is common: walking the sort index finds a page sooner.
    if (
      filter.kind === 'person' ||
      (filter.kind === 'equal' && path.kind === 'item' && path.field.type !== 'select' && !raw.startsWith('-'))
    )
      selective = true;
  }
  const search = single(query, 'search')?.trim();
  if (search) {
    if (search.length > MAX_PATTERN) throw bad('search', 'too long');
    const text = search.toLowerCase();
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const words = wordsQuery(text);
    // Without text-search indexes (a kind declared textSearchIndexed: false) the LIKE alone decides.
    if (words && entity.textSearchIndexed) {
      // The word index finds the few candidates; the LIKE decides, kept off the trigram index,
      // whose posting lists for common words would cost more than the whole search.
      conditions.push(sql<boolean>`${sql.raw(textWordsSql(entity))} @@ ${words}::tsquery`);
      conditions.push(sql<boolean>`(${sql.raw(textSearchSql(entity))} || '') LIKE ${like}`);
    } else {
      conditions.push(sql<boolean>`${sql.raw(textSearchSql(entity))} LIKE ${like}`);
    }
  }
  const { offset, limit } = paging(query);
  return {
    where: conditions.length ? sql<boolean>`(${sql.join(conditions, sql` AND `)})` : sql<boolean>`TRUE`,
    orderBy: ordering(entity, single(query, 'sort')),
    offset,
    limit,
    projection: fieldList(entity, query, 'projection'),
    include:
      single(query, 'include')
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean) ?? [],
    breakdown: fieldList(entity, query, 'breakdown') ?? [],
    exactCount: exactCount(single(query, 'count')),
    selective,
  };
}

/**
 * What a text found by `LIKE '%text%'` must hold in its space-separated words, as a tsquery:
 * each word between two spaces of `text` as a whole word, the last one as the start of a word
 * (the first may be the end of a longer one, so it says nothing). Undefined for one word, and
 * when the last word is shorter than 3 characters: the start of a word that short matches too
 * many words for the index to help, and the trigram index is used instead.
 */
export function wordsQuery(text: string): string | undefined {
  const parts = text.split(' ');
  if (parts.length < 2 || [...parts[parts.length - 1]].length < 3) return undefined;
  const lexeme = (word: string) => `'${[...word].slice(0, 200).join('').replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  const terms = parts.slice(1, -1).filter(Boolean).map(lexeme);
  terms.push(`${lexeme(parts[parts.length - 1])}:*`);
  return [...new Set(terms)].join(' & ');
}

/** Any declared scalar field can be filtered by equality even when no filter names it. */
function implicitFilter(entity: Entity, key: string): { filter: FilterDef; bound?: 'low' | 'high' } | undefined {
  const path = resolvePath(entity, key);
  return path?.kind === 'value' && path.sqlKind !== 'json' ? { filter: { name: key, kind: 'equal' } } : undefined;
}

function filterCondition(
  key: string,
  filter: FilterDef,
  path: ResolvedPath,
  raw: string,
  bound: 'low' | 'high' | undefined,
  timeZone: string,
): RawBuilder<boolean> {
  if (filter.kind === 'person') return personCondition(key, filter, raw);
  if (filter.kind === 'regex') return regexCondition(key, filter, path, raw);
  if (filter.kind === 'range') {
    if (path.kind !== 'value') throw bad(key, 'not a value field');
    return rangeCondition(key, path, raw, bound!, timeZone);
  }
  if (path.kind === 'value' && path.sqlKind === 'timestamp') return instantCondition(key, path, raw, timeZone);
  if (path.kind === 'item' && filter.storage === 'column')
    return storedValuesCondition(key, path, filter.field ?? filter.name, raw);
  return equalCondition(key, path, raw);
}

/** `count=exact` is the one value `count` takes. */
function exactCount(raw: string | undefined): boolean {
  if (raw === undefined || raw === '') return false;
  if (raw !== 'exact') throw bad('count', 'only exact is known');
  return true;
}

/** Equality on an instant field: an instant matches itself, a day the whole day in the client's time zone. */
function instantCondition(
  key: string,
  path: Extract<ResolvedPath, { kind: 'value' }>,
  raw: string,
  timeZone: string,
): RawBuilder<boolean> {
  const { include, exclude } = values(raw);
  const at = (v: string) =>
    sql<boolean>`(${rangeCondition(key, path, v, 'low', timeZone)} AND ${rangeCondition(key, path, v, 'high', timeZone)})`;
  const parts: RawBuilder<boolean>[] = [];
  if (include.length) parts.push(anyOf(include.map(at)));
  if (exclude.length) parts.push(sql<boolean>`NOT coalesce(${anyOf(exclude.map(at))}, false)`);
  if (!parts.length) throw bad(key, 'no value');
  return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}

function normalise(key: string, path: ResolvedPath, value: string): string {
  const kind = path.kind === 'value' ? path.sqlKind : 'text';
  if (kind === 'numeric' && !/^-?\d+(\.\d+)?$/.test(value)) throw bad(key, `${value} is not a number`);
  if (kind === 'boolean' && value !== 'true' && value !== 'false') throw bad(key, `${value} is not a boolean`);
  if (kind === 'date') {
    const parsed = parseDateValue(value);
    if (!parsed || !('day' in parsed)) throw bad(key, `${value} is not a date`);
    return parsed.day;
  }
  if (value.length > MAX_PATTERN) throw bad(key, 'value too long');
  return value;
}

/**
 * Equality inside a list, a multi-select or a boolean is a containment match on the value that
 * holds it (`(data #> '{quotations}') @> '[{"financialProduct":"X"}]'`), the form its GIN index
 * serves (db/schema.ts `entityIndexes`); ANALYZE keeps statistics on that expression, so the
 * planner knows whether the value is common or rare.
 */
function containment(holder: string[], value: unknown): RawBuilder<boolean> {
  return sql<boolean>`(data #> ${sql.lit(`{${holder.join(',')}}`)}) @> ${JSON.stringify(value)}::jsonb`;
}

/** An item holding `value` at `path` (`a.b` → `{"a":{"b":value}}`). */
const itemAt = (path: string[], value: unknown) =>
  path.reduceRight<unknown>((inner, part) => ({ [part]: inner }), value);

/** A filter value as the JSON value stored for its field (numbers without leading zeros, as JSON writes them). */
function jsonValue(key: string, path: ResolvedPath, v: string): unknown {
  const value = normalise(key, path, v);
  const kind = path.kind === 'value' ? path.sqlKind : 'text';
  if (kind === 'numeric') return JSON.parse(value.replace(/^(-?)0+(?=\d)/, '$1'));
  if (kind === 'boolean') return value === 'true';
  return value;
}

function anyOf(conditions: RawBuilder<boolean>[]): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(conditions, sql` OR `)})`;
}

function equalCondition(key: string, path: ResolvedPath, raw: string): RawBuilder<boolean> {
  const { include, exclude } = values(raw);
  const parts: RawBuilder<boolean>[] = [];
  // Scalars compare in SQL (their B-tree indexes carry statistics, so a rare value is planned as
  // rare); lists, multi-selects and booleans (whose cast is not leak-proof) match by containment.
  if (path.kind === 'value' && !(path.field.type === 'select' && path.field.multiple) && path.sqlKind !== 'boolean') {
    // A long text is indexed by its prefix, longer than any value compared (MAX_PATTERN): equal
    // prefixes are equal values.
    const expr = path.sqlKind === 'numeric' ? path.typed : isLongText(path.field) ? prefixOf(path) : path.text;
    const cast = path.sqlKind === 'numeric' ? sql`::numeric` : sql``;
    const list = (vs: string[]) => sql.join(vs.map((v) => sql`${normalise(key, path, v)}${cast}`));
    if (include.length) parts.push(sql<boolean>`${expr} IN (${list(include)})`);
    if (exclude.length) parts.push(sql<boolean>`(${expr} IS NULL OR ${expr} NOT IN (${list(exclude)}))`);
  } else {
    const contains =
      path.kind === 'item'
        ? (v: string) => containment(path.list, [itemAt(path.item, jsonValue(key, path, v))])
        : path.field.type === 'select' && path.field.multiple
          ? (v: string) => containment(path.parts, [jsonValue(key, path, v)])
          : (v: string) => containment(path.parts, jsonValue(key, path, v));
    if (include.length) parts.push(anyOf(include.map(contains)));
    if (exclude.length) parts.push(sql<boolean>`NOT ${anyOf(exclude.map(contains))}`);
  }
  if (!parts.length) throw bad(key, 'no value');
  return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}

/**
 * Equality on the items of a list whose values the filter keeps in a column of their own
 * (`storage: 'column'`, db/schema.ts `item_texts`): the same rows as the containment match,
 * read from a short text array rather than from the document.
 */
function storedValuesCondition(key: string, path: ResolvedPath, field: string, raw: string): RawBuilder<boolean> {
  const { include, exclude } = values(raw);
  const column = sql.ref(storedValuesColumn(field));
  const list = (vs: string[]) => sql`${vs.map((v) => normalise(key, path, v))}::text[]`;
  const parts: RawBuilder<boolean>[] = [];
  if (include.length) parts.push(sql<boolean>`${column} && ${list(include)}`);
  if (exclude.length) parts.push(sql<boolean>`NOT (${column} && ${list(exclude)})`);
  if (!parts.length) throw bad(key, 'no value');
  return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}

function regexCondition(key: string, filter: FilterDef, path: ResolvedPath, raw: string): RawBuilder<boolean> {
  if (raw.length > MAX_PATTERN) throw bad(key, 'pattern too long');
  const pattern = filter.anchored && !raw.startsWith('^') ? `^${raw}` : raw;
  if (path.kind === 'item') {
    return sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(data #> ${sql.lit(`{${path.list.join(',')}}`)}, '[]'::jsonb)) AS item
      WHERE item #>> ${sql.lit(`{${path.item.join(',')}}`)} ~* ${pattern})`;
  }
  const like = literalPattern(pattern);
  if (like !== undefined) return sql<boolean>`${path.text} ILIKE ${like}`;
  return sql<boolean>`${path.text} ~* ${pattern}`;
}

/** Characters that make a regular expression more than a literal text (ARE syntax). */
const regexSyntax = /[.^$*+?()[\]{}|\\]/;

/**
 * A regular expression that is a literal text, optionally anchored at either end (`^martin`,
 * `martin`), as the `ILIKE` pattern matching the same values (`martin%`, `%martin%`); undefined
 * for any other. The trigram index serves both, but checking a row against `ILIKE` costs a
 * fraction of the regular expression engine's `~*`, which a common name checks on thousands.
 */
export function literalPattern(pattern: string): string | undefined {
  const start = pattern.startsWith('^');
  const end = pattern.endsWith('$') && pattern.length > (start ? 1 : 0);
  const text = pattern.slice(start ? 1 : 0, end ? -1 : undefined);
  if (text === '' || regexSyntax.test(text)) return undefined;
  const escaped = text.replace(/[%_]/g, (c) => `\\${c}`);
  return `${start ? '' : '%'}${escaped}${end ? '' : '%'}`;
}

function personCondition(key: string, filter: FilterDef, raw: string): RawBuilder<boolean> {
  const { include, exclude } = values(raw);
  const list = (filter.field ?? 'persons').split('.');
  const roles = filter.roles?.length ? filter.roles : [undefined];
  // One containment per role: the same item holds the registration and the role.
  const holds = (registration: string) => {
    if (registration.length > MAX_PATTERN) throw bad(key, 'value too long');
    return anyOf(
      roles.map((role) => containment(list, [{ personRegistration: registration, ...(role ? { role } : {}) }])),
    );
  };
  const parts: RawBuilder<boolean>[] = [];
  if (include.length) parts.push(anyOf(include.map(holds)));
  if (exclude.length) parts.push(sql<boolean>`NOT ${anyOf(exclude.map(holds))}`);
  if (!parts.length) throw bad(key, 'no value');
  return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}

function rangeCondition(
  key: string,
  path: Extract<ResolvedPath, { kind: 'value' }>,
  raw: string,
  bound: 'low' | 'high',
  timeZone: string,
): RawBuilder<boolean> {
  const op = bound === 'low' ? sql`>=` : sql`<`;
  if (path.sqlKind === 'numeric') {
    if (!/^-?\d+(\.\d+)?$/.test(raw)) throw bad(key, `${raw} is not a number`);
    return sql<boolean>`${path.typed} ${bound === 'low' ? sql`>=` : sql`<=`} ${raw}::numeric`;
  }
  const parsed = parseDateValue(raw);
  if (!parsed) throw bad(key, `${raw} is not a date`);
  if (path.sqlKind === 'date') {
    // Days compare as YYYY-MM-DD text; `to` includes its whole day.
    const day = 'day' in parsed ? parsed.day : parsed.instant.toISOString().slice(0, 10);
    return sql<boolean>`${path.text} ${op} ${bound === 'low' ? day : addDays(day, 1)}`;
  }
  if (path.sqlKind !== 'timestamp') throw bad(key, 'not a date or number field');
  // A day given for an instant field means that day in the client's time zone.
  const instant =
    'day' in parsed ? zonedMidnight(bound === 'low' ? parsed.day : addDays(parsed.day, 1), timeZone) : parsed.instant;
  const highOp = 'day' in parsed ? sql`<` : sql`<=`;
  if (path.column)
    return sql<boolean>`${path.typed} ${bound === 'low' ? sql`>=` : highOp} ${instant.toISOString()}::timestamptz`;
  return sql<boolean>`${path.text} ${bound === 'low' ? sql`>=` : highOp} ${instant.toISOString()}`;
}

function paging(query: Query): { offset: number; limit: number } {
  const range = single(query, 'range');
  if (range) {
    const m = /^\[?(\d+)-(\d+)\]?$/.exec(range);
    if (!m || +m[2] < +m[1]) throw bad('range', 'expected [start-end]');
    const limit = +m[2] - +m[1] + 1;
    if (limit > MAX_LIMIT) throw bad('range', `at most ${MAX_LIMIT} rows`);
    return { offset: +m[1], limit };
  }
  const limitRaw = single(query, 'limit');
  const limit = limitRaw === undefined ? DEFAULT_LIMIT : Number(limitRaw);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw bad('limit', `between 1 and ${MAX_LIMIT}`);
  const pageRaw = single(query, 'page');
  const page = pageRaw === undefined ? 1 : Number(pageRaw);
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000) throw bad('page', 'a positive integer');
  return { offset: (page - 1) * limit, limit };
}

/** One key of a list's order; `notNull` keys are columns that never hold NULL. */
export interface SortKey {
  expr: RawBuilder<unknown>;
  desc: boolean;
  notNull: boolean;
}

/**
 * The keys a list is ordered by: the `sort` fields, then the registration (unique in a tenant),
 * or newest first by default. The last key is unique, so that an order is total and a list can
 * be read in chunks after its last row (report/export-rows.ts).
 */
export function sortKeys(entity: Entity, sort: string | undefined): SortKey[] {
  if (!sort)
    return [
      { expr: sql.ref('_insert_date'), desc: true, notNull: true },
      { expr: sql.ref('_id'), desc: true, notNull: true },
    ];
  const items = sort
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((item): SortKey[] => {
      const desc = item.startsWith('-');
      const name = item.replace(/^[-+]/, '');
      const path = resolvePath(entity, name);
      if (!path || path.kind !== 'value' || path.sqlKind === 'json') throw bad('sort', `${name} is not sortable`);
      const key = {
        expr: path.typed,
        desc,
        notNull: name === 'registration' || name === '_insertDate' || name === '_id' || name === '_version',
      };
      // A long text is indexed by its prefix (db/schema.ts): the index gives that order, values
      // alike in their prefix are then ordered whole.
      return isLongText(path.field) ? [{ ...key, expr: prefixOf(path) }, key] : [key];
    });
  return [...items, { expr: sql.ref('registration'), desc: false, notNull: true }];
}

/** The indexed prefix of a long text value, as db/schema.ts indexes it. */
const prefixOf = (path: Extract<ResolvedPath, { kind: 'value' }>) => sql`left(${path.typed}, ${sql.lit(INDEXED_TEXT)})`;

function ordering(entity: Entity, sort: string | undefined): RawBuilder<unknown> {
  // Default null placement, so that a backward scan of an ascending index serves DESC.
  return sql.join(sortKeys(entity, sort).map((key) => sql`${key.expr} ${key.desc ? sql`DESC` : sql`ASC`}`));
}

function fieldList(entity: Entity, query: Query, key: string): string[] | undefined {
  const raw = single(query, key);
  if (!raw) return undefined;
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names) {
    const path = resolvePath(entity, name);
    if (!path || (key === 'breakdown' && (path.kind !== 'value' || path.sqlKind === 'json')))
      throw bad(key, `${name} is not a field`);
  }
  return names;
}
