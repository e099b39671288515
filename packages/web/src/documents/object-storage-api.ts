import { api } from '../app/api/client.ts';

/** The object storage calls of the web (docs/api.md "Object storage"): its containers, a container's objects, the orphans' sweep. */

/** A container of the tenant's object storage: what names its objects (documents, thumbnails…), or `orphans`. */
export interface StorageContainer {
  name: string;
  objects: number;
  size: number;
}

/** An object of a container, with the record that names it (none for an orphan). */
export interface StoredObjectItem {
  key: string;
  size: number;
  lastModified: string;
  entityName?: string;
  registration?: string;
  name?: string | null;
}

const containersPath = '/api/core/object-storage-containers';
const containerPath = (name: string) => `${containersPath}/${encodeURIComponent(name)}`;

/** The containers of the tenant's object storage. */
export function objectStorageContainers(signal?: AbortSignal) {
  return api.get<StorageContainer[]>(containersPath, { signal });
}

/** The objects of one container (the newest thousand). */
export function objectStorageContainer(name: string, signal?: AbortSignal) {
  return api.get<{ name: string; total: number; truncated: boolean; objects: StoredObjectItem[] }>(
    containerPath(name),
    { signal },
  );
}

/** Removes the tenant's orphan objects past their grace period. */
export function sweepOrphanObjects() {
  return api.post<{ examined: number; removed: number }>(`${containersPath}/orphans/sweep`);
}
