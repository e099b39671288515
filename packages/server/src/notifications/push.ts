import webpush from 'web-push';
import { sql } from 'kysely';
import { notification as notificationKind } from '@lbo/model/entities/notification/notification.entity';
import { inTenant, type Db, type Tx } from '../db/database.ts';
import { readConfiguration, writeConfiguration } from '../db/configuration.ts';
import { updateIn } from '../entities/crud.operation.ts';
import * as storage from '../entities/storage.ts';
import type { Doc, Row } from '../entities/storage.ts';

/**
 * Web push (docs/notifications.md, "Push"). The installation's VAPID keys are made once, by the
 * first server that needs them, and kept in the master tenant's configuration
 * (`VAPID_CONFIGURATION`). A user's browsers' subscriptions (PushSubscription JSON) are kept in
 * their tenant's configuration, one entry per user (`subscriptionsName`), out of any generic
 * route. A notification to push is marked `pushPending` when written; once its transaction
 * committed, the first server to claim it (an UPDATE only one can win) sends it to every
 * subscription of its recipient through the web-push library (VAPID, aes128gcm), and drops a
 * subscription the push service answers 404 or 410.
 */
export const VAPID_CONFIGURATION = 'notification-vapid';
const MASTER = 'master';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

const vapidCache = new WeakMap<Db, Promise<VapidKeys>>();

/** The installation's VAPID keys, made and stored by the first call on a fresh installation. */
export function vapidKeys(db: Db): Promise<VapidKeys> {
  let keys = vapidCache.get(db);
  if (!keys) {
    keys = inTenant(db, { tenant: MASTER, user: 'system' }, async (tx) => {
      const stored = await readConfiguration<VapidKeys>(tx, MASTER, VAPID_CONFIGURATION);
      if (stored?.publicKey && stored.privateKey) return stored;
      const made = webpush.generateVAPIDKeys();
      // Two servers making keys at once: the first stored wins, the other reads it.
      await sql`INSERT INTO tenant_configuration (tenant, name, value, updated_by)
        VALUES (${MASTER}, ${VAPID_CONFIGURATION}, ${JSON.stringify(made)}::jsonb, 'system')
        ON CONFLICT (tenant, name) DO NOTHING`.execute(tx);
      return (await readConfiguration<VapidKeys>(tx, MASTER, VAPID_CONFIGURATION)) ?? made;
    });
    keys.catch(() => vapidCache.delete(db));
    vapidCache.set(db, keys);
  }
  return keys;
}

const subscriptionsName = (username: string) => `notification-push:${username}`;

export async function subscriptionsOf(tx: Tx, tenant: string, username: string): Promise<PushSubscriptionJson[]> {
  const stored = await readConfiguration<{ subscriptions?: PushSubscriptionJson[] }>(
    tx,
    tenant,
    subscriptionsName(username),
  );
  return stored?.subscriptions ?? [];
}

/** Remembers a browser's subscription for the user, once (by its endpoint; a renewed one replaces the old). */
export async function subscribe(tx: Tx, tenant: string, username: string, subscription: PushSubscriptionJson) {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`notification-push:${tenant}:${username}`}, 0))`.execute(
    tx,
  );
  const known = await subscriptionsOf(tx, tenant, username);
  const subscriptions = [...known.filter((s) => s.endpoint !== subscription.endpoint), subscription];
  await writeConfiguration(tx, tenant, subscriptionsName(username), { subscriptions }, username);
  return { subscribed: true, created: !known.some((s) => s.endpoint === subscription.endpoint) };
}

async function drop(tx: Tx, tenant: string, username: string, endpoints: string[]) {
  const known = await subscriptionsOf(tx, tenant, username);
  const subscriptions = known.filter((s) => !endpoints.includes(s.endpoint));
  await writeConfiguration(tx, tenant, subscriptionsName(username), { subscriptions }, 'system');
}

/** The VAPID subject: who runs this installation (a push service may write to them). */
const subject = () => process.env.PUSH_SUBJECT || 'mailto:notifications@lbo.example';

/** What the service worker shows (packages/web/src/offline/sw.ts, built to /sw.js). */
export interface PushPayload {
  title: string;
  body?: string;
  link?: string;
  tag: string;
}

/** Sends `payload` to one subscription; answers the push service's status. */
export async function sendPush(keys: VapidKeys, subscription: PushSubscriptionJson, payload: PushPayload) {
  const request = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
    vapidDetails: { subject: subject(), publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: 24 * 3600,
    contentEncoding: 'aes128gcm',
  });
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ? new Uint8Array(request.body as Buffer) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}

/**
 * Claims the committed notification `id` if it waits for push (only one server wins), and sends
 * it to its recipient's subscriptions. Answers how many were sent.
 */
export async function pushAnnounced(db: Db, a: { tenant: string; recipient: string; id: string }): Promise<number> {
  const claimed = await inTenant(db, { tenant: a.tenant, user: 'system' }, async (tx) => {
    const { rows } = await sql<Row>`
      SELECT * FROM notification WHERE _id = ${a.id}::uuid AND data->>'pushPending' = 'true'
      FOR UPDATE SKIP LOCKED`.execute(tx);
    const row = rows[0];
    if (!row) return undefined;
    const caller = { tenant: a.tenant, username: 'system' };
    await updateIn(tx, caller, notificationKind, row as never, { pushPending: null } as never, {
      mode: 'merge',
      historyAs: 'none',
    });
    return {
      doc: storage.toDocument(row) as Doc,
      subscriptions: await subscriptionsOf(tx, a.tenant, String((row.data as Doc).recipient)),
    };
  });
  if (!claimed?.subscriptions.length) return 0;
  const keys = await vapidKeys(db);
  const { doc } = claimed;
  const payload: PushPayload = {
    title: String(doc.title ?? ''),
    ...(doc.body ? { body: String(doc.body).slice(0, 200) } : {}),
    ...(doc.link ? { link: String(doc.link) } : {}),
    tag: String(doc.registration),
  };
  const gone: string[] = [];
  let sent = 0;
  for (const subscription of claimed.subscriptions) {
    try {
      const status = await sendPush(keys, subscription, payload);
      if (status === 404 || status === 410) gone.push(subscription.endpoint);
      else if (status >= 200 && status < 300) sent++;
    } catch {
      // An unreachable push service: this notification is not pushed to it; the subscription stays.
    }
  }
  if (gone.length)
    await inTenant(db, { tenant: a.tenant, user: 'system' }, (tx) => drop(tx, a.tenant, String(doc.recipient), gone));
  return sent;
}
