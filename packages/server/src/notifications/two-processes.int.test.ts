import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../product.ts';
import { serverProcesses, signInAt } from '../testing/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { LISTENER_NAME } from './hub.ts';
import { openStream } from './stream-reader.ts';

/**
 * Two API processes on one PostgreSQL: a notification written by one (a background export's
 * batch ending, run by the only worker) reaches a stream opened on the other within a second,
 * never another user's or another tenant's stream; after the listening connections are
 * terminated, the stream stays open and gets the later notifications.
 */
const onPostgres = !!process.env.DATABASE_URL;
const password = 'Two-Procs-42';
const servers = serverProcesses();
let database: TestDatabase;
const base = 43000 + Math.floor(Math.random() * 1000);
const ports = [base, base + 1];
const auth: Record<string, string> = {};

const at = (port: number, who: string, url: string, init: RequestInit = {}) =>
  fetch(`http://127.0.0.1:${port}${url}`, {
    ...init,
    headers: { authorization: auth[who], 'content-type': 'application/json' },
  });

describe.runIf(onPostgres)('notifications across two processes on one PostgreSQL', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    await createTenant(database.database.db, 'shared', { username: 'admin@shared', password });
    await createTenant(database.database.db, 'other', { username: 'admin@other', password });
    const env = {
      DATABASE_URL: database.config.databaseUrl,
      ADMIN_PASSWORD: password,
      EXPORT_BACKGROUND_ROWS: '1',
      JOB_POLLING_SECONDS: '0.5',
    };
    // The first does the background work; the second only serves.
    await servers.start(ports[0], env);
    await servers.start(ports[1], { ...env, JOB_WORKER: '0' });
    auth.admin = await signInAt(ports[0], 'admin@shared', password);
    auth.other = await signInAt(ports[1], 'admin@other', password);
    const created = await at(ports[0], 'admin', '/api/core/users', {
      method: 'POST',
      body: JSON.stringify({ username: 'clerk@shared', lastName: 'Clerk', password: 'Blue-Harbour-Lantern-7' }),
    });
    expect(created.status).toBe(201);
    auth.clerk = await signInAt(ports[1], 'clerk@shared', 'Blue-Harbour-Lantern-7');
    for (const shortKey of ['a', 'b'])
      expect(
        (await at(ports[0], 'admin', '/api/core/key-values', { method: 'POST', body: JSON.stringify({ shortKey }) }))
          .status,
      ).toBe(201);
  }, 300_000);
  afterAll(async () => {
    await servers.stopAll();
    await database?.dispose();
  });

  /** A background export on the first process: its batch's end notifies the admin. */
  const exportInBackground = async () => {
    const res = await at(ports[0], 'admin', '/api/core/key-values/export?format=csv');
    expect(res.status).toBe(202);
    return (await res.json()) as { batchRegistration: string };
  };

  const streamUrl = `http://127.0.0.1:${ports[1]}/api/notification/stream`;

  it('reaches the stream on the other process within a second, and no one else', async () => {
    const admin = await openStream(streamUrl, auth.admin);
    const clerk = await openStream(streamUrl, auth.clerk);
    const other = await openStream(streamUrl, auth.other);
    for (const s of [admin, clerk, other]) await s.next((e) => e.event === 'ready');
    const { batchRegistration } = await exportInBackground();
    const got = await admin.next((e) => e.event === 'notification', 30_000);
    const n = got.data.notification as Record<string, string>;
    expect(n).toMatchObject({ type: 'BATCH_FINISHED', link: `/batch/${batchRegistration}`, recipient: 'admin@shared' });
    // From the commit of the notification (its insert, a moment before) to the other process's stream.
    expect(got.at - Date.parse(n._insertDate)).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 500));
    expect(clerk.events.filter((e) => e.event === 'notification')).toEqual([]);
    expect(other.events.filter((e) => e.event === 'notification')).toEqual([]);
    for (const s of [admin, clerk, other]) s.close();
  }, 60_000);

  it('keeps the stream through a terminated listening connection and gets the later ones', async () => {
    const admin = await openStream(streamUrl, auth.admin);
    await admin.next((e) => e.event === 'ready');
    const owner = new pg.Client({ connectionString: database.config.databaseUrl });
    await owner.connect();
    const { rows } = await owner.query(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [LISTENER_NAME],
    );
    await owner.end();
    expect(rows.length).toBe(2);
    // The listener is back within its second of retry; the stream says so with the count.
    await admin.next((e) => e.event === 'resync', 10_000);
    const { batchRegistration } = await exportInBackground();
    const got = await admin.next(
      (e) =>
        e.event === 'notification' && (e.data.notification as { link: string }).link === `/batch/${batchRegistration}`,
      30_000,
    );
    expect(got.data.unread).toBe(2);
    admin.close();
  }, 60_000);
});
