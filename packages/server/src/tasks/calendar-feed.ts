import crypto from 'node:crypto';
import ical from 'ical-generator';
import { sql } from 'kysely';
import { entityByName } from '@lbo/model/entity-registry';
import { addDays } from '@lbo/model/values/dates';
import type { Tx } from '../db/database.ts';
import { createIn, updateIn, type Caller } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import type { CalendarEvent } from '@lbo/model/calendar';

/**
 * A user's iCalendar feed (docs/tasks.md "iCalendar feed"): a secret URL holding a random token,
 * kept as the user's CALENDAR_FEED preference with the calendars the user chose (their tasks
 * always, teams and others as they like), reset from the calendar screen. The feed is read without
 * a session: its tenant and token find the user; anything else is a bare 404.
 */
const preferenceKind = entityByName('UserPreference')!;
export const FEED_GROUP = 'CALENDAR_FEED';

export interface FeedSettings {
  token: string;
  calendars: string[];
}

export const newToken = () => crypto.randomBytes(24).toString('base64url');
export const feedPath = (tenant: string, token: string) => `/api/calendar-feeds/${tenant}/${token}/calendar.ics`;

async function feedRow(tx: Tx, tenant: string, username: string) {
  const { rows } = await sql<{ _id: string }>`SELECT _id FROM ${sql.table(preferenceKind.table)}
    WHERE tenant = ${tenant} AND data->>'username' = ${username} AND data->>'groupId' = ${FEED_GROUP}
    ORDER BY _insert_date LIMIT 1`.execute(tx);
  return rows[0] ? storage.findOne(tx, preferenceKind, tenant, rows[0]._id, true) : undefined;
}

/** The user's feed, made on first use. */
export async function feedOf(tx: Tx, caller: Caller): Promise<FeedSettings> {
  const row = await feedRow(tx, caller.tenant, caller.username);
  if (row) return row.data.value as FeedSettings;
  return saveFeed(tx, caller, { token: newToken(), calendars: ['mine'] });
}

/** Stores the user's feed settings (a new token, other calendars), with its History row. */
export async function saveFeed(tx: Tx, caller: Caller, settings: FeedSettings): Promise<FeedSettings> {
  const row = await feedRow(tx, caller.tenant, caller.username);
  const data: Doc = { username: caller.username, groupId: FEED_GROUP, type: 'CONTENT', value: settings };
  if (row) await updateIn(tx, caller, preferenceKind, row, data);
  else await createIn(tx, caller, preferenceKind, data);
  return settings;
}

/** The user a feed token names in `tenant`, with their feed. */
export async function feedOwner(
  tx: Tx,
  tenant: string,
  token: string,
): Promise<{ user: Doc; feed: FeedSettings } | undefined> {
  const { rows } = await sql<{ username: string; value: FeedSettings }>`
    SELECT data->>'username' AS username, data->'value' AS value FROM ${sql.table(preferenceKind.table)}
    WHERE tenant = ${tenant} AND data->>'groupId' = ${FEED_GROUP} AND data->'value'->>'token' = ${token} LIMIT 1`.execute(
    tx,
  );
  const found = rows[0];
  // Compared again in constant time: the index lookup found it, the comparison decides.
  if (!found || !crypto.timingSafeEqual(Buffer.from(String(found.value?.token)), Buffer.from(token))) return undefined;
  const user = await storage.findOne(tx, entityByName('User')!, tenant, found.username);
  if (!user || user.status === 'DISABLED') return undefined;
  return { user: storage.toDocument(user), feed: found.value };
}

/** The feed's window: three months back, a year ahead. */
export const feedWindow = (today: string) => ({ from: addDays(today, -92), to: addDays(today, 366) });

/** The events as an iCalendar (RFC 5545): stable UIDs, all-day events as DATE values, a task's version as its SEQUENCE. */
export function icalendarOf(name: string, events: CalendarEvent[], origin: string, now = new Date()): string {
  const host = new URL(origin).hostname || 'lbo';
  const calendar = ical({ name, prodId: { company: 'lbo', product: 'calendar', language: 'EN' }, ttl: 900 });
  for (const event of events) {
    const allDay = event.allDay;
    const start = allDay ? new Date(`${event.start}T00:00:00Z`) : new Date(event.start);
    const end = allDay
      ? new Date(`${addDays(event.start, 1)}T00:00:00Z`)
      : event.end
        ? new Date(event.end)
        : new Date(start.getTime() + 3600_000);
    calendar.createEvent({
      id: `${event.id}@${host}`,
      sequence: event.version ?? 0,
      stamp: now,
      start,
      end,
      allDay,
      summary: event.title,
      ...(event.link ? { url: `${origin}${event.link}` } : {}),
      ...(event.status ? { description: `${event.status}${event.overdue ? ' (overdue)' : ''}` } : {}),
    });
  }
  return calendar.toString();
}
