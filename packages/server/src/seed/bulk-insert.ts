import { sql } from 'kysely';
import type { Entity } from '@lbo/model/entity';
import type { Tx } from '../db/database.ts';

/**
 * Inserts prepared documents (registration and status already set) in batches, one statement
 * per batch, and moves the kind's registration counter past them. A registration already taken
 * keeps its record (the demo seed never overwrites a user's). Used by the first-start
 * seed and the benchmark loader; request paths go through the operations instead.
 */
export async function bulkInsert(
  tx: Tx,
  entity: Entity,
  tenant: string,
  user: string,
  docs: Record<string, unknown>[],
  batch = 1000,
): Promise<void> {
  for (let i = 0; i < docs.length; i += batch) {
    const chunk = JSON.stringify(docs.slice(i, i + batch));
    await sql`INSERT INTO ${sql.table(entity.table)} (tenant, registration, status, name, type, data, _insert_user, _insert_date)
      SELECT ${tenant}, d ->> 'registration', d ->> 'status', d ->> 'name', d ->> 'type', d, ${user},
             coalesce((d ->> '_insertDate')::timestamptz, now())
      FROM jsonb_array_elements(${chunk}::jsonb) AS d
      ON CONFLICT (tenant, registration) DO NOTHING`.execute(tx);
  }
  await sql`INSERT INTO sequence_counter (tenant, entity, value) VALUES (${tenant}, ${entity.name}, ${docs.length})
    ON CONFLICT (tenant, entity) DO UPDATE SET value = sequence_counter.value + ${docs.length}`.execute(tx);
}
