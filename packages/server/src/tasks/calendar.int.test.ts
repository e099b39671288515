import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@lbo/model/entity-registry';
import { addDays, dayIn } from '@lbo/model/values/dates';
import { inTenant } from '../db/database.ts';
import * as storage from '../entities/storage.ts';
import type { Doc } from '../entities/storage.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';

/**
 * The calendar (`GET /api/script/runs/calendars`): its calendars, the events of a range per user
 * and team, instants in the client's time zone and days as days, a task dragged to another day
 * (PATCH with If-Match; a stale version is refused with the catalogue's message), and the
 * iCalendar feed at its secret URL: RFC 5545's essentials line by line, UIDs stable between two
 * reads, a moved task moving its event, a reset URL and a wrong token answering a bare 404.
 */
let t: TestApp;
let collector: SignedInUser;
let nobody: SignedInUser;
let mine = '';
let team = '';

const calendars = (query: string, headers: Record<string, string> = t.alpha.headers) =>
  t.call('GET', `/api/script/runs/calendars${query}`, headers);

const insert = (kind: string, registration: string, status: string, data: Doc) =>
  inTenant(t.db.database.db, { tenant: 'alpha', user: 'system' }, (tx) =>
    storage.insertRow(tx, entityByName(kind)!, 'alpha', 'system', {
      registration,
      status,
      name: registration,
      ...data,
    }),
  );

/** RFC 5545 content lines unfolded (a line starting with a space continues the one before). */
const unfold = (text: string) =>
  text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);

beforeAll(async () => {
  t = await createTestApp();
  collector = await createUser(t.app, t.alpha.headers, {
    username: 'collector@alpha',
    lastName: 'Collector',
    profiles: ['COLLECTOR'],
  });
  nobody = await createUser(t.app, t.alpha.headers, {
    username: 'nobody@alpha',
    lastName: 'Nobody',
    profiles: ['CLIENT'],
  });
  const a = await t.call('POST', '/api/core/tasks', t.alpha.headers, {
    subject: 'Mine on the 10th',
    ownerUsername: 'collector@alpha',
    dueDate: '2030-03-10',
  });
  mine = a.json().registration;
  const b = await t.call('POST', '/api/core/tasks', t.alpha.headers, {
    subject: 'Team on the 20th',
    profiles: ['SALES'],
    dueDate: '2030-03-20',
  });
  team = b.json().registration;
  await t.call('POST', '/api/core/tasks', t.alpha.headers, {
    subject: 'April',
    ownerUsername: 'collector@alpha',
    dueDate: '2030-04-02',
  });
  // A committee at 23:30 UTC on 14 March: the 15th in Paris.
  await insert('Committee', 'COM000001', 'SCHEDULED', {
    subject: 'Credit committee',
    startDate: '2030-03-14T23:30:00.000Z',
    endDate: '2030-03-15T01:00:00.000Z',
  });
  await insert('Contract', 'CT000001', 'ACTIVE', {
    startDate: '2027-03-05',
    endDate: '2030-03-25',
    endOfTermOption: 'PURCHASE',
    quotations: [{ isChosen: true, indexed: true, residualValue: 1000 }],
  });
  await insert('PaymentFile', 'PF000001', 'SENT', { requestedDate: '2030-03-07', count: 12 });
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('calendar', () => {
  it('lists the calendars the caller may show', async () => {
    const res = await calendars('');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((c: Doc) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(['mine', 'team:SALES', 'committees', 'contracts', 'collections', 'month-ends']),
    );
    expect(res.json()[0]).toEqual({ name: 'mine', label: 'My tasks', color: expect.any(String), kind: 'TASKS' });
  });

  it('answers the events of a range per user and team, days as days and instants in the client’s zone', async () => {
    const res = await calendars('?from=2030-03-01&to=2030-03-31', {
      ...collector.headers,
      'client-timezone': 'Europe/Paris',
    });
    expect(res.statusCode, res.body).toBe(200);
    const events = res.json().events as Doc[];
    const byId = new Map(events.map((e) => [e.id, e]));
    expect(byId.get(`task:${mine}`)).toMatchObject({
      calendar: 'mine',
      start: '2030-03-10',
      allDay: true,
      editable: true,
    });
    expect(byId.get(`task:${team}`)).toMatchObject({ calendar: 'team:SALES', start: '2030-03-20' });
    expect([...byId.keys()].some((id) => String(id).includes('April'))).toBe(false);
    expect(byId.get('committee:COM000001')).toMatchObject({
      start: '2030-03-15T00:30:00+01:00',
      end: '2030-03-15T02:00:00+01:00',
      allDay: false,
    });
    expect(byId.get('contract-end:CT000001')).toMatchObject({ start: '2030-03-25', allDay: true });
    expect(byId.get('indexation:CT000001:2030')).toMatchObject({ start: '2030-03-05' });
    expect(byId.get('collection:PF000001')).toMatchObject({ start: '2030-03-07' });
    expect(byId.get('month-end:2030-03')).toMatchObject({ start: '2030-03-31', allDay: true });
    // The residual-value option's notice, 90 days before the end, is in late December.
    const december = await calendars('?from=2029-12-01&to=2029-12-31&calendars=contracts', collector.headers);
    expect(december.json().events.map((e: Doc) => e.id)).toEqual(['residual-option:CT000001']);
    // In UTC the committee starts on the 14th.
    const utc = await calendars('?from=2030-03-14&to=2030-03-14&calendars=committees', collector.headers);
    expect(utc.json().events).toHaveLength(1);
    expect(utc.json().events[0].start).toBe('2030-03-14T23:30:00+00:00');
    const paris = await calendars('?from=2030-03-14&to=2030-03-14&calendars=committees', {
      ...collector.headers,
      'client-timezone': 'Europe/Paris',
    });
    expect(paris.json().events).toHaveLength(0);
  });

  it('refuses a bad range or calendar, and a user without read /api/core/tasks', async () => {
    const reversed = await calendars('?from=2030-03-10&to=2030-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().code).toBe('INVALID_FIELD_IN_QUERY');
    const half = await calendars('?from=2030-03-10');
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toContain('to');
    const long = await calendars('?from=2030-01-01&to=2032-01-01');
    expect(long.statusCode).toBe(400);
    const unknown = await calendars('?from=2030-03-01&to=2030-03-31&calendars=mine,nothing');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('calendars');
    const day = await calendars('?from=2030-02-30&to=2030-03-31');
    expect(day.statusCode).toBe(400);
    const refused = await calendars('', nobody.headers);
    expect(refused.statusCode).toBe(403);
  });

  it('moves a dragged task to another day, and refuses a stale version', async () => {
    const before = (await t.call('GET', `/api/core/tasks/${mine}`, collector.headers)).json();
    const moved = await t.call(
      'PATCH',
      `/api/core/tasks/${mine}`,
      { ...collector.headers, 'if-match': `"${before._version}"` },
      { dueDate: '2030-03-12' },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const stale = await t.call(
      'PATCH',
      `/api/core/tasks/${mine}`,
      { ...collector.headers, 'if-match': `"${before._version}"` },
      { dueDate: '2030-03-13' },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().code).toBe('PRECONDITION_FAILED');
    const events = (await calendars('?from=2030-03-01&to=2030-03-31&calendars=mine', collector.headers)).json().events;
    expect(events.find((e: Doc) => e.id === `task:${mine}`)).toMatchObject({
      start: '2030-03-12',
      version: before._version + 1,
    });
  });
});

describe('iCalendar feed', () => {
  let url = '';
  // The feed carries three months back and a year ahead.
  const soon = addDays(dayIn(new Date()), 10);
  const compact = (day: string) => day.replace(/-/g, '');
  let own = '';
  let sales = '';
  beforeAll(async () => {
    own = (
      await t.call('POST', '/api/core/tasks', t.alpha.headers, {
        subject: 'Soon',
        ownerUsername: 'admin@alpha',
        dueDate: soon,
      })
    ).json().registration;
    sales = (
      await t.call('POST', '/api/core/tasks', t.alpha.headers, {
        subject: 'Sales soon',
        profiles: ['SALES'],
        dueDate: soon,
      })
    ).json().registration;
  });
  const feedOf = (address: string) => t.app.inject({ method: 'GET', url: new URL(address).pathname });

  it('is reached at a secret URL without a session, in RFC 5545 form', async () => {
    const feed = await t.call('GET', '/api/core/calendar-feed', t.alpha.headers);
    expect(feed.statusCode).toBe(200);
    url = feed.json().url;
    expect(url).toMatch(/\/api\/calendar-feeds\/alpha\/[A-Za-z0-9_-]{32}\/calendar\.ics$/);
    // The admin's feed carries the collector's team too (its tasks are not the admin's own).
    const chosen = await t.call('PUT', '/api/core/calendar-feed', t.alpha.headers, {
      calendars: ['team:SALES', 'user:collector@alpha', 'month-ends'],
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().calendars).toEqual(['mine', 'team:SALES', 'user:collector@alpha', 'month-ends']);
    const res = await feedOf(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.body).toContain('\r\n');
    const lines = unfold(res.body);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.some((l) => l.startsWith('PRODID:'))).toBe(true);
    // Every VEVENT has a UID, a DTSTAMP in UTC and a DTSTART; all-day events are DATE values.
    const events: string[][] = [];
    let current: string[] | undefined;
    for (const line of lines) {
      if (line === 'BEGIN:VEVENT') current = [];
      else if (line === 'END:VEVENT') {
        events.push(current!);
        current = undefined;
      } else current?.push(line);
    }
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event.filter((l) => l.startsWith('UID:'))).toHaveLength(1);
      expect(event.find((l) => l.startsWith('DTSTAMP:'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
      expect(event.some((l) => l.startsWith('DTSTART'))).toBe(true);
    }
    const task = events.find((e) => e.includes(`UID:task:${own}@localhost`));
    expect(task).toBeDefined();
    expect(task).toContain(`DTSTART;VALUE=DATE:${compact(soon)}`);
    expect(task).toContain(`DTEND;VALUE=DATE:${compact(addDays(soon, 1))}`);
    expect(task).toContain('SUMMARY:Soon');
    expect(events.some((e) => e.includes(`UID:task:${sales}@localhost`))).toBe(true);
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('keeps UIDs between two reads, and moves a moved task’s event', async () => {
    const uids = (body: string) =>
      unfold(body)
        .filter((l) => l.startsWith('UID:'))
        .sort();
    const first = await feedOf(url);
    const second = await feedOf(url);
    expect(uids(second.body)).toEqual(uids(first.body));
    const later = addDays(soon, 3);
    await t.call('PATCH', `/api/core/tasks/${own}`, t.alpha.headers, { dueDate: later });
    const third = await feedOf(url);
    expect(uids(third.body)).toEqual(uids(first.body));
    const event = third.body.split('BEGIN:VEVENT').find((e) => e.includes(`UID:task:${own}@`))!;
    expect(event).toContain(`DTSTART;VALUE=DATE:${compact(later)}`);
    expect(event).toContain('SEQUENCE:2');
  });

  it('answers a bare 404 for a wrong token or tenant, and for the former URL after a reset', async () => {
    const token = url.split('/').at(-2)!;
    for (const wrong of [
      url.replace(token, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`),
      url.replace('/alpha/', '/beta/'),
      url.replace(token, 'short'),
    ]) {
      const res = await feedOf(wrong);
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe('Not found');
    }
    const reset = await t.call('POST', '/api/core/calendar-feed/reset', t.alpha.headers);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().url).not.toBe(url);
    expect((await feedOf(url)).statusCode).toBe(404);
    expect((await feedOf(reset.json().url)).statusCode).toBe(200);
  });
});
