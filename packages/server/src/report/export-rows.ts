import { sql, type RawBuilder } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import type { Db, Scope } from '../db/database.ts';
import { readFromReplica } from '../db/read-replica.ts';
import type { SortKey } from '../entities/list-query.ts';

/**
 * Reads every row a list query matches, in chunks after the last row read (keyset pagination):
 * each chunk is one short statement, so the connection goes back to the pool between chunks
 * (the embedded database has one), no chunk costs more than its rows (an OFFSET would re-read
 * all rows before it), and no statement outlives the statement timeout however large the list.
 * The order is total (its last key is unique), so no row is read twice or skipped; rows changed
 * while the export runs are read as they are when their chunk is read.
 */
export interface ChunkSource {
  db: Db;
  scope: Scope;
  entity: Entity;
  where: RawBuilder<boolean>;
  keys: SortKey[];
  /** The row's exported values as one JSON array text (export-columns.ts `cellsSql`). */
  cells: RawBuilder<string>;
  chunkSize: number;
}

const rowColumns = sql`_id, registration, status, name, type, data, _insert_date, _insert_user, _update_date, _update_user, _version`;

/** Key values as text (NULL stays null): the database reads them back as the key's own type. */
type Position = (string | null)[];

/**
 * Rows after `position` in the order of `keys`. PostgreSQL puts NULLs last in ascending order
 * and first in descending order, as the list's ORDER BY does.
 */
export function after(keys: SortKey[], position: Position): RawBuilder<boolean> {
  const equal = (i: number) =>
    position[i] === null ? sql<boolean>`${keys[i].expr} IS NULL` : sql<boolean>`${keys[i].expr} = ${position[i]}`;
  const beyond = (i: number): RawBuilder<boolean> | undefined => {
    const { expr, desc } = keys[i];
    const value = position[i];
    if (value === null) return desc ? sql<boolean>`${expr} IS NOT NULL` : undefined;
    if (desc) return sql<boolean>`${expr} < ${value}`;
    return keys[i].notNull ? sql<boolean>`${expr} > ${value}` : sql<boolean>`(${expr} > ${value} OR ${expr} IS NULL)`;
  };
  const branches: RawBuilder<boolean>[] = [];
  for (let i = 0; i < keys.length; i++) {
    const next = beyond(i);
    if (next)
      branches.push(sql<boolean>`(${sql.join([...keys.slice(0, i).map((_, j) => equal(j)), next], sql` AND `)})`);
  }
  const any = branches.length ? sql<boolean>`(${sql.join(branches, sql` OR `)})` : sql<boolean>`FALSE`;
  // The first key's bound alone, which an index on it can serve: the disjunction cannot be.
  const first = keys[0];
  const head = position[0];
  const bound =
    head !== null && (first.desc || first.notNull)
      ? sql<boolean>`${first.expr} ${first.desc ? sql`<=` : sql`>=`} ${head} AND `
      : sql``;
  return sql<boolean>`${bound}${any}`;
}

/** The chunks of the list, each an array of rows (each row its cells), until none is left. */
export async function* listChunks(source: ChunkSource): AsyncGenerator<unknown[][]> {
  const { db, scope, entity, where, keys, cells, chunkSize } = source;
  const order = sql.join(keys.map((k) => sql`${k.expr} ${k.desc ? sql`DESC` : sql`ASC`}`));
  const keyColumns = sql.join(keys.map((k, i) => sql`(${k.expr})::text AS ${sql.ref(`k${i}`)}`));
  let position: Position | undefined;
  for (;;) {
    const condition = position ? sql<boolean>`${where} AND ${after(keys, position)}` : where;
    // The cells are built for the chunk's rows only: in the same SELECT as the sort, they would be
    // built for every row that reaches it.
    const rows = await readFromReplica(
      db,
      scope,
      async (tx) =>
        (
          await sql<Record<string, string | null>>`SELECT ${cells} AS cells, ${keyColumns}
      FROM (SELECT ${rowColumns} FROM ${sql.table(entity.table)} WHERE tenant = ${scope.tenant} AND ${condition}
        ORDER BY ${order} LIMIT ${chunkSize}) AS chunk ORDER BY ${order}`.execute(tx)
        ).rows,
    );
    if (!rows.length) return;
    yield rows.map((r) => JSON.parse(r.cells!) as unknown[]);
    if (rows.length < chunkSize) return;
    const last = rows[rows.length - 1];
    position = keys.map((_, i) => last[`k${i}`]);
  }
}
