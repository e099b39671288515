import type { CacheView } from '@lbo/model/operations';
import type { Db } from './database.ts';

/**
 * The in-process caches, each reporting itself (the `/cache-info` screen): a cache registers its
 * name, how to count its entries and how to empty it, and counts its hits and misses on the
 * handle it gets back. Registered per database, so two applications in one process (tests) keep
 * their own.
 */
export interface CacheRegistration {
  name: string;
  /** What it holds, for the operator who decides to empty it. */
  description: string;
  size(): number;
  clear(): void;
}

export interface CacheCounters {
  hit(): void;
  miss(): void;
}

export type { CacheView };

interface Registered extends CacheRegistration {
  hits: number;
  misses: number;
}

const registries = new WeakMap<object, Map<string, Registered>>();
/** Caches not tied to one database (keyed by the process). */
const processKey = {};

const registryOf = (db: Db | undefined) => {
  const key = db ?? processKey;
  let registry = registries.get(key);
  if (!registry) registries.set(key, (registry = new Map()));
  return registry;
};

/** Registers a cache (of `db`, or of the process when not given); registering a name again replaces it. */
export function registerCache(db: Db | undefined, cache: CacheRegistration): CacheCounters {
  const entry: Registered = { ...cache, hits: 0, misses: 0 };
  registryOf(db).set(cache.name, entry);
  return {
    hit: () => {
      entry.hits++;
    },
    miss: () => {
      entry.misses++;
    },
  };
}

/** The caches of `db` and of the process, by name. */
export function cachesOf(db: Db): CacheView[] {
  return [...registryOf(db).values(), ...registryOf(undefined).values()]
    .map(({ name, description, size, hits, misses }) => ({
      name,
      description,
      size: size(),
      hits,
      misses,
      hitRate: hits + misses ? hits / (hits + misses) : null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Empties the cache `name` of `db` (or of the process) and resets its counts; false when there is none. */
export function clearCache(db: Db, name: string): boolean {
  const entry = registryOf(db).get(name) ?? registryOf(undefined).get(name);
  if (!entry) return false;
  entry.clear();
  entry.hits = 0;
  entry.misses = 0;
  return true;
}
