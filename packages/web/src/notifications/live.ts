import { useSyncExternalStore } from 'react';
import { readEventStream } from '@lbo/model/values/event-stream';
import { requestHeaders } from '../app/api/client.ts';
import { getToken } from '../app/api/token.ts';

/**
 * The signed-in user's live notifications (docs/notifications.md, "Live"): one stream per tab,
 * `GET /api/notification/stream` read with fetch, since an EventSource cannot send the session's
 * `authorization` header (and a token in the URL would end up in logs). A dropped stream is
 * reopened after a pause growing to 30 s, with the token of the moment; the unread count comes
 * with every event.
 */
export interface LiveNotification {
  _id: string;
  registration: string;
  type: string;
  title: string;
  body?: string;
  link?: string;
  readDate?: string | null;
  _insertDate: string;
}

type Listener = (notification: LiveNotification) => void;

let unread: number | undefined;
const countListeners = new Set<() => void>();
const arrivals = new Set<Listener>();
let users = 0;
let controller: AbortController | undefined;
let retry: ReturnType<typeof setTimeout> | undefined;
let pause = 1000;

function setUnread(value: number | undefined) {
  if (value === unread) return;
  unread = value;
  for (const listener of countListeners) listener();
}

/** The count after a change made here (marked read), until the stream says more. */
export function adjustUnread(change: (count: number) => number) {
  if (unread !== undefined) setUnread(Math.max(0, change(unread)));
}

function handle(event: string, data: string) {
  let parsed: { unread?: number; notification?: LiveNotification };
  try {
    parsed = JSON.parse(data);
  } catch {
    return;
  }
  if (typeof parsed.unread === 'number') setUnread(parsed.unread);
  if (event === 'notification' && parsed.notification) for (const listener of arrivals) listener(parsed.notification);
}

async function connect() {
  if (!getToken()) return;
  const own = new AbortController();
  controller = own;
  try {
    const response = await fetch('/api/notification/stream', {
      headers: { ...requestHeaders(false), accept: 'text/event-stream' },
      signal: own.signal,
    });
    if (!response.ok || !response.body) throw new Error(String(response.status));
    pause = 1000;
    await readEventStream(response.body, handle);
  } catch {
    // Dropped, refused or stopped: reopened below unless stopped.
  }
  if (controller !== own || own.signal.aborted) return;
  controller = undefined;
  retry = setTimeout(() => {
    retry = undefined;
    if (users > 0) void connect();
  }, pause);
  pause = Math.min(pause * 2, 30_000);
}

/** Keeps the stream open while at least one part of the page uses it. */
export function openLiveStream(): () => void {
  users++;
  if (users === 1 && !controller && !retry) void connect();
  return () => {
    users--;
    if (users > 0) return;
    controller?.abort();
    controller = undefined;
    if (retry) clearTimeout(retry);
    retry = undefined;
    setUnread(undefined);
  };
}

/** Calls `listener` with each notification as it comes; answers how to stop. */
export function onArrival(listener: Listener): () => void {
  arrivals.add(listener);
  return () => arrivals.delete(listener);
}

const subscribe = (listener: () => void) => {
  countListeners.add(listener);
  return () => countListeners.delete(listener);
};

/** The unread count the stream last gave (undefined until it opened). */
export const useUnreadCount = (): number | undefined => useSyncExternalStore(subscribe, () => unread);
