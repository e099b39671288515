import { sql } from 'kysely';
import { entities } from '@lbo/model/entity-registry';
import { readInTenant, type Db } from '../db/database.ts';
import type { ObjectStore } from '../db/object-store.ts';

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

/** What names an object: its container (documents, thumbnails, user-photos, exports…) and the record. */
export interface ObjectOwner {
  container: string;
  entityName: string;
  registration: string;
  name: string | null;
}

/** Contents of a kind are in the container of its list route (`exports`); thumbnails in their own. */
const containerOf = (entity: (typeof entities)[number], field: (typeof objectKeyFields)[number]) =>
  field === 'thumbnailKey' ? 'thumbnails' : entity.listRoute;

/** The objects the records of `tenant` name — documents, thumbnails, user photos, any kind with a `storageKey` — and who names them. */
export async function objectOwners(db: Db, tenant: string): Promise<Map<string, ObjectOwner>> {
  return readInTenant(
    db,
    { tenant, user: 'system' },
    async (tx) => {
      const owners = new Map<string, ObjectOwner>();
      for (const entity of kindsWithObjects) {
        for (const field of objectKeyFields.filter((f) => f in entity.fields)) {
          const { rows } = await sql<{
            key: string;
            registration: string;
            name: string | null;
          }>`SELECT data ->> ${field} AS key, registration, name
          FROM ${sql.table(entity.table)} WHERE tenant = ${tenant} AND data ? ${field}`.execute(tx);
          for (const row of rows)
            owners.set(row.key, {
              container: containerOf(entity, field),
              entityName: entity.name,
              registration: row.registration,
              name: row.name,
            });
        }
      }
      const photos = await sql<{
        key: string;
        username: string;
      }>`SELECT storage_key AS key, username FROM user_photo WHERE tenant = ${tenant} AND storage_key IS NOT NULL`.execute(
        tx,
      );
      for (const row of photos.rows)
        owners.set(row.key, { container: 'user-photos', entityName: 'User', registration: row.username, name: null });
      return owners;
    },
    60_000,
  );
}

export interface SweepResult {
  examined: number;
  removed: string[];
}

/** One pass over the store (or the keys under `prefix`, one tenant's): each tenant's objects against its records. */
export async function sweepOrphanObjects(
  db: Db,
  store: ObjectStore,
  { graceMs = ORPHAN_GRACE_MS, now = new Date(), prefix = '' } = {},
): Promise<SweepResult> {
  const result: SweepResult = { examined: 0, removed: [] };
  const referenced = new Map<string, Map<string, ObjectOwner>>();
  for await (const object of store.list(prefix)) {
    result.examined++;
    if (now.getTime() - object.lastModified.getTime() < graceMs) continue;
    const tenant = object.key.slice(0, object.key.indexOf('/'));
    if (!referenced.has(tenant)) referenced.set(tenant, await objectOwners(db, tenant));
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
export function scheduleOrphanSweeps(
  db: Db,
  store: ObjectStore,
  log: (line: string) => void = console.log,
): () => void {
  const sweep = () =>
    sweepOrphanObjects(db, store).then(
      ({ examined, removed }) => {
        if (removed.length) log(JSON.stringify({ msg: 'orphan objects removed', examined, removed: removed.length }));
      },
      (error: Error) => log(JSON.stringify({ level: 'warn', msg: 'orphan object sweep failed', error: error.message })),
    );
  const first = setTimeout(sweep, 60_000);
  const every = setInterval(sweep, ORPHAN_GRACE_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
