import type { Entity } from '@lbo/model/entity';
import { resolvePath, type ResolvedPath } from '../entities/field-paths.ts';

/**
 * The DDL derived from the entity declarations: one table per kind, keyed by tenant first,
 * with row-level security and the indexes its filters need. Statements are idempotent.
 * Identifiers come from declarations only, never from requests.
 * GIN indexes are built without a pending list (fastupdate off): a list lookup then never
 * scans unsorted pending entries, at some cost to writes.
 */
export const APP_ROLE = 'lbo_app';

const quoteLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** SQL text of a value path inside `data`, written exactly as `field-paths.ts` queries it. */
export function dataPathSql(parts: string[]): string {
  return parts.length === 1 ? `(data ->> ${quoteLiteral(parts[0])})` : `(data #>> ${quoteLiteral(`{${parts.join(',')}}`)})`;
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
 * (`search_words`, db/migrate.ts). A search of several words needs its middle words as whole
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
    `CREATE INDEX IF NOT EXISTS "${entity.table}__insert_date" ON ${t} (tenant, _insert_date DESC)`,
    `DROP INDEX IF EXISTS "${entity.table}__search"`,
    `CREATE INDEX IF NOT EXISTS "${entity.table}__text_search" ON ${t} USING gin ((${textSearchSql(entity)}) gin_trgm_ops) WITH (fastupdate = off)`,
    `CREATE INDEX IF NOT EXISTS "${entity.table}__text_words" ON ${t} USING gin ((${textWordsSql(entity)})) WITH (fastupdate = off)`,
  ];
  const seen = new Set<string>();
  const add = (name: string, ddl: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    statements.push(ddl.replace('$NAME', `"${entity.table}_${name}"`.slice(0, 63)));
  };
  const indexFor = (path: string, kind: string) => {
    const resolved = resolvePath(entity, path);
    if (!resolved) throw new Error(`${entity.name}: filter or index on undeclared field ${path}`);
    for (const [name, ddl] of indexDdl(t, path, kind, resolved)) add(name, ddl);
  };
  for (const filter of entity.filters) indexFor(filter.field ?? filter.name, filter.kind);
  for (const path of entity.indexes) indexFor(path, 'equal');
  return statements;
}

function indexDdl(t: string, path: string, kind: string, resolved: ResolvedPath): [string, string][] {
  const slug = path.replace(/\W+/g, '_').toLowerCase();
  if (kind === 'person' || resolved.kind === 'item') {
    const list = kind === 'person' ? [path] : (resolved as { list: string[] }).list;
    return [[`${list.join('_')}_gin`, `CREATE INDEX IF NOT EXISTS $NAME ON ${t} USING gin ((data #> ${quoteLiteral(`{${list.join(',')}}`)}) jsonb_path_ops) WITH (fastupdate = off)`]];
  }
  const column = resolved.column ? path.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : undefined;
  const text = column ?? dataPathSql(path.split('.'));
  if (kind === 'regex') return [[`${slug}_trgm`, `CREATE INDEX IF NOT EXISTS $NAME ON ${t} USING gin ((${text}) gin_trgm_ops) WITH (fastupdate = off)`]];
  const typed = resolved.sqlKind === 'numeric' && !column ? `((${text})::numeric)` : text;
  return [[slug, `CREATE INDEX IF NOT EXISTS $NAME ON ${t} (tenant, ${typed})`]];
}
