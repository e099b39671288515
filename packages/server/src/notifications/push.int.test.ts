import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createUser, type SignedInUser } from '../testing/users.ts';
import { notify, type NotificationType } from './notifications.module.ts';

/**
 * Web push against a local HTTP server that answers as a push service does: a notification whose
 * recipient wants it pushed reaches each of their subscriptions once, signed with the
 * installation's VAPID key and encrypted (aes128gcm) for the subscription, which decrypts it; a
 * subscription answered 410 is dropped.
 */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
let t: TestApp;
let clerk: SignedInUser;
let pushService: http.Server;
let origin: string;
const received: Received[] = [];

beforeAll(async () => {
  pushService = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.startsWith('/gone') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  t = await createTestApp();
  clerk = await createUser(t.app, t.alpha.headers, { username: 'clerk@alpha', lastName: 'Clerk' });
}, 180_000);
afterAll(async () => {
  await t?.close();
  pushService?.close();
});

const b64url = (b: Buffer) => b.toString('base64url');

/** A browser's subscription: its P-256 key pair and auth secret, as a PushSubscription. */
function browserSubscription(path: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      endpoint: `${origin}${path}`,
      expirationTime: null,
      keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
    },
  };
}

/** RFC 8291 / 8188: the payload as the subscription's browser decrypts it. */
function decrypt(body: Buffer, ecdh: crypto.ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const serverKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then padding zeros.
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}

const send = (type: NotificationType, title: string) =>
  inTenant(t.db.database.db, { tenant: 'alpha', user: 'admin@alpha' }, (tx) =>
    notify(
      tx,
      { tenant: 'alpha', username: 'admin@alpha' },
      { to: { usernames: ['clerk@alpha'] }, type, title, body: 'Look at this', link: '/contract/CT000001' },
    ),
  );

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function receivedAtLeast(n: number) {
  for (let i = 0; i < 100 && received.length < n; i++) await sleep(100);
  await sleep(300);
  return received;
}

describe('web push', () => {
  it('gives the public key and remembers a subscription once', async () => {
    const configuration = await t.call('GET', '/api/notification/client-configuration', clerk.headers);
    expect(configuration.statusCode).toBe(200);
    expect(configuration.json()).toEqual({
      publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{80,}$/),
      pushSubscribed: false,
    });
    // The same key for every user and on every call: made once per installation.
    expect((await t.call('GET', '/api/notification/client-configuration', t.beta.headers)).json().publicKey).toBe(
      configuration.json().publicKey,
    );
    const refused = await t.call('POST', '/api/notification/subscribe', clerk.headers, { token: '{"endpoint":"x"}' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^400\|INVALID_FIELD_VALUE\|.*token/);
    expect((await t.call('POST', '/api/notification/subscribe', clerk.headers, { nope: 1 })).statusCode).toBe(400);
  });

  it('sends an encrypted, VAPID-signed push to each subscription, drops the one gone, and respects the preference', async () => {
    const ok = browserSubscription('/push/ok');
    const gone = browserSubscription('/gone/1');
    const first = await t.call('POST', '/api/notification/subscribe', clerk.headers, {
      token: JSON.stringify(ok.json),
    });
    expect(first.statusCode).toBe(201);
    expect((await t.call('POST', '/api/notification/subscribe', clerk.headers, { token: ok.json })).statusCode).toBe(
      200,
    );
    expect((await t.call('POST', '/api/notification/subscribe', clerk.headers, { token: gone.json })).statusCode).toBe(
      201,
    );
    const { publicKey, pushSubscribed } = (
      await t.call('GET', '/api/notification/client-configuration', clerk.headers)
    ).json();
    expect(pushSubscribed).toBe(true);

    await send('MENTION', 'You were mentioned');
    const [a, b] = await receivedAtLeast(2);
    expect(received).toHaveLength(2);
    const toOk = [a, b].find((r) => r.path === '/push/ok')!;
    expect(toOk.headers['content-encoding']).toBe('aes128gcm');
    expect(toOk.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    expect(Number(toOk.headers.ttl)).toBeGreaterThan(0);
    expect(JSON.parse(decrypt(toOk.body, ok.ecdh, ok.auth))).toMatchObject({
      title: 'You were mentioned',
      body: 'Look at this',
      link: '/contract/CT000001',
      tag: expect.stringMatching(/^NTF/),
    });

    // The gone subscription was dropped: the next push goes to the other only.
    await send('TASK_ASSIGNED', 'A task for you');
    await receivedAtLeast(3);
    expect(received.map((r) => r.path)).toEqual(expect.arrayContaining(['/push/ok', '/gone/1']));
    expect(received.slice(2).map((r) => r.path)).toEqual(['/push/ok']);

    // Push turned off for mentions: not pushed, still in the inbox.
    const put = await t.call('PUT', '/api/notification/preferences', clerk.headers, { MENTION: { push: false } });
    expect(put.json().preferences.MENTION.push).toBe(false);
    await send('MENTION', 'Not pushed');
    await sleep(1500);
    expect(received).toHaveLength(3);
    const inbox = (await t.call('GET', '/api/notification/notifications', clerk.headers)).json();
    expect(inbox[0]).toMatchObject({ title: 'Not pushed' });
    expect(inbox[0]).not.toHaveProperty('pushPending', true);
  });
});
