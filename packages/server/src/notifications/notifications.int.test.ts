import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';
import { inTenant } from '../db/database.ts';
import { notify, type NewNotification } from './notifications.module.ts';

/** The inbox routes: a user reads and marks their own notifications only, in their own tenant. */
let t: TestApp;
let clerk: SignedInUser;
let auditor: SignedInUser;
let quiet: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  clerk = await createUser(t.app, t.alpha.headers, { username: 'clerk@alpha', lastName: 'Clerk', profiles: ['SALES'] });
  auditor = await createUser(t.app, t.alpha.headers, {
    username: 'auditor@alpha',
    lastName: 'Auditor',
    profiles: ['AUDITOR', 'SALES'],
  });
  quiet = await createUser(t.app, t.alpha.headers, {
    username: 'quiet@alpha',
    lastName: 'Quiet',
    profiles: ['SALES'],
    isNotificationsDisabled: true,
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const send = (tenant: string, author: string, n: Partial<NewNotification> & Pick<NewNotification, 'to'>) =>
  inTenant(t.db.database.db, { tenant, user: author }, (tx) =>
    notify(tx, { tenant, username: author }, { type: 'MENTION', title: 'A mention', ...n }),
  );

const get = (url: string, headers: Record<string, string>) => t.call('GET', url, headers);
const list = async (headers: Record<string, string>, query = '') =>
  (await get(`/api/notification/notifications${query}`, headers)).json() as Record<string, unknown>[];
const unread = async (headers: Record<string, string>) =>
  ((await get('/api/notification/notifications/unread-count', headers)).json() as { unread: number }).unread;

describe('the inbox', () => {
  it('answers each user their own notifications only, the latest first, with the unread count', async () => {
    await send('alpha', 'admin@alpha', {
      to: { usernames: ['clerk@alpha'] },
      title: 'First',
      link: '/contract/CT000001',
      about: { entity: 'Contract', registration: 'CT000001' },
    });
    await send('alpha', 'admin@alpha', { to: { usernames: ['clerk@alpha', 'auditor@alpha'] }, title: 'Second' });
    await send('beta', 'robot@beta', { to: { usernames: ['admin@beta'] }, title: 'Of beta' });
    const mine = await list(clerk.headers);
    expect(mine.map((n) => n.title)).toEqual(['Second', 'First']);
    expect(mine[1]).toMatchObject({
      recipient: 'clerk@alpha',
      type: 'MENTION',
      link: '/contract/CT000001',
      about: { entity: 'Contract', registration: 'CT000001' },
      author: 'admin@alpha',
    });
    expect(mine[1]).not.toHaveProperty('readDate');
    expect(await unread(clerk.headers)).toBe(2);
    expect((await list(auditor.headers)).map((n) => n.title)).toEqual(['Second']);
    // The admin of alpha is the author: none for them; beta's are beta's.
    expect(await list(t.alpha.headers)).toEqual([]);
    expect((await list(t.beta.headers)).map((n) => n.title)).toEqual(['Of beta']);
    const res = await get('/api/notification/notifications?limit=1', clerk.headers);
    expect(res.headers['pagination-size']).toBe('2');
    expect(res.headers['pagination-continues']).toBe('true');
    expect(res.headers['notification-unread']).toBe('2');
    // The list grammar's range, and a type.
    const ranged = await get('/api/notification/notifications?range=[1-5]', clerk.headers);
    expect(ranged.headers['pagination-limit']).toBe('5');
    expect(ranged.json().map((n: { title: string }) => n.title)).toEqual(['First']);
    expect((await list(clerk.headers, '?type=BATCH_FAILED')).length).toBe(0);
    expect((await list(clerk.headers, '?type=MENTION')).length).toBe(2);
    expect((await get('/api/notification/notifications', {})).statusCode).toBe(401);
  });

  it("answers another user's or another tenant's notification as not found, even to an admin", async () => {
    const [first] = await list(clerk.headers);
    const [ofBeta] = await list(t.beta.headers);
    for (const id of [first.registration, first._id]) {
      expect((await get(`/api/notification/notifications/${id}`, clerk.headers)).json()).toMatchObject({
        title: 'Second',
      });
      const other = await get(`/api/notification/notifications/${id}`, t.alpha.headers);
      expect(other.statusCode).toBe(404);
      expect(other.json().error).toMatch(/^404\|ENTITY_REGISTRATION_NOT_FOUND\|/);
      expect((await t.call('POST', `/api/notification/notifications/${id}/read`, t.alpha.headers)).statusCode).toBe(
        404,
      );
    }
    expect((await get(`/api/notification/notifications/${ofBeta._id}`, t.alpha.headers)).statusCode).toBe(404);
    // The generic routes do not serve the kind at all.
    expect((await get('/api/notification/notifications/x/../../notifications', t.alpha.headers)).statusCode).not.toBe(
      500,
    );
    const filtered = await get('/api/notification/notifications?recipient=clerk@alpha', t.alpha.headers);
    expect(filtered.statusCode).toBe(400);
    expect(filtered.json().code).toBe('INVALID_FIELD_IN_QUERY');
  });

  it('marks one read or unread, then all read', async () => {
    const [second, first] = await list(clerk.headers);
    const marked = await t.call('POST', `/api/notification/notifications/${first.registration}/read`, clerk.headers);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().readDate).toEqual(expect.any(String));
    expect(await unread(clerk.headers)).toBe(1);
    expect((await list(clerk.headers, '?unread=true')).map((n) => n.title)).toEqual(['Second']);
    // Marking again keeps the first date.
    const again = await t.call('POST', `/api/notification/notifications/${first.registration}/read`, clerk.headers);
    expect(again.json().readDate).toBe(marked.json().readDate);
    const unmarked = await t.call(
      'POST',
      `/api/notification/notifications/${first.registration}/unread`,
      clerk.headers,
    );
    expect(unmarked.json().readDate ?? null).toBeNull();
    expect(await unread(clerk.headers)).toBe(2);
    const all = await t.call('POST', '/api/notification/notifications/read', clerk.headers);
    expect(all.json()).toEqual({ marked: 2 });
    expect(await unread(clerk.headers)).toBe(0);
    // The auditor's copy of the second is still unread.
    expect(await unread(auditor.headers)).toBe(1);
    expect(second.title).toBe('Second');
    const write = await t.call('POST', `/api/notification/notifications/${first.registration}/read`, clerk.headers, {
      readDate: '2020-01-01',
    });
    expect(write.statusCode).toBe(400);
  });

  it('writes one notification per key and user, expands profiles, leaves out disabled users and the author', async () => {
    const n = { to: { profiles: ['SALES'], usernames: ['admin@alpha'] }, title: 'Keyed', key: 'approval:CT1' };
    await send('alpha', 'auditor@alpha', n);
    await send('alpha', 'auditor@alpha', n);
    await send('alpha', 'auditor@alpha', { ...n, title: 'Keyed again' });
    const recipients = await inTenant(t.db.database.db, { tenant: 'alpha', user: 'test' }, async (tx) =>
      (
        await sql<{
          recipient: string;
        }>`SELECT data->>'recipient' AS recipient FROM notification WHERE data->>'key' = 'approval:CT1' ORDER BY 1`.execute(
          tx,
        )
      ).rows.map((r) => r.recipient),
    );
    // clerk has SALES, admin is named, the auditor wrote it, quiet disabled notifications.
    expect(recipients).toEqual(['admin@alpha', 'clerk@alpha']);
    expect((await list(quiet.headers)).length).toBe(0);
    // Another tenant's same key is its own.
    await send('beta', 'nobody@beta', { ...n, to: { usernames: ['admin@beta'] } });
    expect((await list(t.beta.headers)).map((x) => x.title)).toEqual(['Keyed', 'Of beta']);
  });
});

describe('e-mail', () => {
  const mails = (to: string) =>
    inTenant(
      t.db.database.db,
      { tenant: 'alpha', user: 'test' },
      async (tx) =>
        (
          await sql<{
            subject: string;
            template: string;
          }>`SELECT data->>'subject' AS subject, data->>'template' AS template
          FROM communication WHERE data->>'to' = ${to} ORDER BY _insert_date`.execute(tx)
        ).rows,
    );

  it('queues a mail as the recipient chose: by default for a mention, not for a finished batch, never when turned off', async () => {
    await createUser(t.app, t.alpha.headers, {
      username: 'mailed@alpha',
      lastName: 'Mailed',
      email: 'mailed@alpha.example',
    });
    await send('alpha', 'admin@alpha', { to: { usernames: ['mailed@alpha'] }, title: 'Look', body: 'at this' });
    await send('alpha', 'admin@alpha', { to: { usernames: ['mailed@alpha'] }, type: 'BATCH_FINISHED', title: 'Done' });
    expect(await mails('mailed@alpha.example')).toEqual([
      { subject: 'admin@alpha mentioned you', template: 'mention' },
    ]);
    const signedIn = await t.call(
      'POST',
      '/api/core/auth/login',
      {},
      { username: 'mailed@alpha', password: 'Blue-Harbour-Lantern-7' },
    );
    const headers = { authorization: String(signedIn.headers.authorization) };
    await t.call('PUT', '/api/notification/preferences', headers, {
      MENTION: { email: false },
      BATCH_FINISHED: { email: true },
    });
    await send('alpha', 'admin@alpha', { to: { usernames: ['mailed@alpha'] }, title: 'Again' });
    await send('alpha', 'admin@alpha', {
      to: { usernames: ['mailed@alpha'] },
      type: 'BATCH_FINISHED',
      title: 'Done again',
    });
    expect((await mails('mailed@alpha.example')).map((m) => m.subject)).toEqual([
      'admin@alpha mentioned you',
      'Done again',
    ]);
  });
});

describe('preferences', () => {
  it('answers the defaults, records changes, and refuses what is not a choice', async () => {
    const res = await get('/api/notification/preferences', clerk.headers);
    expect(res.statusCode).toBe(200);
    const { preferences, pushSubscribed } = res.json();
    expect(pushSubscribed).toBe(false);
    expect(preferences.TASK_ASSIGNED).toEqual({ inApp: true, email: true, push: false });
    expect(preferences.BATCH_FINISHED).toEqual({ inApp: true, email: false, push: false });
    expect(preferences.BATCH_FAILED.email).toBe(true);
    const put = await t.call('PUT', '/api/notification/preferences', clerk.headers, {
      MENTION: { email: false },
      BATCH_FINISHED: { email: true, push: false },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().preferences.MENTION).toEqual({ inApp: true, email: false, push: false });
    expect(put.json().preferences.BATCH_FINISHED.email).toBe(true);
    // Another user's stay the defaults.
    expect((await get('/api/notification/preferences', auditor.headers)).json().preferences.MENTION.email).toBe(true);
    for (const body of [{ MENTION: { inApp: false } }, { NOPE: { email: true } }, { MENTION: { email: 'yes' } }]) {
      const refused = await t.call('PUT', '/api/notification/preferences', clerk.headers, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatch(/^400\|[A-Z_]+\|/);
    }
  });
});
