import { entityByName } from '@lbo/model/entity-registry';
import type { Tx } from '../db/database.ts';
import { createIn, type Caller } from './crud.operation.ts';
import { findOne } from './storage.ts';

/** Records of one kind that every new tenant gets, keyed by their registration (a default script). */
export interface TenantDefaults {
  kind: string;
  records: Record<string, unknown>[];
}

/**
 * Inserts the default records the caller's tenant misses (those whose registration it does not
 * hold: a record a user changed is kept as it is), through the generic write path so that each
 * is audited; answers how many were inserted, by kind.
 */
export async function insertMissingDefaults(
  tx: Tx,
  caller: Caller,
  defaults: TenantDefaults[],
): Promise<Record<string, number>> {
  const inserted: Record<string, number> = {};
  for (const { kind, records } of defaults) {
    const entity = entityByName(kind);
    if (!entity) throw new Error(`The default records name the kind ${kind}, which is not declared`);
    for (const record of records) {
      const registration = String(record.registration ?? (entity.key ? record[entity.key] : '') ?? '');
      if (!registration || (await findOne(tx, entity, caller.tenant, registration))) continue;
      await createIn(tx, caller, entity, record, { registration });
      inserted[kind] = (inserted[kind] ?? 0) + 1;
    }
  }
  return inserted;
}
