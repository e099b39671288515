/**
 * Whether the offline mode applies and whether the app runs offline now, for the interceptor (no
 * React) and the header (useSyncExternalStore). The mode applies when the tenant's configuration
 * turns `offlineSupport` on and the page is secure (spec 002 §4; localhost counts). Its settings
 * are kept in local storage with the signed-in user, so that a start with no network knows them.
 */

export interface OfflineSettings {
  /** `{tenant}/{username}`: the reads and the queue are the signed-in user's. */
  owner: string;
  username: string;
  preloadContractsCount: number;
}

const SETTINGS = 'lbo.offline.settings';

export function offlineSettings(): OfflineSettings | undefined {
  if (typeof window === 'undefined' || !window.isSecureContext || !('indexedDB' in window)) return undefined;
  try {
    return JSON.parse(localStorage.getItem(SETTINGS) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeOfflineSettings(settings: OfflineSettings | undefined) {
  if (settings) localStorage.setItem(SETTINGS, JSON.stringify(settings));
  else localStorage.removeItem(SETTINGS);
  emit();
}

interface State {
  offline: boolean;
  /** Writes waiting in the queue. */
  waiting: number;
  /** Replaying the queue now. */
  syncing: boolean;
}

let state: State = { offline: false, waiting: 0, syncing: false };
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const offlineState = () => state;
export function setOfflineState(change: Partial<State>) {
  state = { ...state, ...change };
  emit();
}
export function subscribeOffline(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
