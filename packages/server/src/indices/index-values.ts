import { sql } from 'kysely';
import { ApiError } from '@lbo/model/errors';
import { entityByName } from '@lbo/model/entity-registry';
import type { Tx } from '../db/database.ts';
import { updateIn, type Caller, type WriteHooks } from '../entities/crud.operation.ts';
import { findOne, findWhere, type Doc } from '../entities/storage.ts';

/**
 * A market index's published values (docs/kinds.md): a value names an index of the caller's
 * tenant (another tenant's is not found), and the index shows its latest value and date
 * (`lastValue`, `lastValueDate`), rewritten in the value's own transaction with the index's History.
 */
export const indexKind = entityByName('Index')!;
export const indiceKind = entityByName('Indice')!;

/** The index a value names, in the caller's tenant, locked for the refresh. */
async function indexOf(tx: Tx, caller: Caller, registration: unknown) {
  const id = typeof registration === 'string' ? registration : '';
  const row = id ? await findOne(tx, indexKind, caller.tenant, id, true) : undefined;
  if (!row) throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [indexKind.name, id]);
  return row;
}

/**
 * Rewrites the index's latest value: the newest of its stored values but `except` (the value
 * being written, in its former state), and `pending` (its new state).
 */
async function refreshIndex(tx: Tx, caller: Caller, registration: unknown, except?: string, pending?: Doc) {
  const index = await indexOf(tx, caller, registration);
  const others = sql<boolean>`data->>'indexRegistration' = ${index.registration}${
    except ? sql` AND registration <> ${except}` : sql``
  }`;
  const [stored] = await findWhere(
    tx,
    indiceKind,
    caller.tenant,
    sql<boolean>`${others} AND data->>'date' = (SELECT max(data->>'date') FROM ${sql.table(indiceKind.table)}
      WHERE tenant = ${caller.tenant} AND ${others})`,
    1,
  );
  const candidates = [stored?.data, pending].filter((d): d is Doc => !!d && typeof d.date === 'string');
  const latest = candidates.sort((a, b) => String(b.date).localeCompare(String(a.date)))[0];
  const lastValue = latest ? latest.value : null;
  const lastValueDate = latest ? latest.date : null;
  if ((index.data.lastValue ?? null) === lastValue && (index.data.lastValueDate ?? null) === lastValueDate) return;
  await updateIn(tx, caller, indexKind, index, { lastValue, lastValueDate }, { mode: 'merge' });
}

export const indexValueHooks: WriteHooks = {
  async beforeCreate(tx, caller, _entity, doc) {
    await refreshIndex(tx, caller, doc.indexRegistration, undefined, doc);
    return doc;
  },
  async beforeUpdate(tx, caller, _entity, doc, before) {
    if (before.indexRegistration !== doc.indexRegistration) {
      await refreshIndex(tx, caller, before.indexRegistration, String(before.registration));
    }
    await refreshIndex(tx, caller, doc.indexRegistration, String(before.registration), doc);
    return doc;
  },
  async beforeDelete(tx, caller, _entity, doc) {
    const index = await findOne(tx, indexKind, caller.tenant, String(doc.indexRegistration ?? ''), true);
    if (index) await refreshIndex(tx, caller, index.registration, String(doc.registration));
  },
};
