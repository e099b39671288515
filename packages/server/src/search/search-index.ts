import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import type { Entity } from '@lbo/model/entity';
import { APP_ROLE, tenantPolicy } from '../db/schema.ts';
import type { Tx } from '../db/database.ts';

/**
 * The global search's index: one row per record of the indexed kinds in `search_entry`
 * (tenant, kind, record id, registration, label, detail, identifiers and words), kept by
 * triggers on the kinds' tables, so that every write, whatever its path (the generic write path,
 * workflow transitions, bulk loads, domain SQL), moves it in the same transaction.
 * - `keys`: the identifiers, spaces removed, between spaces, under a trigram index: a whole
 *   identifier, its start or any fragment of it (an IBAN's) is a LIKE;
 * - `words`: the words of the names and texts, under a GIN index; every word met is also in the
 *   tenant's dictionary `search_word`, under a trigram index, where a typo'd word finds the words
 *   it may stand for (pg_trgm's "table of unique words": a typo costs a look-up among the
 *   tenant's distinct words, not a similarity over every record) (docs/search.md).
 *
 * What each kind gives is data: the values of a record, as paths. `registration` and `name` are
 * the table's columns; `a.b` is `data ->> …`; a path with `[]` runs through a list
 * (`persons[].name`) by a lax JSON path, which never fails on a record of another shape.
 */
export interface IndexedKind {
  entity: string;
  /** The hit's title, first non-empty value. */
  label: string[];
  /** The hit's second line, non-empty values joined. */
  detail: string[];
  /** Identifiers searched whole or by their start or a fragment (spaces removed): numbers, IBANs, plates. */
  keys: string[];
  /** Words searched with typos: names, e-mails, texts. */
  words: string[];
  /** The kind whose read permission a record also needs (a note's or a document's record), by path. */
  parentKind?: string;
  /** The parent record's registration, by path: the hit opens it when the kind has no screen of its own. */
  parentRegistration?: string;
}

export const indexedKinds: IndexedKind[] = [
  {
    entity: 'Person',
    label: ['name', 'commercialName', 'lastName'],
    detail: ['email', 'registrations[].number'],
    keys: [
      'registration',
      'registrations[].number',
      'bankAccounts[].bankIban',
      'phone',
      'mobile',
      'fiscalCode',
      'email',
    ],
    words: ['name', 'commercialName', 'firstName', 'lastName'],
  },
  {
    entity: 'Contract',
    label: ['name', 'registration'],
    detail: ['persons[].name'],
    keys: ['registration'],
    words: ['name', 'persons[].name'],
  },
  {
    entity: 'Deal',
    label: ['name', 'registration'],
    detail: ['persons[].name'],
    keys: ['registration'],
    words: ['name', 'persons[].name'],
  },
  {
    entity: 'Invoice',
    label: ['invoiceNumber', 'registration'],
    detail: ['persons[].name', 'contractRegistration'],
    keys: ['registration', 'invoiceNumber'],
    words: ['name', 'persons[].name'],
  },
  {
    entity: 'Asset',
    label: ['name', 'model', 'registration'],
    detail: ['licenceNumber', 'identificationNumber'],
    keys: ['registration', 'identificationNumber', 'licenceNumber', 'registrationBookNumber'],
    words: ['name', 'model', 'manufacturer'],
  },
  {
    entity: 'Document',
    label: ['name', 'registration'],
    detail: ['entityRegistration'],
    keys: ['registration'],
    words: ['name'],
    parentKind: 'entityName',
    parentRegistration: 'entityRegistration',
  },
  {
    entity: 'Note',
    label: ['name', 'text', 'registration'],
    detail: ['entityRegistration'],
    keys: ['registration'],
    words: ['text', 'name'],
    parentKind: 'entityName',
    parentRegistration: 'entityRegistration',
  },
];

export const SEARCH_TABLE = 'search_entry';
export const WORD_TABLE = 'search_word';

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Accented letters folded to their base letter (PGlite ships no `unaccent`); the same as `foldText` in JS. */
const accented = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ';
const plain = 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyy';

/** Lower-case, accents folded, spaces collapsed: what the index holds and what a query is turned into. */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** SQL text of a path's value(s) on the row `r` (`NEW` in a trigger, the table in a rebuild). */
function valueSql(path: string, r: string, separator = ' '): string {
  if (path === 'registration' || path === 'name') return `${r}.${path}`;
  if (!path.includes('[]')) return `(${r}.data #>> ${quote(`{${path.split('.').join(',')}}`)})`;
  const jsonPath = `lax $.${path.replace(/\[\]/g, '[*]')}`;
  return `(SELECT string_agg(v #>> '{}', ${quote(separator)}) FROM jsonb_path_query(${r}.data, ${quote(jsonPath)}) AS v WHERE jsonb_typeof(v) IN ('string', 'number'))`;
}

const firstOf = (paths: string[], r: string) =>
  `coalesce(${paths.map((p) => `nullif(${valueSql(p, r)}, '')`).join(', ')})`;
const joined = (paths: string[], r: string) => `concat_ws(' ', ${paths.map((p) => valueSql(p, r)).join(', ')})`;
/** The hit's second line: values apart with a dot, a list's items with commas. */
const detailOf = (paths: string[], r: string) =>
  `concat_ws(' · ', ${paths.map((p) => `nullif(${valueSql(p, r, ', ')}, '')`).join(', ')})`;

/**
 * The index row of a record: its columns as SQL expressions over `r`. Identifiers lose their
 * spaces (an IBAN is typed grouped or not) and stand between spaces in `keys`.
 */
export function entrySql(kind: IndexedKind, r: string) {
  const keys = `(SELECT string_agg(replace(k, ' ', ''), ' ') FROM unnest(ARRAY[${kind.keys
    .map((p) => valueSql(p, r))
    .join(', ')}]) AS k WHERE k <> '')`;
  return {
    label: `left(${firstOf(kind.label, r)}, 200)`,
    detail: `left(nullif(${detailOf(kind.detail, r)}, ''), 200)`,
    keys: `left(' ' || search_fold(coalesce(${keys}, '')) || ' ', 2000)`,
    words: `search_tokens(${joined(kind.words, r)})`,
    parentKind: kind.parentKind ? valueSql(kind.parentKind, r) : 'NULL',
    parentRegistration: kind.parentRegistration ? valueSql(kind.parentRegistration, r) : 'NULL',
  };
}

const tableOf = (kind: IndexedKind): Entity => {
  const entity = entityByName(kind.entity);
  if (!entity) throw new Error(`The search indexes an unknown kind ${kind.entity}`);
  return entity;
};

const columns = 'tenant, kind, record_id, registration, label, detail, keys, words, parent_kind, parent_registration';

/** The rows of `kind` as index rows (`r` is the table's alias or NEW), for an INSERT … SELECT or VALUES. */
function entryValues(kind: IndexedKind, r: string): string {
  const e = entrySql(kind, r);
  return `${r}.tenant, ${quote(kind.entity)}, ${r}._id, ${r}.registration, ${e.label}, ${e.detail}, ${e.keys}, ${e.words}, ${e.parentKind}, ${e.parentRegistration}`;
}

const gin = 'fastupdate = on, gin_pending_list_limit = 128';

/**
 * Whether an update changed what a kind's index row is made of (a trigger's WHEN, over OLD and
 * NEW): its tenant, id, registration and name columns and the top-level values its paths start at.
 */
function changedSql(kind: IndexedKind): string {
  const paths = [
    ...kind.label,
    ...kind.detail,
    ...kind.keys,
    ...kind.words,
    ...(kind.parentKind ? [kind.parentKind] : []),
    ...(kind.parentRegistration ? [kind.parentRegistration] : []),
  ];
  const tops = [...new Set(paths.map((p) => p.split(/[.[]/)[0]))].filter((p) => p !== 'registration' && p !== 'name');
  return [
    ...['tenant', '_id', 'registration', 'name'].map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`),
    ...tops.map((top) => `(OLD.data -> ${quote(top)}) IS DISTINCT FROM (NEW.data -> ${quote(top)})`),
  ].join(' OR ');
}

const upsert = `ON CONFLICT (tenant, kind, record_id) DO UPDATE SET registration = EXCLUDED.registration,
  label = EXCLUDED.label, detail = EXCLUDED.detail, keys = EXCLUDED.keys, words = EXCLUDED.words,
  parent_kind = EXCLUDED.parent_kind, parent_registration = EXCLUDED.parent_registration`;

/**
 * The search's DDL (ServerModule `schema`), run by the database's owner with the derived DDL:
 * the table with its tenant policy and indexes, the folding function, and per indexed kind a
 * trigger function and its trigger. The trigger functions run as their owner (SECURITY DEFINER):
 * a write of a kind must never fail for the index's sake, whatever role or tenant setting made it.
 */
export function searchSchema(): string[] {
  const t = SEARCH_TABLE;
  const statements = [
    `CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT lower(regexp_replace(translate($1, ${quote(accented)}, ${quote(plain)}), '\\s+', ' ', 'g')) $$`,
    // The words of a text: folded, split on what is not a letter or a digit, 2 to 60 characters with a
    // letter (numbers are identifiers, searched in keys), once each.
    `CREATE OR REPLACE FUNCTION search_tokens(text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT w), '{}') FROM regexp_split_to_table(search_fold($1), '[^a-z0-9]+') AS w
      WHERE length(w) BETWEEN 2 AND 60 AND w ~ '[a-z]' $$`,
    `CREATE TABLE IF NOT EXISTS ${t} (
      tenant text NOT NULL,
      kind text NOT NULL,
      record_id uuid NOT NULL,
      registration text NOT NULL,
      label text,
      detail text,
      keys text NOT NULL DEFAULT '',
      parent_kind text,
      parent_registration text,
      PRIMARY KEY (tenant, kind, record_id))`,
    `ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS words text[] NOT NULL DEFAULT '{}'`,
    `ALTER TABLE ${t} DROP COLUMN IF EXISTS terms`,
    ...tenantPolicy(t),
    `DROP INDEX IF EXISTS ${t}__terms`,
    `CREATE INDEX IF NOT EXISTS ${t}__keys ON ${t} USING gin (keys gin_trgm_ops) WITH (${gin})`,
    `CREATE INDEX IF NOT EXISTS ${t}__words ON ${t} USING gin (words) WITH (${gin})`,
    `CREATE TABLE IF NOT EXISTS ${WORD_TABLE} (tenant text NOT NULL, word text NOT NULL, PRIMARY KEY (tenant, word))`,
    ...tenantPolicy(WORD_TABLE),
    `CREATE INDEX IF NOT EXISTS ${WORD_TABLE}__trigrams ON ${WORD_TABLE} USING gin (word gin_trgm_ops) WITH (${gin})`,
    `CREATE INDEX IF NOT EXISTS ${WORD_TABLE}__prefix ON ${WORD_TABLE} (tenant, word text_pattern_ops)`,
    `CREATE INDEX IF NOT EXISTS ${t}__registration ON ${t} (tenant, lower(registration) text_pattern_ops)`,
    // The trigram functions the search calls never reveal a row through an error: marked leak-proof
    // (as 0001_core does for the list's) so that the index serves the application role under its policy.
    `DO $$ BEGIN
      IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        ALTER FUNCTION similarity_op(text, text) LEAKPROOF;
        ALTER FUNCTION similarity(text, text) LEAKPROOF;
        ALTER FUNCTION arrayoverlap(anyarray, anyarray) LEAKPROOF;
        ALTER FUNCTION arraycontains(anyarray, anyarray) LEAKPROOF;
      END IF; END $$`,
  ];
  for (const kind of indexedKinds) {
    const entity = tableOf(kind);
    const fn = `search_entry_of_${entity.table}`;
    const inserted = `search_entries_of_${entity.table}`;
    statements.push(
      `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          DELETE FROM ${t} WHERE tenant = OLD.tenant AND kind = ${quote(kind.entity)} AND record_id = OLD._id;
          RETURN NULL;
        END IF;
        IF TG_OP = 'UPDATE' AND OLD._id <> NEW._id THEN
          DELETE FROM ${t} WHERE tenant = OLD.tenant AND kind = ${quote(kind.entity)} AND record_id = OLD._id;
        END IF;
        INSERT INTO ${t} (${columns}) SELECT ${entryValues(kind, 'NEW')} ${upsert};
        INSERT INTO ${WORD_TABLE} (tenant, word) SELECT NEW.tenant, unnest(${entrySql(kind, 'NEW').words})
          ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`,
      // A statement's inserted records in one INSERT … SELECT each (a billing chunk's thousand invoices, a bulk load).
      `CREATE OR REPLACE FUNCTION ${inserted}() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        WITH entries AS (INSERT INTO ${t} (${columns}) SELECT ${entryValues(kind, 'r')} FROM inserted r ${upsert} RETURNING tenant, words)
        INSERT INTO ${WORD_TABLE} (tenant, word) SELECT DISTINCT tenant, unnest(words) FROM entries ORDER BY 1, 2
          ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`,
      `REVOKE ALL ON FUNCTION ${fn}() FROM PUBLIC`,
      `REVOKE ALL ON FUNCTION ${inserted}() FROM PUBLIC`,
      `DROP TRIGGER IF EXISTS ${entity.table}__search ON "${entity.table}"`,
      `DROP TRIGGER IF EXISTS ${entity.table}__search_update ON "${entity.table}"`,
      `DROP TRIGGER IF EXISTS ${entity.table}__search_delete ON "${entity.table}"`,
      `CREATE TRIGGER ${entity.table}__search AFTER INSERT ON "${entity.table}" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION ${inserted}()`,
      // An update that changes none of the values the entry is made of leaves the entry alone: a
      // billing run rewrites each billed contract for its next due date, not for its name.
      `CREATE TRIGGER ${entity.table}__search_update AFTER UPDATE ON "${entity.table}" FOR EACH ROW WHEN (${changedSql(kind)}) EXECUTE FUNCTION ${fn}()`,
      `CREATE TRIGGER ${entity.table}__search_delete AFTER DELETE ON "${entity.table}" FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
    );
  }
  statements.push(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${t}, ${WORD_TABLE} TO ${APP_ROLE}`);
  return statements;
}

/**
 * Rebuilds a tenant's index from the kinds' tables (existing data, a bulk load that went around
 * the triggers): the kind's rows are written again and the rows of records gone are dropped.
 * Idempotent; runs in the caller's transaction. Answers the rows indexed per kind.
 */
export async function rebuildSearchIndex(
  tx: Tx,
  tenant: string,
  kinds = indexedKinds,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const kind of kinds) {
    const entity = tableOf(kind);
    await sql
      .raw(
        `DELETE FROM ${SEARCH_TABLE} s WHERE s.tenant = ${quote(tenant)} AND s.kind = ${quote(kind.entity)}
        AND NOT EXISTS (SELECT 1 FROM "${entity.table}" r WHERE r.tenant = s.tenant AND r._id = s.record_id)`,
      )
      .execute(tx);
    const result = await sql
      .raw(
        `INSERT INTO ${SEARCH_TABLE} (${columns}) SELECT ${entryValues(kind, 'r')} FROM "${entity.table}" r
        WHERE r.tenant = ${quote(tenant)} ${upsert}`,
      )
      .execute(tx);
    counts[kind.entity] = Number(result.numAffectedRows ?? 0);
  }
  // The dictionary again from the entries: words no record holds any more leave it.
  await sql.raw(`DELETE FROM ${WORD_TABLE} WHERE tenant = ${quote(tenant)}`).execute(tx);
  await sql
    .raw(
      `INSERT INTO ${WORD_TABLE} (tenant, word) SELECT DISTINCT ${quote(tenant)}, unnest(words) FROM ${SEARCH_TABLE}
      WHERE tenant = ${quote(tenant)} ON CONFLICT DO NOTHING`,
    )
    .execute(tx);
  return counts;
}
