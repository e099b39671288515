import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';
import { notify } from './notifications.module.ts';
import { openStream } from './stream-reader.ts';

/**
 * The live stream in one process (the embedded database's in-process delivery, or PostgreSQL's
 * LISTEN when DATABASE_URL is set): a committed notification reaches its recipient's streams only;
 * a rolled-back one reaches no one.
 */
let t: TestApp;
let clerk: SignedInUser;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  clerk = await createUser(t.app, t.alpha.headers, { username: 'clerk@alpha', lastName: 'Clerk' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const write = (tenant: string, to: string, title: string, fail = false) =>
  inTenant(t.db.database.db, { tenant, user: 'robot' }, async (tx) => {
    await notify(tx, { tenant, username: 'robot' }, { to: { usernames: [to] }, type: 'MENTION', title });
    if (fail) throw new Error('rolled back');
  }).catch((e: Error) => {
    if (e.message !== 'rolled back') throw e;
  });

describe('the stream', () => {
  it("hands each user their own notifications as they commit, never another user's or tenant's", async () => {
    const url = `${base}/api/notification/stream`;
    const mine = await openStream(url, clerk.headers.authorization);
    const admin = await openStream(url, t.alpha.headers.authorization);
    const beta = await openStream(url, t.beta.headers.authorization);
    expect(mine.status).toBe(200);
    expect((await mine.next((e) => e.event === 'ready')).data).toEqual({ unread: 0 });
    await admin.next((e) => e.event === 'ready');
    await beta.next((e) => e.event === 'ready');
    await write('alpha', 'clerk@alpha', 'Never committed', true);
    const started = Date.now();
    await write('alpha', 'clerk@alpha', 'For the clerk');
    const got = await mine.next((e) => e.event === 'notification', 2000);
    expect(got.data).toMatchObject({ notification: { title: 'For the clerk', recipient: 'clerk@alpha' }, unread: 1 });
    expect(got.at - started).toBeLessThan(1000);
    await write('beta', 'admin@beta', 'For beta');
    expect((await beta.next((e) => e.event === 'notification')).data).toMatchObject({
      notification: { title: 'For beta' },
    });
    await write('alpha', 'admin@alpha', 'For the admin');
    await admin.next((e) => e.event === 'notification');
    await new Promise((r) => setTimeout(r, 300));
    // Each saw its own only; the rolled-back one reached no one.
    const titles = (s: typeof mine) =>
      s.events.filter((e) => e.event === 'notification').map((e) => (e.data.notification as { title: string }).title);
    expect(titles(mine)).toEqual(['For the clerk']);
    expect(titles(admin)).toEqual(['For the admin']);
    expect(titles(beta)).toEqual(['For beta']);
    for (const s of [mine, admin, beta]) s.close();
    expect((await fetch(url)).status).toBe(401);
  });
});
