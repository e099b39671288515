import { sql } from 'kysely';
import { ApiError } from '@lbo/model/errors';
import { notification as notificationKind } from '@lbo/model/entities/notification/notification.entity';
import { readInTenant, inTenant, scopeOf, type Db, type Tx } from '../db/database.ts';
import { updateIn, type Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc, Row } from '../entities/storage.ts';

/**
 * The inbox of the signed-in user: every read and write here filters by the caller's username,
 * whatever their permissions (an admin too reads only their own); another user's notification
 * is answered as not found, as one that does not exist.
 */
export interface InboxQuery {
  unread?: boolean;
  type?: string;
  offset?: number;
  limit?: number;
}

export interface InboxPage {
  notifications: Doc[];
  /** Matching notifications in all (the list filter's count). */
  size: number;
  unread: number;
}

const own = (caller: Caller) => sql`data->>'recipient' = ${caller.username}`;
const unreadOnly = sql`NOT (data ? 'readDate') OR data->'readDate' = 'null'::jsonb`;

export async function unreadCount(tx: Tx, caller: Caller): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM notification WHERE ${own(caller)} AND (${unreadOnly})`.execute(tx);
  return rows[0]?.n ?? 0;
}

export function listInbox(db: Db, caller: Caller, query: InboxQuery): Promise<InboxPage> {
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 20;
  const unread = query.unread ? sql`AND (${unreadOnly})` : sql``;
  const filter = query.type ? sql`${unread} AND type = ${query.type}` : unread;
  return readInTenant(db, scopeOf(caller), async (tx) => {
    const { rows } = await sql<Row>`
      SELECT * FROM notification WHERE ${own(caller)} ${filter}
      ORDER BY _insert_date DESC, registration DESC OFFSET ${offset} LIMIT ${limit}`.execute(tx);
    const size = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM notification WHERE ${own(caller)} ${filter}`.execute(tx);
    return {
      notifications: rows.map((row) => storage.toDocument(row)),
      size: size.rows[0]?.n ?? 0,
      unread: await unreadCount(tx, caller),
    };
  });
}

/** The caller's notification `id` (registration or `_id`), locked when `forUpdate`; 404 when it is not theirs. */
async function ownRow(tx: Tx, caller: Caller, id: string, forUpdate = false): Promise<Row> {
  const row = await storage.findOne(tx, notificationKind, caller.tenant, id, forUpdate);
  if (!row || (row.data as Doc).recipient !== caller.username)
    throw new ApiError('ENTITY_REGISTRATION_NOT_FOUND', [notificationKind.name, id]);
  return row as Row;
}

export const readOwn = (db: Db, caller: Caller, id: string): Promise<Doc> =>
  readInTenant(db, scopeOf(caller), async (tx) => storage.toDocument(await ownRow(tx, caller, id)));

/** Marks the caller's notification `id` read (now) or unread; a notification already so is answered as it is. */
export function markOwn(db: Db, caller: Caller, id: string, read: boolean): Promise<Doc> {
  return inTenant(db, scopeOf(caller), async (tx) => {
    const row = await ownRow(tx, caller, id, true);
    const isRead = Boolean((row.data as Doc).readDate);
    if (isRead === read) return storage.toDocument(row);
    return updateIn(
      tx,
      caller,
      notificationKind,
      row as never,
      { readDate: read ? new Date().toISOString() : null } as never,
      { mode: 'merge', historyAs: 'none' },
    );
  });
}

/** Marks every unread notification of the caller read; answers how many. */
export function markAllOwn(db: Db, caller: Caller): Promise<number> {
  return inTenant(db, scopeOf(caller), async (tx) => {
    const { rows } = await sql<Row>`
      SELECT * FROM notification WHERE ${own(caller)} AND (${unreadOnly}) ORDER BY _insert_date FOR UPDATE`.execute(tx);
    const now = new Date().toISOString();
    for (const row of rows)
      await updateIn(tx, caller, notificationKind, row as never, { readDate: now } as never, {
        mode: 'merge',
        historyAs: 'none',
      });
    return rows.length;
  });
}

/** What the hub hands a stream: the committed record (when it is) and its recipient's unread count. */
export function readAnnounced(db: Db, a: { tenant: string; recipient: string; id: string }) {
  const caller = { tenant: a.tenant, username: a.recipient };
  return readInTenant(db, scopeOf(caller), async (tx) => {
    const row = await storage.findOne(tx, notificationKind, a.tenant, a.id);
    if (!row || (row.data as Doc).recipient !== a.recipient) return undefined;
    return { notification: storage.toDocument(row as Row), unread: await unreadCount(tx, caller) };
  });
}

export const unreadOf = (db: Db, tenant: string, username: string) =>
  readInTenant(db, { tenant, user: username }, (tx) => unreadCount(tx, { tenant, username }));
