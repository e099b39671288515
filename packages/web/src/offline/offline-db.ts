import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { QueueEntry } from './queue.ts';

/**
 * The offline mode's IndexedDB (one database, the name fixed): the reads kept for offline use
 * (the last-used API reads and the preloaded contracts, by the signed-in user and URL), the
 * queue of writes, and what was preloaded when (to preload again only what changed).
 */
interface OfflineSchema extends DBSchema {
  reads: {
    key: [string, string];
    value: { owner: string; url: string; data: unknown; savedAt: number };
    indexes: { byOwner: string; bySavedAt: number };
  };
  queue: { key: number; value: QueueEntry & { owner: string } };
  preloads: {
    key: [string, string];
    value: { owner: string; registration: string; updateDate: string; appVersion: string };
  };
}

export const OFFLINE_DB = 'lbo-offline';
/** The last-used reads kept per browser; older ones make room. */
export const KEPT_READS = 400;

let opened: Promise<IDBPDatabase<OfflineSchema>> | undefined;
/** Version 2: a database made empty by someone else under version 1 (a page script opening it first) gets its stores. */
export const offlineDb = () =>
  (opened ??= openDB<OfflineSchema>(OFFLINE_DB, 2, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('reads')) {
        const reads = db.createObjectStore('reads', { keyPath: ['owner', 'url'] });
        reads.createIndex('byOwner', 'owner');
        reads.createIndex('bySavedAt', 'savedAt');
      }
      if (!db.objectStoreNames.contains('queue')) db.createObjectStore('queue', { keyPath: 'id', autoIncrement: true });
      if (!db.objectStoreNames.contains('preloads'))
        db.createObjectStore('preloads', { keyPath: ['owner', 'registration'] });
    },
  }));

export async function keptRead(owner: string, url: string): Promise<unknown | undefined> {
  return (await (await offlineDb()).get('reads', [owner, url]))?.data;
}

export async function keepRead(owner: string, url: string, data: unknown) {
  const db = await offlineDb();
  await db.put('reads', { owner, url, data, savedAt: Date.now() });
  const count = await db.count('reads');
  if (count <= KEPT_READS) return;
  const tx = db.transaction('reads', 'readwrite');
  let cursor = await tx.store.index('bySavedAt').openCursor();
  for (let extra = count - KEPT_READS; cursor && extra > 0; extra--) {
    await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.done;
}

export async function queued(owner: string): Promise<QueueEntry[]> {
  return (await (await offlineDb()).getAll('queue')).filter((entry) => entry.owner === owner);
}

export async function addQueued(owner: string, entry: QueueEntry): Promise<number> {
  const { id: _none, ...rest } = entry;
  return (await offlineDb()).add('queue', { ...rest, owner } as QueueEntry & { owner: string });
}

export async function putQueued(owner: string, entry: QueueEntry) {
  await (await offlineDb()).put('queue', { ...entry, owner });
}

export async function removeQueued(id: number) {
  await (await offlineDb()).delete('queue', id);
}

export async function preloadOf(owner: string, registration: string) {
  return (await offlineDb()).get('preloads', [owner, registration]);
}

export async function markPreloaded(owner: string, registration: string, updateDate: string, appVersion: string) {
  await (await offlineDb()).put('preloads', { owner, registration, updateDate, appVersion });
}
