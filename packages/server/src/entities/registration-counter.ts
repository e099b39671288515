import { sql } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import type { Tx } from '../db/database.ts';

const regexEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Moves a kind's registration counter past the highest registration of its form (prefix and
 * digits) already stored, in one step: a run of taken numbers is skipped at once, not tried one
 * by one. Only run when a number came out taken, so the scan is rare.
 */
export async function moveCounterPastTaken(tx: Tx, tenant: string, entity: Entity): Promise<void> {
  const pattern = `^${regexEscape(entity.prefix)}[0-9]{1,18}$`;
  await sql`UPDATE sequence_counter SET value = greatest(value, (
      SELECT max(substr(registration, ${entity.prefix.length + 1})::bigint) FROM ${sql.table(entity.table)}
      WHERE tenant = ${tenant} AND registration ~ ${pattern}))
    WHERE tenant = ${tenant} AND entity = ${entity.name}`.execute(tx);
}
