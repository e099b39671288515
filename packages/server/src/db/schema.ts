import crypto from 'node:crypto';
import type { Entity } from '@lbo/model/entity';
import type { FieldDef } from '@lbo/model/fields';
import { textLength } from '@lbo/model/values/limits';
import { resolvePath, sqlKindOf, type ResolvedPath } from './field-paths.ts';

/**
 * The DDL derived from the entity declarations: one table per kind, keyed by tenant first,
 * with row-level security and the indexes its filters need. Statements are idempotent.
 * Identifiers come from declarations only, never from requests.
 * GIN indexes keep a small pending list (`ginOptions`).
 */
export const APP_ROLE = 'lbo_app';

/**
 * GIN indexes keep a pending list of 128 kB: an insert or update appends its keys there, and the
 * list is merged into the index some hundred rows at a time, each key's new entries together,
 * rather than each key of each row descending the index on its own (without it, the trigram
 * index alone was half the cost of writing an invoice). A lookup also reads the pending list,
 * which the limit keeps to 16 pages.
 */
const ginOptions = 'fastupdate = on, gin_pending_list_limit = 128';

const quoteLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** SQL text of a value path inside `data`, written exactly as `field-paths.ts` queries it. */
export function dataPathSql(parts: string[]): string {
  return parts.length === 1
    ? `(data ->> ${quoteLiteral(parts[0])})`
    : `(data #>> ${quoteLiteral(`{${parts.join(',')}}`)})`;
}

/**
 * The expression `search=` matches, indexed with trigrams. Empty values are written with CASE,
 * not COALESCE: row-level security lets the planner use an index only for expressions it can
 * prove leak-proof, and it does not look inside COALESCE.
 */
export function textSearchSql(entity: Entity): string {
  const parts = entity.textSearch.map((path) => {
    const value = path === 'registration' || path === 'name' ? path : dataPathSql(path.split('.'));
    return `(CASE WHEN ${value} IS NULL THEN '' ELSE ${value} END)`;
  });
  return `lower(${parts.join(` || ' ' || `)})`;
}

/**
 * The space-separated words of the text-search expression, as a tsvector indexed with GIN
 * (`search_words`, db/migrations/0001_core.ts). A search of several words needs its middle words as whole
 * words and its last word as the start of one, which this index finds fast even when the
 * words are common everywhere; the trigram LIKE then decides. Words are cut at 200 characters.
 */
export const textWordsSql = (entity: Entity) => `search_words(${textSearchSql(entity)})`;

/** Row-level security on a table keyed by `tenant`: an unset `app.tenant` matches no row. */
export function tenantPolicy(table: string): string[] {
  return [
    `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`,
    `DROP POLICY IF EXISTS tenant_isolation ON ${table}`,
    `CREATE POLICY tenant_isolation ON ${table} USING (tenant = current_setting('app.tenant', true)) WITH CHECK (tenant = current_setting('app.tenant', true))`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO ${APP_ROLE}`,
  ];
}

export function entityTableDdl(entity: Entity): string[] {
  const t = `"${entity.table}"`;
  const statements = [
    `CREATE TABLE IF NOT EXISTS ${t} (
      tenant text NOT NULL,
      _id uuid NOT NULL DEFAULT gen_random_uuid(),
      registration text NOT NULL,
      status text,
      name text,
      type text,
      data jsonb NOT NULL,
      _insert_date timestamptz NOT NULL DEFAULT now(),
      _insert_user text,
      _update_date timestamptz,
      _update_user text,
      _version integer NOT NULL DEFAULT 1,
      PRIMARY KEY (tenant, _id),
      UNIQUE (tenant, registration))`,
    ...tenantPolicy(t),
    dropStaleIndexes(entity),
    `CREATE INDEX IF NOT EXISTS "${entity.table}__insert_date" ON ${t} (tenant, _insert_date DESC)`,
    ...(entity.textSearchIndexed
      ? [
          `CREATE INDEX IF NOT EXISTS "${entity.table}__text_search" ON ${t} USING gin ((${textSearchSql(entity)}) gin_trgm_ops) WITH (${ginOptions})`,
          `CREATE INDEX IF NOT EXISTS "${entity.table}__text_words" ON ${t} USING gin ((${textWordsSql(entity)})) WITH (${ginOptions})`,
          // Their names are fixed: an index made before with other options takes these.
          `ALTER INDEX "${entity.table}__text_search" SET (${ginOptions})`,
          `ALTER INDEX "${entity.table}__text_words" SET (${ginOptions})`,
        ]
      : []),
  ];
  // A generated column is added once, rewriting the table (a minute for a million contracts).
  for (const { path, list, item } of storedFilters(entity)) statements.push(storedValuesDdl(entity, path, list, item));
  for (const index of entityIndexes(entity)) statements.push(index.ddl);
  return statements;
}

/**
 * Characters of a text value a B-tree index holds. PostgreSQL refuses a B-tree row over about
 * 2,700 bytes (a third of a page): 500 characters of up to 4 UTF-8 bytes stay under it, so text
 * types accepting more (a textarea, 100,000 characters) are indexed by their first 500 characters,
 * and the list query sorts by that prefix, then by the whole value (docs/decisions.md).
 */
export const INDEXED_TEXT = 500;

/** Whether a field accepts text longer than a B-tree index holds (`INDEXED_TEXT`). */
export function isLongText(field: FieldDef): boolean {
  const limit = textLength[field.type];
  return limit !== undefined && limit > INDEXED_TEXT;
}

/** The indexed prefix of a long text, written as the index and the list query both write it. */
export const indexedPrefixSql = (value: string) => `left(${value}, ${INDEXED_TEXT})`;

/**
 * The texts the items of a list hold at `path`, sorted and distinct, for a filter declared
 * `storage: 'column'` (`item_texts(data #> '{quotations}', '{financialProduct}')`). It answers as
 * the containment it stands for: NULL when the document has no such list, no value for an item
 * whose value is not a string. Created before the tables (db/migrate.ts `derivedStatements`).
 */
export const itemTextsFunction = `CREATE OR REPLACE FUNCTION item_texts(items jsonb, path text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN items IS NULL THEN NULL ELSE coalesce((
      SELECT array_agg(DISTINCT item #>> path ORDER BY item #>> path)
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(items) = 'array' THEN items ELSE '[]'::jsonb END) AS item
      WHERE jsonb_typeof(item #> path) = 'string'), '{}') END $$`;

/** The generated column keeping the values of a filter declared `storage: 'column'` (`quotations.financialProduct`). */
export const storedValuesColumn = (path: string) => `values_${slug(path)}`.slice(0, 63);

/** The column's definition: the texts of the list's items at the item path. */
function storedValuesDdl(entity: Entity, path: string, list: string[], item: string[]): string {
  return `ALTER TABLE "${entity.table}" ADD COLUMN IF NOT EXISTS "${storedValuesColumn(path)}" text[]
    GENERATED ALWAYS AS (item_texts(data #> ${quoteLiteral(`{${list.join(',')}}`)}, ${quoteLiteral(`{${item.join(',')}}`)})) STORED`;
}

/** The filters of a kind kept in columns of their own, with their list and item paths. */
function storedFilters(entity: Entity): { path: string; list: string[]; item: string[] }[] {
  return entity.filters.flatMap((filter) => {
    if (filter.storage !== 'column') return [];
    const path = filter.field ?? filter.name;
    const resolved = resolvePath(entity, path);
    if (resolved?.kind !== 'item' || sqlKindOf[resolved.field.type] !== 'text')
      throw new Error(`${entity.name}: filter ${filter.name} is kept in a column, but is not a text of a list's items`);
    return [{ path, list: resolved.list, item: resolved.item }];
  });
}

/** One index of an entity table: its name and the statement creating it. */
export interface EntityIndex {
  name: string;
  ddl: string;
}

/**
 * Indexes named in `entityTableDdl` outside the derived ones, kept by `dropStaleIndexes` with those
 * of its constraints; a kind declared `textSearchIndexed: false` loses its text-search ones.
 */
const fixedIndexes = (entity: Entity) => [
  `${entity.table}__insert_date`,
  ...(entity.textSearchIndexed ? [`${entity.table}__text_search`, `${entity.table}__text_words`] : []),
];

/**
 * Columns a list may be sorted on: top-level scalar fields shown as columns (the web offers the
 * same ones, ResultTable's `sortable`).
 */
export function sortableColumns(entity: Entity): string[] {
  return entity.columns
    .filter((c) => c.sortable !== false)
    .map((c) => c.field)
    .filter((field) => {
      const path = !field.includes('.') ? resolvePath(entity, field) : undefined;
      return path?.kind === 'value' && path.sqlKind !== 'json';
    });
}

/**
 * The indexes a kind's filters and sorts need, derived from its declaration:
 * - a GIN `jsonb_path_ops` on each list (items, persons), multi-select or boolean filtered by
 *   equality, which list-query.ts compiles to containment
 *   (`(data #> '{quotations}') @> '[{"financialProduct":"X"}]'`): one index per list serves all
 *   its item filters;
 * - a B-tree `(tenant, expression)` for each equality on a scalar, each range and each sortable
 *   column, on exactly the expression the list query compiles (field-paths.ts); a long text
 *   (`isLongText`) by its first `INDEXED_TEXT` characters, which any value fits;
 * - a trigram GIN for each regular-expression filter.
 * Indexes on expressions rather than one GIN on the whole of `data`: ANALYZE keeps statistics on
 * an index's expression (none on containment in a kilobyte document), so the planner knows a
 * rare value from a common one. `registration` is served by the unique constraint. A name ends
 * with a digest of its definition, so that a changed definition is a new index, never an old
 * one kept by IF NOT EXISTS.
 */
export function entityIndexes(entity: Entity): EntityIndex[] {
  const t = `"${entity.table}"`;
  const indexes = new Map<string, string>();
  const add = (suffix: string, ddl: (name: string) => string) => {
    const digest = crypto.createHash('sha256').update(ddl('')).digest('hex').slice(0, 6);
    const name = `${`${entity.table}_${suffix}`.slice(0, 56)}_${digest}`;
    if (!indexes.has(name)) indexes.set(name, ddl(`"${name}"`));
  };
  const btree = (path: string, resolved: Extract<ResolvedPath, { kind: 'value' }>) => {
    if (path === 'registration') return;
    const value = valueSql(path, resolved);
    const key = isLongText(resolved.field) ? indexedPrefixSql(value) : value;
    add(slug(path), (name) => `CREATE INDEX IF NOT EXISTS ${name} ON ${t} (tenant, ${key})`);
  };
  const containment = (holder: string[]) =>
    add(
      `${holder.join('_')}_gin`,
      (name) =>
        `CREATE INDEX IF NOT EXISTS ${name} ON ${t} USING gin ((data #> ${quoteLiteral(`{${holder.join(',')}}`)}) jsonb_path_ops) WITH (${ginOptions})`,
    );
  const resolve = (path: string) => {
    const resolved = resolvePath(entity, path);
    if (!resolved) throw new Error(`${entity.name}: filter, sort or index on undeclared field ${path}`);
    return resolved;
  };
  for (const filter of [
    ...entity.filters,
    ...entity.indexes.map((name) => ({ name, kind: 'equal' as const, field: undefined })),
  ]) {
    const path = filter.field ?? filter.name;
    const resolved = resolve(path);
    if (filter.kind === 'person') containment(path.split('.'));
    else if (resolved.kind === 'item' && 'storage' in filter && filter.storage === 'column')
      add(
        `${slug(path)}_values`,
        (name) =>
          `CREATE INDEX IF NOT EXISTS ${name} ON ${t} USING gin ("${storedValuesColumn(path)}") WITH (${ginOptions})`,
      );
    else if (resolved.kind === 'item') containment(resolved.list);
    else if (filter.kind === 'regex')
      add(
        `${slug(path)}_trgm`,
        (name) =>
          `CREATE INDEX IF NOT EXISTS ${name} ON ${t} USING gin ((${textSql(path, resolved)}) gin_trgm_ops) WITH (${ginOptions})`,
      );
    else if (
      resolved.kind === 'value' &&
      ((resolved.field.type === 'select' && resolved.field.multiple) || resolved.sqlKind === 'boolean')
    )
      containment(resolved.parts);
    else btree(path, resolved);
  }
  for (const path of sortableColumns(entity)) btree(path, resolve(path) as Extract<ResolvedPath, { kind: 'value' }>);
  if (entity.unique?.length) {
    const values = entity.unique.map((path) => {
      const resolved = resolve(path) as Extract<ResolvedPath, { kind: 'value' }>;
      // A prefix would refuse distinct values alike at their start, and the whole value may not fit.
      if (isLongText(resolved.field))
        throw new Error(`${entity.name}: unique ${path} accepts text longer than an index holds`);
      return valueSql(path, resolved);
    });
    add(
      `${entity.unique.map(slug).join('_')}_unique`,
      (name) => `CREATE UNIQUE INDEX IF NOT EXISTS ${name} ON ${t} (tenant, ${values.join(', ')})`,
    );
  }
  return [...indexes].map(([name, ddl]) => ({ name, ddl }));
}

const slug = (path: string) => path.replace(/\W+/g, '_').toLowerCase();
const columnSql = (path: string) => path.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The text of a value, as field-paths.ts reads it (`text`). */
function textSql(path: string, resolved: ResolvedPath): string {
  if (resolved.kind === 'value' && resolved.column) return columnSql(path);
  return dataPathSql(path.split('.'));
}

/** The value compared and sorted, as field-paths.ts types it (`typed`). */
function valueSql(path: string, resolved: Extract<ResolvedPath, { kind: 'value' }>): string {
  if (resolved.column) return columnSql(path);
  const text = dataPathSql(path.split('.'));
  if (resolved.sqlKind === 'numeric') return `numeric_value(${text})`;
  if (resolved.sqlKind === 'boolean') return `((${text})::boolean)`;
  return text;
}

/**
 * Drops the indexes of an entity table that its declaration no longer derives (a filter removed,
 * or a field now served by the containment index), keeping those of its constraints.
 */
export function dropStaleIndexes(entity: Entity): string {
  const keep = [...fixedIndexes(entity), ...entityIndexes(entity).map((i) => i.name)].map(quoteLiteral).join(', ');
  return `DO $$ DECLARE stale text; BEGIN
    FOR stale IN SELECT quote_ident(i.relname) FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = to_regclass(${quoteLiteral(`public."${entity.table}"`)})
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
        AND i.relname NOT IN (${keep})
    LOOP EXECUTE 'DROP INDEX ' || stale; END LOOP; END $$`;
}
