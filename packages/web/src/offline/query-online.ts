import { onlineManager } from '@tanstack/react-query';

/**
 * The data cache (TanStack Query) pauses reads and writes while the browser says it has no
 * network. With the offline mode on, the data client answers them itself (kept reads, the
 * queue), so the cache is told to always run them; the browser's events are not listened to.
 */
export function runQueriesOffline() {
  onlineManager.setEventListener((setOnline) => {
    setOnline(true);
    return undefined;
  });
}
