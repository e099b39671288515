import pg from 'pg';
import type { Database, Db } from '../db/database.ts';

/**
 * Live delivery of notifications to the open streams of every server process
 * (docs/notifications.md, "Live"). `notify` announces each notification it writes on the
 * PostgreSQL channel `NOTIFICATION_CHANNEL` inside the writing transaction, so PostgreSQL
 * delivers it on commit only, to every listening process; each process's hub reads the
 * committed record in its recipient's tenant and hands it to that user's streams. The embedded
 * database is opened by one process only: there `notify` announces in-process, and the hub's
 * read, which waits for the single connection the writing transaction holds, finds the record
 * once it is committed (nothing when it was rolled back).
 */
export const NOTIFICATION_CHANNEL = 'notification_created';

/** `application_name` of the listening connection (tests end it with pg_terminate_backend). */
export const LISTENER_NAME = 'lbo-notification-listener';

export type StreamEvent =
  | { type: 'notification'; notification: Record<string, unknown>; unread: number }
  | { type: 'resync'; unread: number };

type Send = (event: StreamEvent) => void;

export interface Announcement {
  tenant: string;
  recipient: string;
  id: string;
}

const localHubs = new Set<(a: Announcement) => void>();

/** Announces a written notification to this process's embedded-database hubs (see `NOTIFICATION_CHANNEL`). */
export function announceLocally(tenant: string, recipient: string, id: string): void {
  for (const hub of localHubs) setImmediate(() => hub({ tenant, recipient, id }));
}

export interface Hub {
  /** Hands `send` every notification of `username` in `tenant` from now on; answers how to stop. */
  subscribe(tenant: string, username: string, send: Send): () => void;
  /** Stops listening. */
  stop(): Promise<void>;
  /** Whether announcements are heard now (false while the listening connection is being reopened). */
  readonly live: boolean;
}

export interface HubReader {
  /** The record (as JSON-ready document) and the recipient's unread count, or undefined when not committed. */
  read(db: Db, a: Announcement): Promise<{ notification: Record<string, unknown>; unread: number } | undefined>;
  unread(db: Db, tenant: string, username: string): Promise<number>;
  /** Told of every announcement heard, streams or not (the push claim). */
  announced?(a: Announcement): Promise<unknown>;
}

const keyOf = (tenant: string, username: string) => `${tenant}\n${username}`;

export async function startHub(database: Database, reader: HubReader): Promise<Hub> {
  const { db } = database;
  const streams = new Map<string, Set<Send>>();
  let live = false;
  let stopped = false;

  const deliver = async (a: Announcement) => {
    reader.announced?.(a).catch(() => undefined);
    const targets = streams.get(keyOf(a.tenant, a.recipient));
    if (!targets?.size) return;
    try {
      const found = await reader.read(db, a);
      if (!found) return;
      for (const send of targets) send({ type: 'notification', ...found });
    } catch {
      // The stream's client resynchronises on its next event or reconnection.
    }
  };

  /** After the listener was lost, announcements may have been missed: each stream rereads its count. */
  const resync = async () => {
    for (const [key, targets] of streams) {
      if (!targets.size) continue;
      const [tenant, username] = key.split('\n');
      try {
        const unread = await reader.unread(db, tenant, username);
        for (const send of targets) send({ type: 'resync', unread });
      } catch {
        // Next time.
      }
    }
  };

  let stopListening: () => Promise<void> = async () => undefined;
  const local = (a: Announcement) => void deliver(a);
  if (database.embedded) {
    localHubs.add(local);
    live = true;
  } else {
    const connectionString = database.pool.options.connectionString;
    if (!connectionString) throw new Error('notifications: the database pool has no connection string to listen with');
    stopListening = await listen(connectionString, {
      announced: (payload) => {
        try {
          const a = JSON.parse(payload) as Announcement;
          if (typeof a.tenant === 'string' && typeof a.recipient === 'string' && typeof a.id === 'string')
            void deliver(a);
        } catch {
          // Not ours.
        }
      },
      up: (first) => {
        live = true;
        if (!first) void resync();
      },
      down: () => {
        live = false;
      },
      stopped: () => stopped,
    });
  }

  return {
    subscribe(tenant, username, send) {
      const key = keyOf(tenant, username);
      let set = streams.get(key);
      if (!set) streams.set(key, (set = new Set()));
      set.add(send);
      return () => {
        set.delete(send);
        if (!set.size) streams.delete(key);
      };
    },
    async stop() {
      stopped = true;
      localHubs.delete(local);
      streams.clear();
      await stopListening();
    },
    get live() {
      return live;
    },
  };
}

/** LISTENs on its own connection, reopened a second after a loss (as db/change-feed.ts does). */
async function listen(
  connectionString: string,
  on: { announced(payload: string): void; up(first: boolean): void; down(): void; stopped(): boolean },
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let first = true;

  const lost = () => {
    on.down();
    const last = client;
    client = undefined;
    last?.removeAllListeners();
    last?.end().catch(() => undefined);
    if (!on.stopped() && !retry)
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, 1000).unref();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, application_name: LISTENER_NAME });
    next.on('error', lost);
    next.on('end', () => {
      if (client === next) lost();
    });
    next.on('notification', (message) => {
      if (message.channel === NOTIFICATION_CHANNEL && message.payload) on.announced(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
      if (on.stopped()) {
        next.removeAllListeners();
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
      on.up(first);
      first = false;
    } catch {
      next.removeAllListeners();
      await next.end().catch(() => undefined);
      if (client === undefined) lost();
    }
  }

  await connect();
  return async () => {
    if (retry) clearTimeout(retry);
    const last = client;
    client = undefined;
    last?.removeAllListeners();
    await last?.end().catch(() => undefined);
  };
}
