import { ApiFailure } from '../app/api/api-failure.ts';
import { request } from '../app/api/client.ts';
import { keepRead, markPreloaded, preloadOf, putQueued, queued, removeQueued } from './offline-db.ts';
import { setOfflineState, type OfflineSettings } from './offline-state.ts';
import {
  isTemporary,
  kindLabelOf,
  queueRoutes,
  replaceTemporary,
  withSyncErrors,
  type QueueEntry,
  type SyncFailure,
} from './queue.ts';

/** The offline probe's pause (spec 002 §9). */
export const PING_INTERVAL_MS = 2000;
/** What a preloaded contract comes with (spec 002 §7). */
export const PRELOAD_INCLUDE = 'assets,persons,fundings,documents,collaterals,financingServices';
const SYNC_ERRORS = 'lbo.offline.syncErrors';
/** Contracts read at the same time while preloading. */
const PRELOAD_AT_ONCE = 4;

const direct = { direct: true, silent: true, noSessionCheck: true } as const;

/** Whether the server answers the probe now. */
export async function serverAnswers(): Promise<boolean> {
  try {
    await request('GET', '/api/core/ping', direct);
    return true;
  } catch (error) {
    return !(error instanceof ApiFailure && error.status === 0);
  }
}

/** A change made offline on a version the server has left: mine (the queued change) and theirs (the record now). */
export interface Conflict {
  entry: QueueEntry;
  theirs: Record<string, unknown>;
}

export interface ReplayResult {
  sent: number;
  failures: SyncFailure[];
  conflicts: Conflict[];
  /** A write got no answer: the app is offline again, the rest waits. */
  stopped: boolean;
}

/** The server holds a newer version than the change was made on: `If-Match` (412) or the body's `_version` (409). */
export const isConflict = (error: ApiFailure) =>
  error.status === 412 || (error.status === 409 && error.code === 'VERSION_CONFLICT');

const messageOf = (error: unknown) =>
  error instanceof ApiFailure ? (error.body.message ?? `HTTP ${error.status}`) : String(error);

/** The kept copy of a record, as the offline reads find it. */
const keepRecord = (settings: OfflineSettings, entry: QueueEntry, record: Record<string, unknown>) =>
  keepRead(settings.owner, `${queueRoutes[entry.key]}/${encodeURIComponent(String(record.registration))}`, {
    data: record,
    headers: {},
  });

/**
 * Sends the queue in order (spec 002 §4): each write with its `If-Match` and `Idempotency-Key`,
 * then a read of the saved record. A record created offline: its `TMP…` registration is replaced
 * by the saved one in the writes still waiting and in the address (`replaceAddress`). A write the
 * server refuses is recorded as failed and skipped; a 412 is a conflict for the person to settle;
 * a write without an answer counts a trial, keeps its error and stops the replay.
 */
export async function replayQueue(
  settings: OfflineSettings,
  replaceAddress: (from: string, to: string) => void,
): Promise<ReplayResult> {
  const result: ReplayResult = { sent: 0, failures: [], conflicts: [], stopped: false };
  let entries = await queued(settings.owner);
  setOfflineState({ syncing: true, waiting: entries.length });
  try {
    while (entries.length) {
      const [entry, ...rest] = entries;
      entries = rest;
      try {
        const { data } = await request<Record<string, unknown> | undefined>(entry.method, entry.url, {
          ...direct,
          body: entry.data,
          ifMatch: entry.ifMatch,
          idempotencyKey: entry.idempotencyKey,
        });
        await removeQueued(entry.id!);
        result.sent++;
        const saved = typeof data?.registration === 'string' ? data.registration : undefined;
        if (saved && entry.method !== 'DELETE') {
          const fresh = await request<Record<string, unknown>>(
            'GET',
            `${queueRoutes[entry.key]}/${encodeURIComponent(saved)}`,
            direct,
          ).catch(() => ({ data }));
          if (fresh.data) await keepRecord(settings, entry, fresh.data);
        }
        if (saved && entry.method === 'POST' && isTemporary(entry.registration) && entry.registration !== saved) {
          entries = replaceTemporary(entries, entry.registration!, saved);
          for (const next of entries) await putQueued(settings.owner, next);
          replaceAddress(entry.registration!, saved);
        }
      } catch (error) {
        if (!(error instanceof ApiFailure) || error.status === 0) {
          await putQueued(settings.owner, { ...entry, trials: entry.trials + 1, error: messageOf(error) });
          result.stopped = true;
          result.failures.push({
            kind: kindLabelOf(entry.key),
            registration: entry.registration,
            error: messageOf(error),
          });
          return result;
        }
        await removeQueued(entry.id!);
        if (isConflict(error) && entry.registration) {
          const theirs = await request<Record<string, unknown>>(
            'GET',
            `${queueRoutes[entry.key]}/${encodeURIComponent(entry.registration)}`,
            direct,
          ).catch(() => undefined);
          if (theirs) {
            result.conflicts.push({ entry, theirs: theirs.data });
            continue;
          }
        }
        result.failures.push({
          kind: kindLabelOf(entry.key),
          registration: entry.registration,
          error: messageOf(error),
        });
      }
      setOfflineState({ waiting: entries.length });
    }
    return result;
  } finally {
    setOfflineState({ syncing: false, waiting: (await queued(settings.owner)).length });
  }
}

/** Keeps the latest lists of sync failures in local storage (about 6, spec 002 §9). */
export function recordSyncErrors(failures: SyncFailure[]) {
  let history: Array<{ at: string; failures: SyncFailure[] }> = [];
  try {
    history = JSON.parse(localStorage.getItem(SYNC_ERRORS) ?? '[]');
  } catch {
    history = [];
  }
  localStorage.setItem(SYNC_ERRORS, JSON.stringify(withSyncErrors(history, failures, new Date().toISOString())));
}

export const syncErrorHistory = (): Array<{ at: string; failures: SyncFailure[] }> => {
  try {
    return JSON.parse(localStorage.getItem(SYNC_ERRORS) ?? '[]');
  } catch {
    return [];
  }
};

/** The version of the app: its entry script's hashed name changes with every build. */
export const appVersion = () =>
  document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ?? 'dev';

/**
 * Preloads the user's latest contracts (spec 002 §7, §9: `preloadContractsCount`, 10 by default)
 * with their assets, persons, fundings, documents, collaterals and financing services; a contract
 * is read again only when its update date or the app's version changed. Answers how many were read.
 */
export async function preloadContracts(settings: OfflineSettings): Promise<number> {
  if (settings.preloadContractsCount <= 0) return 0;
  const { data: list } = await request<Array<{ registration: string; _updateDate?: string }>>(
    'GET',
    queueRoutes.contracts,
    { ...direct, query: { limit: settings.preloadContractsCount } },
  );
  const version = appVersion();
  let read = 0;
  const preloadOne = async ({ registration, _updateDate }: { registration: string; _updateDate?: string }) => {
    const updateDate = String(_updateDate ?? '');
    const before = await preloadOf(settings.owner, registration);
    if (before && before.updateDate === updateDate && before.appVersion === version) return;
    const path = `${queueRoutes.contracts}/${encodeURIComponent(registration)}`;
    const { data } = await request<Record<string, unknown>>('GET', path, {
      ...direct,
      query: { include: PRELOAD_INCLUDE },
    });
    await keepRead(settings.owner, path, { data, headers: {} });
    await markPreloaded(settings.owner, registration, updateDate, version);
    read++;
  };
  // A few at a time: the server is not asked for ten contracts with their includes at once.
  const contracts = list ?? [];
  for (let i = 0; i < contracts.length; i += PRELOAD_AT_ONCE)
    await Promise.all(contracts.slice(i, i + PRELOAD_AT_ONCE).map(preloadOne));
  return read;
}
