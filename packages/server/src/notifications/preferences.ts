import { sql } from 'kysely';
import { userPreference } from '@lbo/model/entities/core/user-preference.entity';
import type { Tx } from '../db/database.ts';
import { createIn, updateIn, type Caller } from '../entities/crud.operation.ts';
import type { Doc, Row } from '../entities/storage.ts';
import { notificationTypes, type NotificationType } from './notification-types.ts';

/**
 * What a user chose per notification type and channel (docs/notifications.md, "Preferences"):
 * in the app always; by e-mail as chosen, by default for the types that ask for an action
 * (`EMAIL_BY_DEFAULT`); by push as chosen once the user subscribed a browser, by default then.
 * Kept as one UserPreference of the user (type UI, group `notifications`), written through the
 * generic write path.
 */
export interface ChannelChoice {
  inApp: true;
  email: boolean;
  push: boolean;
}

export type Preferences = Record<NotificationType, ChannelChoice>;

/** Stored choices: only what the user changed. */
type Stored = Partial<Record<NotificationType, { email?: boolean; push?: boolean }>>;

export const EMAIL_BY_DEFAULT: readonly NotificationType[] = [
  'TASK_ASSIGNED',
  'MENTION',
  'TASK_REMINDER',
  'BATCH_FAILED',
];

export const PREFERENCE_GROUP = 'notifications';

async function storedRow(tx: Tx, username: string): Promise<Row | undefined> {
  const { rows } = await sql<Row>`
    SELECT * FROM user_preference
    WHERE data->>'username' = ${username} AND data->>'groupId' = ${PREFERENCE_GROUP} AND type = 'UI'
    ORDER BY _insert_date LIMIT 1`.execute(tx);
  return rows[0];
}

/** The user's choices for every type, defaults filled in; push only when `subscribed`. */
export function effective(stored: Stored, subscribed: boolean): Preferences {
  return Object.fromEntries(
    notificationTypes.map((type) => [
      type,
      {
        inApp: true,
        email: stored[type]?.email ?? EMAIL_BY_DEFAULT.includes(type),
        push: subscribed && (stored[type]?.push ?? true),
      },
    ]),
  ) as Preferences;
}

export async function storedPreferences(tx: Tx, username: string): Promise<Stored> {
  const row = await storedRow(tx, username);
  const value = (row?.data as Doc | undefined)?.value;
  return value && typeof value === 'object' ? (value as Stored) : {};
}

/** Records the caller's changes (`changes` per type) over their stored choices; answers the stored whole. */
export async function savePreferences(tx: Tx, caller: Caller, changes: Stored): Promise<Stored> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`notification-preferences:${caller.tenant}:${caller.username}`}, 0))`.execute(
    tx,
  );
  const row = await storedRow(tx, caller.username);
  const before = ((row?.data as Doc | undefined)?.value ?? {}) as Stored;
  const value: Stored = { ...before };
  for (const type of notificationTypes) {
    const change = changes[type];
    if (change) value[type] = { ...before[type], ...change };
  }
  if (row) await updateIn(tx, caller, userPreference, row as never, { value } as never, { mode: 'merge' });
  else
    await createIn(tx, caller, userPreference, {
      username: caller.username,
      groupId: PREFERENCE_GROUP,
      type: 'UI',
      name: 'Notifications',
      value,
    } as never);
  return value;
}
