import { readEventStream } from '@lbo/model/values/event-stream';

/**
 * A reader of `GET /api/notification/stream` for tests: opens it with the session's token, as
 * the web does (fetch, not EventSource), and collects its events.
 */
export interface StreamEventRead {
  event: string;
  data: Record<string, unknown>;
  at: number;
}

export interface OpenStream {
  events: StreamEventRead[];
  /** The first event from index `from` that `match` accepts, within `ms`. */
  next(match: (e: StreamEventRead) => boolean, ms?: number, from?: number): Promise<StreamEventRead>;
  close(): void;
  status: number;
  /** The answer's headers (a proxy in front may say which server answered). */
  headers: Headers;
}

export async function openStream(url: string, authorization: string): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { authorization }, signal: controller.signal });
  const events: StreamEventRead[] = [];
  const waiters = new Set<() => void>();
  if (res.ok && res.body) {
    readEventStream(res.body, (event, data) => {
      events.push({ event, data: JSON.parse(data), at: Date.now() });
      for (const wake of waiters) wake();
    }).catch(() => {
      // Closed.
    });
  }
  return {
    events,
    status: res.status,
    headers: res.headers,
    close: () => controller.abort(),
    next(match, ms = 5000, from = 0) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = events.slice(from).find(match);
          if (found) {
            waiters.delete(look);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events.map((e) => e.event))}`));
        }, ms);
        waiters.add(look);
        look();
      });
    },
  };
}
