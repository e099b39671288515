import { sql } from 'kysely';
import { notification as notificationKind } from '@lbo/model/entities/notification/notification.entity';
import type { Tx } from '../db/database.ts';
import { createIn, type Caller } from '../entities/crud.operation.ts';
import type { NewNotification } from './notification-types.ts';
import { NOTIFICATION_CHANNEL, announceLocally } from './hub.ts';
import { mailNotification } from './mail.ts';
import { effective, storedPreferences } from './preferences.ts';
import { subscriptionsOf } from './push.ts';

/** Most a title or body keeps (a notification is a pointer, not the record). */
const TITLE_MAX = 200;
const BODY_MAX = 2000;

export interface Recipient {
  username: string;
  email?: string;
  locale?: string;
}

/**
 * The users `to` names in the caller's tenant: the usernames given, and every user having one
 * of the profiles, without duplicates; a user unknown, DISABLED or with
 * `isNotificationsDisabled` is left out.
 */
export async function recipientsOf(tx: Tx, to: NewNotification['to']): Promise<Recipient[]> {
  const usernames = [...new Set((to.usernames ?? []).filter((u) => typeof u === 'string' && u))];
  const profiles = [...new Set((to.profiles ?? []).filter((p) => typeof p === 'string' && p))];
  if (!usernames.length && !profiles.length) return [];
  const { rows } = await sql<{ username: string; email: string | null; locale: string | null }>`
    SELECT registration AS username, data->>'email' AS email, data->>'locale' AS locale
    FROM "user"
    WHERE (registration = ANY(${usernames}::text[]) OR (data->'profiles') ?| ${profiles}::text[])
      AND coalesce(status, '') <> 'DISABLED'
      AND coalesce((data->>'isNotificationsDisabled')::boolean, false) = false
    ORDER BY registration`.execute(tx);
  return rows.map((r) => ({ username: r.username, email: r.email ?? undefined, locale: r.locale ?? undefined }));
}

/**
 * Writes `notification` for each of its recipients inside the caller's transaction `tx`, and
 * announces it to the open streams once the transaction commits (PostgreSQL NOTIFY, which is
 * delivered on commit only; in-process on the embedded database). The author (`caller`) is not
 * notified of their own action. With a `key`, a recipient gets one notification per key:
 * a second call writes nothing for them.
 */
export async function notify(tx: Tx, caller: Caller, notification: NewNotification): Promise<void> {
  const recipients = (await recipientsOf(tx, notification.to)).filter((r) => r.username !== caller.username);
  const title = String(notification.title ?? '').slice(0, TITLE_MAX) || notification.type;
  const body = notification.body ? String(notification.body).slice(0, BODY_MAX) : undefined;
  for (const recipient of recipients) {
    if (notification.key) {
      // Two transactions notifying the same key wait for each other here, then the second sees the first.
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`notification:${caller.tenant}:${recipient.username}:${notification.key}`}, 0))`.execute(
        tx,
      );
      const { rows } = await sql<{ n: number }>`
        SELECT 1 AS n FROM notification
        WHERE data->>'recipient' = ${recipient.username} AND data->>'key' = ${notification.key} LIMIT 1`.execute(tx);
      if (rows.length) continue;
    }
    const subscribed = (await subscriptionsOf(tx, caller.tenant, recipient.username)).length > 0;
    const chosen = effective(await storedPreferences(tx, recipient.username), subscribed)[notification.type];
    const doc = await createIn(
      tx,
      caller,
      notificationKind,
      {
        recipient: recipient.username,
        type: notification.type,
        title,
        ...(body ? { body } : {}),
        ...(notification.link ? { link: notification.link } : {}),
        ...(notification.about ? { about: notification.about } : {}),
        ...(notification.key ? { key: notification.key } : {}),
        author: caller.username,
        ...(chosen?.push ? { pushPending: true } : {}),
      },
      { historyAs: 'none' },
    );
    const id = String(doc._id);
    await sql`SELECT pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify({ tenant: caller.tenant, recipient: recipient.username, id })})`.execute(
      tx,
    );
    announceLocally(caller.tenant, recipient.username, id);
    if (chosen?.email && recipient.email)
      await mailNotification(tx, caller, recipient, { ...notification, title, body }, String(doc.registration));
  }
}
