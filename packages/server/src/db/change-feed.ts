import pg from 'pg';
import type { Db } from './database.ts';

/**
 * Which commits changed what a process keeps in memory about who may do what (sessions, users,
 * profile permissions). A trigger on those tables marks the transaction (`app.auth_changed`),
 * which `inTenant` reads in its COMMIT round trip, so the committing process drops its caches
 * before it answers; and notifies `AUTH_CHANNEL`, so every other process drops them too.
 * A cache may only be trusted while the feed is live: on PostgreSQL that is while this process
 * listens on the channel (a lost connection clears the caches and disables them until it is
 * back); the embedded database is only ever opened by one process, so it is always live.
 */
export const AUTH_CHANNEL = 'auth_changed';

interface Feed {
  listeners: Set<() => void>;
  live: boolean;
  /** Bumped by every change: a loader stores what it read only if no change came in between. */
  generation: number;
}

const feeds = new WeakMap<Db, Feed>();

function feedOf(db: Db): Feed {
  let feed = feeds.get(db);
  if (!feed) feeds.set(db, (feed = { listeners: new Set(), live: false, generation: 0 }));
  return feed;
}

/** Calls `listener` after every change, in this process or another. */
export function onAuthChange(db: Db, listener: () => void): void {
  feedOf(db).listeners.add(listener);
}

export function authChanged(db: Db): void {
  const feed = feedOf(db);
  feed.generation++;
  for (const listener of feed.listeners) listener();
}

/** Whether caches of `db` may be used now, and the generation to compare after loading. */
export const authFeed = (db: Db): { live: boolean; generation: number } => feedOf(db);

/** The embedded database: one process, so every change is seen by `inTenant`. */
export function singleProcessFeed(db: Db): void {
  feedOf(db).live = true;
}

/**
 * Listens for other processes' changes on its own connection, reconnecting after a loss.
 * Answers the function that stops listening.
 */
export async function listenForAuthChanges(db: Db, connectionString: string): Promise<() => Promise<void>> {
  const feed = feedOf(db);
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = () => {
    feed.live = false;
    authChanged(db);
    client?.removeAllListeners();
    client?.end().catch(() => undefined);
    client = undefined;
    if (!stopped && !retry)
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, 1000).unref();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    next.on('error', lost);
    next.on('end', () => {
      if (client === next) lost();
    });
    next.on('notification', () => authChanged(db));
    try {
      await next.connect();
      await next.query(`LISTEN ${AUTH_CHANNEL}`);
      client = next;
      // Changes made while nobody listened are unknown: start from empty caches.
      authChanged(db);
      feed.live = true;
    } catch {
      next.removeAllListeners();
      await next.end().catch(() => undefined);
      lost();
    }
  }

  await connect();
  return async () => {
    stopped = true;
    feed.live = false;
    if (retry) clearTimeout(retry);
    const last = client;
    client = undefined;
    last?.removeAllListeners();
    await last?.end().catch(() => undefined);
  };
}
