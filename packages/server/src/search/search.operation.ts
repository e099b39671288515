import { sql } from 'kysely';
import type { SearchAnswer, SearchGroup, SearchHit } from '@lbo/model/global-search';
import { ApiError } from '@lbo/model/errors';
import { entities, entityByName } from '@lbo/model/entity-registry';
import { inTenant, PREPARED, type Db, type Tx } from '../db/database.ts';
import { canReadEntity, type Grants } from '../auth/permissions.ts';
import { foldText, indexedKinds, SEARCH_TABLE, WORD_TABLE } from './search-index.ts';

/** Shortest and longest query: autocomplete starts after more than 2 typed characters (spec 000 §5). */
export const QUERY_MIN = 3;
export const QUERY_MAX = 100;
/** Hits per kind by default and at most. */
export const LIMIT_DEFAULT = 5;
export const LIMIT_MAX = 50;
/**
 * Matches read per search, before ranking. A query matching more (a common name over a million
 * contracts) is ranked among these, and its counts say "at least" (`countCapped`).
 */
export const CANDIDATES = 500;
/**
 * The least trigram similarity between a typed word and a word of the dictionary it may stand for:
 * two letters swapped keep 0.27 of a six-letter word ("dupnot" for "dupont"), 0.2 of a five-letter one.
 */
export const WORD_SIMILARITY = 0.2;
/** The words of a query looked at; the words each typed word may stand for. */
const MAX_WORDS = 6;
const ALTERNATIVES = 5;

interface WordCandidates {
  /** The typed word, and for the last one the words it starts (typing goes on). */
  exact: string[];
  /** With the dictionary's words it may stand for. */
  all: string[];
}

/**
 * For each typed word, the tenant's words it may stand for: itself, the words it starts when it is
 * the last one, and the most similar words of the dictionary. A word standing for none is dropped
 * (a word no record holds); when every one is, no record matches by its words. Typed words hold
 * only letters and digits (the query is split on the rest), so they go into LIKE as they are.
 */
async function wordCandidates(tx: Tx, tenant: string, tokens: string[]): Promise<WordCandidates[]> {
  if (!tokens.length) return [];
  await sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(WORD_SIMILARITY)}, true)`.execute(tx);
  const { rows } = await sql<{ i: number; word: string; exact: boolean }>`${sql.raw(PREPARED)}
    SELECT q.i::int AS i, d.word, d.exact FROM unnest(${tokens}::text[]) WITH ORDINALITY AS q(w, i)
    CROSS JOIN LATERAL (
      (SELECT w.word, true AS exact FROM ${sql.table(WORD_TABLE)} w WHERE w.tenant = ${tenant} AND w.word = q.w)
      UNION ALL
      (SELECT w.word, true AS exact FROM ${sql.table(WORD_TABLE)} w
        WHERE q.i = ${tokens.length} AND w.tenant = ${tenant} AND w.word LIKE q.w || '%' AND w.word <> q.w
        ORDER BY w.word LIMIT ${ALTERNATIVES})
      UNION ALL
      (SELECT w.word, false AS exact FROM ${sql.table(WORD_TABLE)} w
        WHERE w.tenant = ${tenant} AND w.word % q.w AND w.word <> q.w
        ORDER BY similarity(w.word, q.w) DESC LIMIT ${ALTERNATIVES})
    ) d`.execute(tx);
  // A word the dictionary holds as typed is taken as meant: its look-alikes would only widen the
  // search (every "martin" would bring "marin" and "martine"). Only a word found nowhere is a typo.
  const found = tokens.map((_, i): WordCandidates => {
    const exact = rows.filter((r) => r.i === i + 1 && r.exact).map((r) => r.word);
    return { exact, all: exact.length ? exact : rows.filter((r) => r.i === i + 1).map((r) => r.word) };
  });
  return found.filter((c) => c.all.length);
}

export type { SearchAnswer, SearchGroup, SearchHit };

export interface SearchRequest {
  q?: string;
  kinds?: string;
  limit?: string | number;
}

/** `%`, `_` and `\` taken literally by LIKE. */
const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The indexed kinds the caller may read, among those asked (`kinds=Contract,Person`; all by default). */
function readableKinds(grants: Grants, asked: string | undefined): string[] {
  const known = indexedKinds.map((k) => k.entity);
  const wanted = asked
    ? asked
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : known;
  for (const name of wanted)
    if (!known.includes(name)) throw new ApiError('INVALID_FIELD_IN_QUERY', ['kinds', `${name} is not searched`]);
  return wanted.filter((name) => canReadEntity(grants, entityByName(name)!));
}

/** The kinds a note's or a document's record may be of that the caller reads (a note may belong to any kind). */
const readableParents = (grants: Grants): string[] =>
  entities.filter((entity) => canReadEntity(grants, entity)).map((entity) => entity.name);

/** The web route of a hit: its own detail screen, or for a note its record's. */
function routeOf(kind: string, registration: string, parentKind: string | null, parentRegistration: string | null) {
  if (kind === 'Note' && parentKind && parentRegistration) {
    const parent = entityByName(parentKind);
    if (parent) return `/${parent.clientRoute}/${encodeURIComponent(parentRegistration)}`;
  }
  return `/${entityByName(kind)!.clientRoute}/${encodeURIComponent(registration)}`;
}

/** Checks the query's parameters; a bad one is a 400 naming it. */
export function parseSearch(request: SearchRequest): { q: string; kinds?: string; limit: number } {
  if (request.q === undefined || request.q.trim() === '') throw new ApiError('MISSING_FIELD_IN_QUERY', ['q']);
  const q = foldText(request.q);
  if (q.length < QUERY_MIN)
    throw new ApiError('INVALID_FIELD_IN_QUERY', ['q', `at least ${QUERY_MIN} characters are needed`]);
  if (q.length > QUERY_MAX) throw new ApiError('INVALID_FIELD_IN_QUERY', ['q', `at most ${QUERY_MAX} characters`]);
  const limit =
    request.limit === undefined
      ? LIMIT_DEFAULT
      : /^\d{1,6}$/.test(String(request.limit))
        ? Number(request.limit)
        : Number.NaN;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIMIT_MAX)
    throw new ApiError('INVALID_FIELD_IN_QUERY', ['limit', `an integer from 1 to ${LIMIT_MAX}`]);
  return { q, kinds: request.kinds, limit };
}

/**
 * Searches the caller's tenant over the indexed kinds it may read: identifiers typed whole first,
 * then their start, then words found as typed, then words with typos (trigram word similarity);
 * grouped by kind, `limit` hits each. A note or a document also needs a read of its record's kind.
 */
export async function globalSearch(
  db: Db,
  caller: Grants & { tenant: string; username: string },
  request: SearchRequest,
): Promise<SearchAnswer> {
  const { q, kinds: asked, limit } = parseSearch(request);
  const kinds = readableKinds(caller, asked);
  if (!kinds.length) return { query: q, groups: [] };
  const parents = readableParents(caller);
  const compact = likeEscaped(q.replace(/ /g, ''));
  const tokens = [...new Set(q.split(/[^a-z0-9]+/).filter((w) => w.length >= 2 && /[a-z]/.test(w)))].slice(
    0,
    MAX_WORDS,
  );
  const rows = await inTenant(db, { tenant: caller.tenant, user: caller.username }, async (tx) => {
    const words = await wordCandidates(tx, caller.tenant, tokens);
    // Every word of the query must be found, as typed or as one of the words its typo may stand for.
    const wordMatch = words.length
      ? sql.join(
          words.map((w) => sql`s.words && ${w.all}::text[]`),
          sql` AND `,
        )
      : sql`false`;
    const exactCount = words.length
      ? sql.join(
          words.map((w) => sql`(s.words && ${w.exact}::text[])::int`),
          sql` + `,
        )
      : sql`0`;
    const { rows } = await sql<{
      kind: string;
      registration: string;
      label: string | null;
      detail: string | null;
      parent_kind: string | null;
      parent_registration: string | null;
      score: number;
      n: string;
    }>`${sql.raw(PREPARED)}
      WITH by_keys AS (
        SELECT s.kind, s.record_id, s.registration, s.label, s.detail, s.parent_kind, s.parent_registration, CASE
            WHEN s.keys LIKE ${`% ${compact} %`} THEN 3
            WHEN s.keys LIKE ${`% ${compact}%`} THEN 2
            ELSE 1.2 END AS score
        FROM ${sql.table(SEARCH_TABLE)} s
        WHERE s.tenant = ${caller.tenant} AND s.kind = ANY(${kinds}::text[]) AND s.keys LIKE ${`%${compact}%`}
          AND (s.parent_kind IS NULL OR s.parent_kind = ANY(${parents}::text[]))
        LIMIT ${CANDIDATES}
      ), by_words AS (
        SELECT s.kind, s.record_id, s.registration, s.label, s.detail, s.parent_kind, s.parent_registration,
          CASE WHEN ${exactCount} = ${words.length} THEN 1.0 ELSE 0.5 + 0.4 * (${exactCount})::float8 / ${Math.max(words.length, 1)} END AS score
        FROM ${sql.table(SEARCH_TABLE)} s
        WHERE s.tenant = ${caller.tenant} AND s.kind = ANY(${kinds}::text[]) AND ${wordMatch}
          AND (s.parent_kind IS NULL OR s.parent_kind = ANY(${parents}::text[]))
        LIMIT ${CANDIDATES}
      ), hits AS (
        SELECT DISTINCT ON (kind, record_id) * FROM (SELECT * FROM by_keys UNION ALL SELECT * FROM by_words) u
        ORDER BY kind, record_id, score DESC
      ), ranked AS (
        SELECT h.*, row_number() OVER (PARTITION BY h.kind ORDER BY h.score DESC, h.registration) AS rank,
          count(*) OVER (PARTITION BY h.kind) AS n
        FROM hits h
      )
      SELECT kind, registration, label, detail, parent_kind, parent_registration, score::float8 AS score, n
      FROM ranked WHERE rank <= ${limit} ORDER BY kind, rank`.execute(tx);
    return rows;
  });
  // Past CANDIDATES matches the counts are those of the matches read.
  const read = new Map(rows.map((r) => [r.kind, Number(r.n)]));
  const capped = [...read.values()].reduce((a, b) => a + b, 0) >= CANDIDATES;
  const groups = new Map<string, SearchGroup>();
  for (const row of rows) {
    let group = groups.get(row.kind);
    if (!group)
      groups.set(row.kind, (group = { entity: row.kind, count: Number(row.n), countCapped: capped, hits: [] }));
    group.hits.push({
      entity: row.kind,
      registration: row.registration,
      label: row.label ?? row.registration,
      snippet: row.detail ?? '',
      route: routeOf(row.kind, row.registration, row.parent_kind, row.parent_registration),
      score: Math.round(Number(row.score) * 1000) / 1000,
    });
  }
  // Kinds with the best hit first; kinds in their declared order on a tie.
  const order = indexedKinds.map((k) => k.entity);
  return {
    query: q,
    groups: [...groups.values()].sort(
      (a, b) => b.hits[0].score - a.hits[0].score || order.indexOf(a.entity) - order.indexOf(b.entity),
    ),
  };
}
