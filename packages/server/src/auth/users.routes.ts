import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '@lbo/model/errors';
import { refusedAs, noBody, queryBit } from '@lbo/model/schema/request-values';
import { refusing } from '@lbo/model/schema/refusals';
import type { Operations, Query } from '../entities/crud.operation.ts';
import { sendList, sendRecord } from '../entities/entity.routes.ts';
import { ifMatchOf } from '../http/conditional.ts';
import { typed } from '../http/schemas.ts';
import { kindRouteSchemas } from '../entities/kind-route-schemas.ts';
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

/** A password: a non-empty text (its strength is the operation's to judge). */
const passwordText = z
  .string({ error: refusedAs('INVALID_NON_EMPTY_STRING_FIELD') })
  .max(1024, { error: refusing('INVALID_FIELD_VALUE') });
const passwordBody = z.strictObject({
  password: passwordText.describe('the new password'),
  currentPassword: passwordText.optional().describe("the user's own current password; a manager resets without"),
  confirmPassword: passwordText.optional(),
  passwordConfirmation: passwordText.optional(),
});
const userParams = z.strictObject({ id: z.string().max(200).describe('the username') });

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
  const caller = (request: FastifyRequest): UserCaller => request.caller!;
  const gate = (request: FastifyRequest, doc: Doc) => gateUserFields(doc, caller(request).adminLevel);
  const username = ({ params }: { params: { id: string } }) => {
    if (!params.id.trim()) throw new ApiError('INVALID_FIELD_IN_PATH', ['username']);
    return normaliseUsername(params.id);
  };
  // Bodies and queries as for every kind (the User declaration's schemas); the operations then refuse
  // the fields the declaration does not know, as the generic writes do.
  const schemas = kindRouteSchemas(userEntity);
  const api = typed(app);
  const manage = { preValidation: preHandler, config: { permission: MANAGE_USERS } };
  const selfOr = (name: string) => ({ preValidation: preHandler, config: { permission: { name, orSelf: 'id' } } });

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

  // The answer is sent as JSON text already (sendList), which the documented answer's type does not say.
  app.get<{ Querystring: Query }>(
    base,
    { preValidation: preHandler, config, schema: schemas.list },
    async (request, reply) => {
      const { query } = request;
      assertQueryVisible(request, query);
      const result = await operations.list(caller(request), userEntity, query);
      return sendList(reply, {
        ...result,
        documents: result.documents.map((d) => JSON.stringify(gate(request, JSON.parse(d)))),
      });
    },
  );

  api.get(
    `${base}/:id`,
    {
      preValidation: preHandler,
      config: { ...config, permission: { name: 'read /api/core/users', orSelf: 'id' } },
      schema: { ...schemas.read, params: userParams },
    },
    async (request, reply) => {
      const { query } = request;
      assertQueryVisible(request, query);
      return sendRecord(
        reply,
        gate(request, await operations.get(caller(request), userEntity, username(request), query)),
      );
    },
  );

  const createQuery = z.strictObject({
    syncPerson: queryBit.optional().describe('1: the user gets a person (the one it names, or a new one)'),
  });
  api.post(base, { ...manage, schema: { ...schemas.create, querystring: createQuery } }, async (request, reply) => {
    const { syncPerson } = request.query;
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
    api.route({
      method,
      url: `${base}/:id`,
      ...selfOr(MANAGE_USERS),
      schema: { ...(mode === 'replace' ? schemas.replace : schemas.merge), params: userParams },
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
  api.delete(`${base}/:id`, { ...manage, schema: { ...schemas.remove, params: userParams } }, async (request) =>
    gate(request, await users.remove(caller(request), username(request), ifMatchOf(request))),
  );

  /** `{password}` by a manager of the user (reset), or `{currentPassword, password}` by the user. */
  const tags = [userEntity.name];
  api.put(
    `${base}/:id/password`,
    {
      ...selfOr(MANAGE_USERS),
      schema: { tags, summary: "Sets a user's password", params: userParams, body: passwordBody },
    },
    async (request) => users.setPassword(caller(request), username(request), request.body, originOf(request)),
  );
  api.post(
    `${base}/:id/unlock`,
    { ...manage, schema: { tags, summary: 'Unlocks a user', params: userParams, body: noBody } },
    async (request) => gate(request, await users.unlock(caller(request), username(request), originOf(request))),
  );
  api.delete(
    `${base}/:id/totp`,
    { ...manage, schema: { tags, summary: "Resets a user's second factor", params: userParams } },
    async (request) => gate(request, await users.resetTotp(caller(request), username(request), originOf(request))),
  );

  await app.register(userPreferenceRoutes, { db, preHandler });
  await app.register(userPhotoRoutes, { db, store, preHandler });
}
