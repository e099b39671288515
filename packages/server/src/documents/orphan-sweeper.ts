import { sql } from 'kysely';
import { entities } from '@lbo/model/entity-registry';
import { readInTenant, type Db } from '../db/database.ts';
import type { ObjectStore } from './object-store.ts';

/**
 * Removes objects that no record points to. Contents are written before their record (so that a
 * record never points to nothing), hence a crash between the two, or a delete whose removal of
 * the content failed, leaves an object behind. One older than the grace period and named by no
 * record is such a leftover; younger ones may belong to an upload still under way.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** Fields of a record that name an object of the store. */
const objectKeyFields = ['storageKey', 'thumbnailKey'] as const;
const kindsWithObjects = entities.filter((entity) => objectKeyFields.some((field) => field in entity.fields));

/** The keys the records of `tenant` name: documents, thumbnails, user photos, any kind with a `storageKey`. */
async function referencedKeys(db: Db, tenant: string): Promise<Set<string>> {
  return readInTenant(db, { tenant, user: 'system' }, async (tx) => {
    const keys = new Set<string>();
    for (const entity of kindsWithObjects) {
      for (const field of objectKeyFields.filter((f) => f in entity.fields)) {
        const { rows } = await sql<{ key: string }>`SELECT data ->> ${field} AS key FROM ${sql.table(entity.table)} WHERE tenant = ${tenant} AND data ? ${field}`.execute(tx);
        for (const row of rows) keys.add(row.key);
      }
    }
    const photos = await sql<{ key: string }>`SELECT storage_key AS key FROM user_photo WHERE tenant = ${tenant} AND storage_key IS NOT NULL`.execute(tx);
    for (const row of photos.rows) keys.add(row.key);
    return keys;
  }, 60_000);
}

export interface SweepResult {
  examined: number;
  removed: string[];
}

/** One pass over the store: each tenant's objects against its records. */
export async function sweepOrphanObjects(db: Db, store: ObjectStore, { graceMs = ORPHAN_GRACE_MS, now = new Date() } = {}): Promise<SweepResult> {
  const result: SweepResult = { examined: 0, removed: [] };
  const referenced = new Map<string, Set<string>>();
  for await (const object of store.list()) {
    result.examined++;
    if (now.getTime() - object.lastModified.getTime() < graceMs) continue;
    const tenant = object.key.slice(0, object.key.indexOf('/'));
    if (!referenced.has(tenant)) referenced.set(tenant, await referencedKeys(db, tenant));
    if (referenced.get(tenant)!.has(object.key)) continue;
    await store.remove(object.key);
    result.removed.push(object.key);
  }
  return result;
}

/**
 * Sweeps a minute after start, then every hour, for the life of the process. A failed pass is
 * logged and the next one tries again; two servers sweeping at once only race to remove the same
 * leftovers.
 */
export function scheduleOrphanSweeps(db: Db, store: ObjectStore, log: (line: string) => void = console.log): () => void {
  const sweep = () => sweepOrphanObjects(db, store).then(
    ({ examined, removed }) => { if (removed.length) log(JSON.stringify({ msg: 'orphan objects removed', examined, removed: removed.length })); },
    (error: Error) => log(JSON.stringify({ level: 'warn', msg: 'orphan object sweep failed', error: error.message })),
  );
  const first = setTimeout(sweep, 60_000);
  const every = setInterval(sweep, ORPHAN_GRACE_MS);
  first.unref();
  every.unref();
  return () => { clearTimeout(first); clearInterval(every); };
}
