/**
 * The inbox of the signed-in user and its live stream, their notification preferences and web
 * push (docs/notifications.md). Every route reads and writes the caller's own notifications only,
 * whatever their permissions: any signed-in user may call them.
 *   GET  /api/notification/notifications?unread=true&offset=&limit=   the latest first (pagination headers)
 *   GET  /api/notification/notifications/unread-count                  { unread }
 *   GET  /api/notification/notifications/{id}                          one of the caller's (404 otherwise)
 *   POST /api/notification/notifications/{id}/read | /unread           marks it
 *   POST /api/notification/notifications/read                          marks them all read → { marked }
 *   GET  /api/notification/stream                                      Server-Sent Events: ready, notification, resync
 *   GET  /api/notification/preferences                                 { preferences, pushSubscribed }
 *   PUT  /api/notification/preferences { TYPE: { email?, push? } }     the caller's choices changed
 *   GET  /api/notification/client-configuration                        { publicKey } (VAPID), { pushSubscribed }
 *   POST /api/notification/subscribe { token }                         a browser's PushSubscription remembered
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { idParams, noBody } from '@lbo/model/schema/request-values';
import { refusing } from '@lbo/model/schema/refusals';
import { inTenant, readInTenant, scopeOf, type Db } from '../db/database.ts';
import { typed } from '../http/schemas.ts';
import type { Hub, StreamEvent } from './hub.ts';
import { listInbox, markAllOwn, markOwn, readOwn, unreadOf } from './inbox.operation.ts';
import { notificationTypes } from './notification-types.ts';
import { effective, savePreferences, storedPreferences } from './preferences.ts';
import { subscribe, subscriptionsOf, vapidKeys, type PushSubscriptionJson } from './push.ts';

export interface NotificationRouteOptions {
  db: Db;
  hub: Hub;
  preHandler: (request: FastifyRequest) => Promise<void>;
  /** Milliseconds between the stream's keep-alive comments. */
  keepAliveMs?: number;
}

const tags = ['Notification'];
const own = { permission: null };

const flag = (name: string) =>
  z
    .boolean({ error: refusing('INVALID_BOOLEAN_FIELD') })
    .optional()
    .describe(`${name}`);
const choice = z.strictObject({
  email: flag('by e-mail'),
  push: flag('pushed to the browsers'),
  inApp: z.literal(true).optional(),
});
const preferencesBody = z.strictObject(
  Object.fromEntries(notificationTypes.map((type) => [type, choice.optional()])) as Record<
    (typeof notificationTypes)[number],
    z.ZodOptional<typeof choice>
  >,
);

const base64url = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+=*$/);
const subscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});

/** The PushSubscription of `POST /subscribe`: as JSON text or as the object. */
function subscriptionOf(token: unknown): PushSubscriptionJson {
  let value = token;
  if (typeof token === 'string') {
    try {
      value = JSON.parse(token);
    } catch {
      throw new ApiError('INVALID_FIELD_VALUE', ['(not JSON)', 'token']);
    }
  }
  const parsed = subscriptionSchema.safeParse(value);
  if (!parsed.success) throw new ApiError('INVALID_FIELD_VALUE', ['(not a PushSubscription)', 'token']);
  const { endpoint, expirationTime, keys } = parsed.data;
  return { endpoint, expirationTime: expirationTime ?? null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

export async function notificationRoutes(app: FastifyInstance, options: NotificationRouteOptions) {
  const { db, hub, preHandler } = options;
  const api = typed(app);
  const base = { preValidation: preHandler, config: own };

  api.get(
    '/api/notification/notifications',
    {
      ...base,
      schema: {
        tags,
        summary: "The caller's notifications, the latest first",
        querystring: z.strictObject({
          unread: z.enum(['true', 'false']).optional().describe('only the unread ones'),
          type: z.enum(notificationTypes).optional().describe('only those of this type'),
          offset: z.coerce.number().int().min(0).max(100_000).optional(),
          limit: z.coerce.number().int().min(1).max(250).optional().describe('20 by default'),
          range: z
            .string()
            .regex(/^\[?\d{1,6}-\d{1,6}\]?$/, { error: refusing('INVALID_FIELD_IN_QUERY', 'rows [start-end]') })
            .optional()
            .describe('rows [start-end] (the list grammar), instead of offset and limit'),
        }),
      },
    },
    async (request, reply) => {
      const [from, to] = (request.query.range ?? '').replace(/[[\]]/g, '').split('-').map(Number);
      const ranged = request.query.range !== undefined && to >= from;
      const offset = ranged ? from : (request.query.offset ?? 0);
      const limit = ranged ? Math.min(250, to - from + 1) : (request.query.limit ?? 20);
      const page = await listInbox(db, request.caller!, {
        unread: request.query.unread === 'true',
        type: request.query.type,
        offset,
        limit,
      });
      reply.header('pagination-offset', String(offset));
      reply.header('pagination-limit', String(limit));
      reply.header('pagination-size', String(page.size));
      reply.header('pagination-continues', String(offset + page.notifications.length < page.size));
      reply.header('notification-unread', String(page.unread));
      return page.notifications;
    },
  );

  api.get(
    '/api/notification/notifications/unread-count',
    { ...base, schema: { tags, summary: "The caller's unread notifications' count" } },
    async (request) => ({ unread: await unreadOf(db, request.caller!.tenant, request.caller!.username) }),
  );

  api.get(
    '/api/notification/notifications/:id',
    { ...base, schema: { tags, summary: 'One of the caller’s notifications', params: idParams } },
    async (request) => readOwn(db, request.caller!, request.params.id),
  );

  for (const [action, read] of [
    ['read', true],
    ['unread', false],
  ] as const)
    api.post(
      `/api/notification/notifications/:id/${action}`,
      {
        ...base,
        schema: { tags, summary: `Marks one of the caller's notifications ${action}`, params: idParams, body: noBody },
      },
      async (request) => markOwn(db, request.caller!, request.params.id, read),
    );

  api.post(
    '/api/notification/notifications/read',
    { ...base, schema: { tags, summary: "Marks all the caller's notifications read", body: noBody } },
    async (request) => ({ marked: await markAllOwn(db, request.caller!) }),
  );

  const preferencesOf = (tenant: string, username: string) =>
    readInTenant(db, { tenant, user: username }, async (tx) => {
      const pushSubscribed = (await subscriptionsOf(tx, tenant, username)).length > 0;
      return { preferences: effective(await storedPreferences(tx, username), pushSubscribed), pushSubscribed };
    });

  api.get(
    '/api/notification/preferences',
    { ...base, schema: { tags, summary: "The caller's notification preferences per type and channel" } },
    async (request) => preferencesOf(request.caller!.tenant, request.caller!.username),
  );

  api.put(
    '/api/notification/preferences',
    {
      ...base,
      schema: {
        tags,
        summary: "Changes the caller's preferences (in the app is always on)",
        body: preferencesBody,
      },
    },
    async (request) => {
      const caller = request.caller!;
      const changes = Object.fromEntries(
        Object.entries(request.body).map(([type, c]) => [
          type,
          Object.fromEntries(Object.entries(c ?? {}).filter(([channel]) => channel !== 'inApp')),
        ]),
      );
      await inTenant(db, scopeOf(caller), (tx) => savePreferences(tx, caller, changes));
      return preferencesOf(caller.tenant, caller.username);
    },
  );

  api.get(
    '/api/notification/client-configuration',
    { ...base, schema: { tags, summary: 'Push messaging: the public VAPID key to subscribe with' } },
    async (request) => {
      const { publicKey } = await vapidKeys(db);
      const { pushSubscribed } = await preferencesOf(request.caller!.tenant, request.caller!.username);
      return { publicKey, pushSubscribed };
    },
  );

  api.post(
    '/api/notification/subscribe',
    {
      ...base,
      schema: {
        tags,
        summary: "Remembers a browser's push subscription for the caller (once per endpoint)",
        body: z.strictObject({ token: z.unknown().describe('the PushSubscription, as JSON text or object') }),
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      if (request.body.token === undefined || request.body.token === null || request.body.token === '')
        throw new ApiError('MISSING_FIELD_IN_BODY', ['token']);
      const subscription = subscriptionOf(request.body.token);
      const outcome = await inTenant(db, scopeOf(caller), (tx) =>
        subscribe(tx, caller.tenant, caller.username, subscription),
      );
      return reply.status(outcome.created ? 201 : 200).send({ subscribed: true });
    },
  );

  /** Open streams, ended when the server closes (a stream never ends by itself). */
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  const keepAliveMs = options.keepAliveMs ?? 25_000;

  app.get(
    '/api/notification/stream',
    {
      ...base,
      schema: {
        tags,
        summary:
          "The caller's notifications as they come (Server-Sent Events: `ready` and `resync` with the unread count, `notification` with the record and the count); ends when the session's token expires",
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      // Subscribed before the count is read, so that a notification written meanwhile is both counted
      // and sent; what comes before the stream is open waits.
      let send: ((event: StreamEvent) => void) | undefined;
      const early: StreamEvent[] = [];
      const unsubscribe = hub.subscribe(caller.tenant, caller.username, (event: StreamEvent) =>
        send ? send(event) : early.push(event),
      );
      let unread: number;
      try {
        unread = await unreadOf(db, caller.tenant, caller.username);
      } catch (error) {
        unsubscribe();
        throw error;
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const write = (event: string, data: unknown) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      // A dropped stream is reopened by the client after a second (its own reconnection, with a fresh token).
      raw.write('retry: 1000\n\n');
      write('ready', { unread });
      send = (event) => {
        if (event.type === 'notification')
          write('notification', { notification: event.notification, unread: event.unread });
        else write('resync', { unread: event.unread });
      };
      for (const event of early.splice(0)) send(event);
      const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), keepAliveMs);
      const expiresInMs = Math.max(1000, caller.tokenExpiresAt * 1000 - Date.now());
      const expiry = setTimeout(() => end(), Math.min(expiresInMs, 2 ** 31 - 1));
      const end = () => {
        open.delete(end);
        clearInterval(keepAlive);
        clearTimeout(expiry);
        unsubscribe();
        if (!raw.writableEnded) raw.end();
      };
      open.add(end);
      raw.on('close', end);
    },
  );
}
