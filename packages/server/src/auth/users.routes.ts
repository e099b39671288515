import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '@lbo/model/errors';
import type { Operations, Query } from '../entities/crud.operation.ts';
import { sendList, sendRecord } from '../entities/entity.routes.ts';
import { ifMatchOf } from '../http/conditional.ts';
import type { Doc } from '../entities/storage.ts';
import type { Db } from '../db/database.ts';
import type { SessionService } from './sessions.ts';
import { gateUserFields, gatedUserFields } from './permissions.ts';
import { originOf } from './access-log.ts';
import {
  createUserOperations,
  MANAGE_USERS,
  normaliseUsername,
  userEntity,
  type UserCaller,
} from './users.operation.ts';
import { userPreferenceRoutes } from './user-preferences.routes.ts';
import { userPhotoRoutes } from './user-photos.routes.ts';
import type { ObjectStore } from '../db/object-store.ts';

type PreHandler = (request: FastifyRequest) => Promise<void>;

/**
 * `/api/core/users`: the generic list and read (with column gating: can impersonate, is admin and
 * is super admin only for callers of that admin level, also refused as filters, sorts and
 * breakdowns), and the user operations for writes; plus password, unlock, second-factor reset,
 * preferences and photo. `GET /api/core/users/current` is with the user configuration.
 */
export async function usersRoutes(
  app: FastifyInstance,
  {
    db,
    operations,
    sessions,
    store,
    preHandler,
  }: { db: Db; operations: Operations; sessions: SessionService; store: ObjectStore; preHandler: PreHandler },
) {
  const users = createUserOperations(db, sessions);
  const base = `/api/${userEntity.route}`;
  const config = { entity: userEntity.name };
  const caller = (request: FastifyRequest) => request.caller as UserCaller;
  const gate = (request: FastifyRequest, doc: Doc) => gateUserFields(doc, caller(request).adminLevel);
  const username = (request: FastifyRequest) => {
    const value = (request.params as { id: string }).id;
    if (!value || value.length > 200) throw new ApiError('INVALID_FIELD_IN_PATH', ['username']);
    return normaliseUsername(value);
  };
  const manage = { preHandler, config: { permission: MANAGE_USERS } };
  const selfOr = (name: string) => ({ preHandler, config: { permission: { name, orSelf: 'id' } } });

  /** A gated field is unknown to callers who may not see it, in every part of a query. */
  function assertQueryVisible(request: FastifyRequest, query: Query) {
    const hidden = Object.entries(gatedUserFields)
      .filter(([, level]) => caller(request).adminLevel < level)
      .map(([f]) => f);
    const listed = (key: string) =>
      typeof query[key] === 'string'
        ? (query[key] as string).split(',').map((s) => s.trim().replace(/^-/, '').split('.')[0])
        : [];
    for (const field of hidden) {
      for (const key of ['sort', 'breakdown', 'projection']) {
        if (listed(key).includes(field)) throw new ApiError('INVALID_FIELD_IN_QUERY', [key, `unknown field ${field}`]);
      }
      if (query[field] !== undefined) throw new ApiError('INVALID_FIELD_IN_QUERY', [field, 'unknown filter']);
    }
  }

  app.get(base, { preHandler, config }, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Query;
    assertQueryVisible(request, query);
    const result = await operations.list(caller(request), userEntity, query);
    return sendList(reply, {
      ...result,
      documents: result.documents.map((d) => JSON.stringify(gate(request, JSON.parse(d)))),
    });
  });

  app.get(
    `${base}/:id`,
    { preHandler, config: { ...config, permission: { name: 'read /api/core/users', orSelf: 'id' } } },
    async (request, reply) => {
      const query = request.query as Query;
      assertQueryVisible(request, query);
      return sendRecord(
        reply,
        gate(request, await operations.get(caller(request), userEntity, username(request), query)),
      );
    },
  );

  app.post(base, manage, async (request, reply) => {
    const { syncPerson } = request.query as { syncPerson?: string };
    const doc = await users.create(caller(request), request.body, {
      syncPerson: syncPerson === '1' || syncPerson === 'true',
    });
    return reply.status(201).send(gate(request, doc));
  });

  // Self-service edits of one's own personal fields pass here; the operation checks the rest.
  for (const [method, mode] of [
    ['PUT', 'replace'],
    ['PATCH', 'merge'],
  ] as const) {
    app.route({
      method,
      url: `${base}/:id`,
      ...selfOr(MANAGE_USERS),
      handler: async (request, reply) =>
        sendRecord(
          reply,
          gate(
            request,
            await users.update(
              caller(request),
              username(request),
              request.body,
              mode,
              originOf(request),
              ifMatchOf(request),
            ),
          ),
        ),
    });
  }
  app.delete(`${base}/:id`, manage, async (request) =>
    gate(request, await users.remove(caller(request), username(request), ifMatchOf(request))),
  );

  /** `{password}` by a manager of the user (reset), or `{currentPassword, password}` by the user. */
  app.put(`${base}/:id/password`, selfOr(MANAGE_USERS), async (request) =>
    users.setPassword(caller(request), username(request), request.body, originOf(request)),
  );
  app.post(`${base}/:id/unlock`, manage, async (request) =>
    gate(request, await users.unlock(caller(request), username(request), originOf(request))),
  );
  app.delete(`${base}/:id/totp`, manage, async (request) =>
    gate(request, await users.resetTotp(caller(request), username(request), originOf(request))),
  );

  await app.register(userPreferenceRoutes, { db, preHandler });
  await app.register(userPhotoRoutes, { db, store, preHandler });
}
