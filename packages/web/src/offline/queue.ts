/**
 * The offline queue's rules (spec 002 §3 "Offline queue entry", §4 "Offline mode", §7, §9), with no
 * storage: which writes may wait, what a waiting write holds, the temporary registrations of
 * records created offline (`TMP` + 8 digits) and their replacement once the server has numbered them.
 */

/** The kinds whose writes wait in the queue, by queue key, with the route they go to. */
export const queueRoutes = {
  contracts: '/api/financing/contracts',
  assets: '/api/asset/assets',
  persons: '/api/person/persons',
  tasks: '/api/core/tasks',
} as const;
export type QueueKey = keyof typeof queueRoutes;

/** The kind a sync failure names (spec 002 §8). */
export const kindLabels: Record<QueueKey, string> = {
  contracts: 'Contract',
  assets: 'Asset',
  persons: 'Person',
  tasks: 'Task',
};
export const kindLabelOf = (key: string) => kindLabels[key as QueueKey] ?? '???';

export const queuedMethods = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type QueuedMethod = (typeof queuedMethods)[number];

/** A write waiting for the network (spec 002 §3), and what the replay needs to send it as it was meant. */
export interface QueueEntry {
  /** Its place in the queue (IndexedDB's key), in the order the writes were made. */
  id?: number;
  method: QueuedMethod;
  /** The path with its query (`/api/financing/contracts/CT000042`). */
  url: string;
  data?: unknown;
  /** The queue key: contracts, assets, persons or tasks. */
  key: QueueKey;
  username: string;
  /** Sends that got no answer. */
  trials: number;
  /** The last failure's text. */
  error?: string;
  /** The version the change was made on (`If-Match`): a record changed meanwhile on the server answers 412. */
  ifMatch?: number;
  /** The record as it was when the change was made (the base of a conflict's comparison). */
  base?: Record<string, unknown>;
  /** Sent with a create, so that one whose answer was lost is made once. */
  idempotencyKey: string;
  /** The registration the record had, or received offline (`TMP…`). */
  registration?: string;
}

/** The queue key of a write's path, or undefined when its kind does not wait offline. */
export function queueKeyOf(path: string): QueueKey | undefined {
  const bare = path.split('?')[0];
  for (const [key, route] of Object.entries(queueRoutes))
    if (bare === route || bare.startsWith(`${route}/`)) return key as QueueKey;
  return undefined;
}

/** The registration a record path names (`/api/financing/contracts/CT000042` → CT000042). */
export function registrationOf(path: string): string | undefined {
  const key = queueKeyOf(path);
  if (!key) return undefined;
  const rest = path.split('?')[0].slice(queueRoutes[key].length + 1);
  return rest ? decodeURIComponent(rest.split('/')[0]) : undefined;
}

/** A queue entry for a write; an unknown method is refused (spec 002 §8: it throws). */
export function queueEntry(
  write: Omit<QueueEntry, 'method' | 'key' | 'trials' | 'registration'> & { method: string },
): QueueEntry {
  const method = write.method.toUpperCase();
  if (!(queuedMethods as readonly string[]).includes(method))
    throw new Error(`Offline queue write with an unknown method: ${write.method}`);
  const key = queueKeyOf(write.url);
  if (!key) throw new Error(`Offline queue write to a path that is not queued: ${write.url}`);
  return {
    ...write,
    method: method as QueuedMethod,
    key,
    trials: 0,
    registration: registrationOf(write.url) ?? (write.data as { registration?: string } | undefined)?.registration,
  };
}

export const temporaryPattern = /^TMP\d{8}$/;
export const isTemporary = (registration: unknown) =>
  typeof registration === 'string' && temporaryPattern.test(registration);

/** The temporary registration after `last` (the counter): TMP plus 8 digits. */
export function nextTemporary(last: number): { registration: string; counter: number } {
  const counter = (last + 1) % 100_000_000;
  return { registration: `TMP${String(counter).padStart(8, '0')}`, counter };
}

/** `value` with every string equal to `from` (a temporary registration) made `to`, at any depth. */
export function replaceDeep<T>(value: T, from: string, to: string): T {
  if (value === from) return to as T;
  if (Array.isArray(value)) return value.map((item) => replaceDeep(item, from, to)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceDeep(v, from, to)])) as T;
  return value;
}

/** A path with the segment `from` made `to` (`/contract/TMP00000001/assets` → `/contract/CT000042/assets`). */
export const replaceInPath = (path: string, from: string, to: string) =>
  path
    .split(/([/?&=#])/)
    .map((part) => (part === from ? to : part))
    .join('');

/** The entries after a record created offline was saved as `to`: its temporary registration replaced in their paths, bodies and bases. */
export function replaceTemporary(entries: QueueEntry[], from: string, to: string): QueueEntry[] {
  return entries.map((entry) => ({
    ...entry,
    url: replaceInPath(entry.url, from, to),
    data: replaceDeep(entry.data, from, to),
    base: replaceDeep(entry.base, from, to),
    registration: entry.registration === from ? to : entry.registration,
  }));
}

/** How many lists of sync errors are kept (spec 002 §9: about 6). */
export const SYNC_ERROR_HISTORY = 6;

export interface SyncFailure {
  kind: string;
  registration?: string;
  error: string;
}

/** The history with the latest list of failures first, at most SYNC_ERROR_HISTORY lists. */
export const withSyncErrors = (
  history: Array<{ at: string; failures: SyncFailure[] }>,
  failures: SyncFailure[],
  at: string,
) => [{ at, failures }, ...history].slice(0, SYNC_ERROR_HISTORY);
